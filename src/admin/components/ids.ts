/** How screens shorten ids, addresses and hashes (the whole value goes in a title, see Mono). */

/** The Mint Queue's transaction column shows this many characters of the hash. */
export const TX_HASH_SHOWN = 10;

export { ID_LENGTH, shortId } from '../../common/ids';

/** "0x1234…abcd": the head and tail of an address (the full one goes in a title). */
export function shortAddress(address: unknown): string {
  const text = String(address ?? '');
  return text.length > 12 ? `${text.slice(0, 6)}…${text.slice(-4)}` : text;
}

export const shortHash = (hash: unknown) => String(hash ?? '').slice(0, TX_HASH_SHOWN);

/** Relative explorer links ("/tx/0x…" on the dev chain) open inside the app; others are external. */
export const isInAppLink = (url: string) => url.startsWith('/') && !url.startsWith('//');
