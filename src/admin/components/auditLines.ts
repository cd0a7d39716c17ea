/** An audit entry's details as lines a person reads: one per field, "Price: $12.00 → $14.50". */
import { RESOURCES } from '../../common/resources';

/** One field of an entry: what it changed from and to (an edit), or the value it was given. */
export type AuditLine = { field: string; to: unknown } & ({ changed: true; from: unknown } | { changed: false });

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const isChange = (v: unknown): v is { from: unknown; to: unknown } => isObject(v) && 'from' in v && 'to' in v;
const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

/**
 * The lines of an entry's details: each `{from, to}` as a change, an older edit's `{before, after}` as changes of
 * the fields `after` names, anything else as "field: value" with its empty fields left out.
 */
export function auditLines(data: unknown): AuditLine[] {
  if (!isObject(data)) return [];
  if (isObject(data.before) && isObject(data.after)) {
    const before = data.before;
    return Object.entries(data.after).map(([field, to]) => ({ field, changed: true, from: before[field] ?? null, to }));
  }
  return Object.entries(data).flatMap(([field, value]): AuditLine[] => {
    if (isChange(value)) return [{ field, changed: true, from: value.from, to: value.to }];
    return isEmpty(value) ? [] : [{ field, changed: false, to: value }];
  });
}

/** Fields whose numbers are amounts of money in the shop's currency. */
const MONEY = new Set([
  'priceFiat',
  'minimumSubtotal',
  'amount',
  'totalAmount',
  'subtotal',
  'discount',
  'grossAmount',
  'netAmount',
  'totalEarnings',
]);

export type ValueKind = 'empty' | 'money' | 'cents' | 'date' | 'yes-no' | 'text';

/** How a field's value is shown, told from its name and value. */
export function valueKind(field: string, value: unknown): ValueKind {
  if (isEmpty(value)) return 'empty';
  if (typeof value === 'boolean') return 'yes-no';
  if (typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value))) {
    if (MONEY.has(field)) return 'money';
    if (field.endsWith('Cents')) return 'cents';
  }
  if (typeof value === 'string' && /(At|Date|Until)$/.test(field) && !Number.isNaN(Date.parse(value))) return 'date';
  return 'text';
}

export type LineFormat = {
  label: (field: string) => string;
  money: (amount: number) => string;
  date: (iso: string) => string;
  yesNo: (value: boolean) => string;
  /** A plain value's own words (a status' name), or the value itself. */
  text: (field: string, value: string) => string;
};

/** A list of codes or names (a notice's channels, a webhook's events): each shown by its own words. */
const isCodes = (v: unknown): v is string[] => Array.isArray(v) && v.every((item) => typeof item === 'string');

/** A value as the line shows it: money as money, dates as dates, a list of codes by their names, nothing as —. */
export function formatValue(field: string, value: unknown, f: LineFormat): string {
  switch (valueKind(field, value)) {
    case 'empty':
      return '—';
    case 'money':
      return f.money(Number(value));
    case 'cents':
      return f.money(Number(value) / 100);
    case 'date':
      return f.date(value as string);
    case 'yes-no':
      return f.yesNo(value as boolean);
    default:
      if (isCodes(value)) return value.length ? value.map((code) => f.text(field, code)).join(', ') : '—';
      return typeof value === 'string' ? f.text(field, value) : JSON.stringify(value);
  }
}

export function lineText(line: AuditLine, f: LineFormat): string {
  const to = formatValue(line.field, line.to, f);
  return `${f.label(line.field)}: ${line.changed ? `${formatValue(line.field, line.from, f)} → ${to}` : to}`;
}

/**
 * Where each audited record type's field labels (`<catalogue>.fields.<field>`) and code names
 * (`<catalogue>.<field>.<code>`) live in the catalogue: every field src/common/audit-fields.ts lists has its words there.
 * A record type's resource folder (`resources.<name>`, the registry's resource that audits it) unless named here.
 */
const CATALOGUE_ELSEWHERE: Record<string, string> = {
  settings: 'app.settings',
  // record types without a resource folder of their own: their words are the audit log's (components/i18n/audit.*.ts)
  commission: 'app.audit.records.commission',
  agent_level: 'app.audit.records.agent_level',
  member: 'app.audit.records.member',
  member_level: 'app.audit.records.member_level',
  conversion: 'app.audit.records.conversion',
  dns_record: 'app.audit.records.dns_record',
  notification: 'app.audit.records.notification',
  email: 'app.audit.records.email',
};

export const CATALOGUE_OF: Record<string, string> = Object.fromEntries(
  Object.entries(RESOURCES as Record<string, { audit?: readonly string[] }>).flatMap(([name, r]) =>
    (r.audit ?? []).map((entity) => [entity, CATALOGUE_ELSEWHERE[entity] ?? `resources.${name}`]),
  ),
);

/**
 * Where the names of a field's codes live when the record type's screens name them elsewhere than
 * `<catalogue>.<field>.<code>` (`entity.field` → the key that holds them): the words the screens already use.
 */
const CODE_WORDS_ELSEWHERE: Record<string, string> = {
  'product.rwaType': 'resources.products.rwa_type',
  'product.kind': 'resources.products.documents.kinds',
  'product.minMemberLevel': 'app.membership.levels',
  'coupon.discountType': 'resources.coupons.discount_type',
  'order.provider': 'resources.payments.provider',
  'order.method': 'resources.payments.method',
  'payment.provider': 'resources.payments.provider',
  'settings.language': 'app.settings.languages',
};

/** The catalogue key of the name of `code`, a value of `entity`'s `field`, or undefined without a catalogue. */
export const codeKey = (entity: string, field: string, code: string): string | undefined => {
  const at = CODE_WORDS_ELSEWHERE[`${entity}.${field}`] ?? (CATALOGUE_OF[entity] && `${CATALOGUE_OF[entity]}.${field}`);
  return at && `${at}.${code}`;
};

/**
 * "minimumSubtotal" → "Minimum subtotal": the label of a field the catalogue does not name, which only an entry
 * written before its field was listed in src/common/audit-fields.ts may carry (or an entry a seed file brought).
 */
export const humanize = (field: string) => {
  const words = field
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
