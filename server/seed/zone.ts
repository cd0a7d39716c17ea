import { normalizeName, zoneOf } from '../modules/domain/names.js';
import { str, type Rec } from './records.js';

/**
 * A seed file's DNS zone, put on the zone this server manages (as chain.ts puts its tokens on the running chain): when
 * no record is in the running zones, every one lies in one zone of the file (its shortest name, say rwa.test) and the server
 * manages one zone, the file's names, and the names in its values and logs, are rewritten into the running zone. The
 * load says so in one line. Anything else is left for the records' checks to refuse.
 */
export function mapOntoZone(collections: Record<string, unknown[]>, zones: readonly string[]): string | null {
  const records = (collections.dnsRecords ?? []).filter((r): r is Rec => !!r && typeof r === 'object');
  const names = records.map((r) => normalizeName(str(r.domain) ?? '')).filter(Boolean);
  const outside = names.filter((name) => !zoneOf(name, zones));
  // Only a file wholly of another zone: a stray name beside the running zone's is the records' checks' to refuse.
  if (!outside.length || outside.length < names.length || zones.length !== 1) return null;
  const fileZone = outside.reduce((a, b) => (b.length < a.length ? b : a));
  if (!fileZone.includes('.') || !outside.every((name) => name === fileZone || name.endsWith(`.${fileZone}`)))
    return null;
  const running = zones[0]!;
  // The zone as a whole name (or a name's end) inside any text: "shop.rwa.test", "10 mail.rwa.test", "dmarc@rwa.test".
  const inText = new RegExp(`(^|[^a-z0-9.-])((?:[a-z0-9-]+\\.)*)${fileZone.replace(/\./g, '\\.')}(?![a-z0-9-])`, 'gi');
  const move = (v: unknown): unknown => {
    if (typeof v === 'string')
      return v.replace(inText, (_, before: string, labels: string) => `${before}${labels}${running}`);
    if (Array.isArray(v)) return v.map(move);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, move(x)]));
    return v;
  };
  for (const name of ['dnsRecords', 'dnsQueryLogs', 'dnsScriptLogs'] as const) {
    if (!collections[name]) continue;
    collections[name] = collections[name].map((r) => {
      if (!r || typeof r !== 'object' || Array.isArray(r)) return r;
      const fields = Object.entries(r).map(([k, v]) => [
        k,
        ['domain', 'value', 'result', 'error', 'output', 'parameters'].includes(k) ? move(v) : v,
      ]);
      return Object.fromEntries(fields);
    });
  }
  return `DNS records of zone ${fileZone} are loaded into the running zone ${running} (DNS_ZONES).`;
}
