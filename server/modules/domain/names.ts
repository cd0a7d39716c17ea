/**
 * DNS names as the domain module and the DNS worker thread read them; free of the module's other imports, so the
 * worker (dns/listener.ts) loads little.
 */
import { TXT_STRING_BYTES } from '../../../src/common/domain.js';

/** Lower case, without the trailing dot of a fully qualified name. */
export const normalizeName = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');

/** The managed zone `name` is in (the longest one that ends it), or null. */
export function zoneOf(name: string, zones: readonly string[]): string | null {
  let best: string | null = null;
  for (const zone of zones) {
    if ((name === zone || name.endsWith(`.${zone}`)) && (!best || zone.length > best.length)) best = zone;
  }
  return best;
}

/** A TXT value cut into character strings of at most 255 bytes, never inside a character. */
export function txtStrings(value: string): string[] {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of value) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > TXT_STRING_BYTES) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out;
}
