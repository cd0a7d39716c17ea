/**
 * Zone cuts: an NS record below a zone's apex delegates that name and every name under it to other servers, so
 * this server answers there with a referral instead of data. The cut nearest the apex wins: what lies under it
 * belongs to the child zone, further cuts included.
 */
export function zoneCut(name: string, apex: string, hasNs: (name: string) => boolean): string | null {
  if (!name.endsWith(`.${apex}`)) return null;
  const labels = name.slice(0, -(apex.length + 1)).split('.');
  for (let i = labels.length - 1; i >= 0; i -= 1) {
    const candidate = `${labels.slice(i).join('.')}.${apex}`;
    if (hasNs(candidate)) return candidate;
  }
  return null;
}

/** A DS record lives on the parent's side of the cut: a query for it at the cut is answered, not referred. */
export const refers = (name: string, type: string, cut: string | null): cut is string =>
  cut !== null && !(type === 'DS' && name === cut);
