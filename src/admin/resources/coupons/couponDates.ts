/**
 * The date inputs hold "YYYY-MM-DD" UTC days (the days the server names in its sentences); the API answers ISO instants.
 * An end date goes out as the last instant of its day, so a coupon works through the day the screens show.
 */
export const utcDay = (value: string | null | undefined) => (value ? value.slice(0, 10) : null);

export const endOfUtcDay = (day: string | null | undefined) => (day ? `${day}T23:59:59.999Z` : null);
