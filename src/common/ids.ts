/** How every screen, the admin's and the shop's, shortens a record's id: its first 12 characters (the whole id goes in a title). */
export const ID_LENGTH = 12;

export const shortId = (id: unknown) => String(id ?? '').slice(0, ID_LENGTH);
