/** DNS records: list, read, create, edit, delete; each write in one transaction with its audit event. */
import { and, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  DNS_TYPES,
  type DnsRecord,
  type DnsRecordCounts,
  type DnsRecordList,
  type DnsType,
} from '../../../src/common/domain.js';
import type { DnsRecordInput, DnsRecordListQuery, DnsRecordPatch } from '../../../src/common/domain.schemas.js';
import { queryRows, type Db, type Queryable } from '../../db/client.js';
import { dnsRecords } from '../../db/schema.js';
import { AppError, invalidField, isUniqueViolation, notFound } from '../../lib/errors.js';
import { Counter } from '../../lib/list.js';
import { after, listOrder, orderBy, type Page } from '../../lib/pages.js';
import type { Actor } from '../../types.js';
import { audit } from '../audit/service.js';
import { checkRecord, neighbourConflict, type RecordInput } from './policy.js';
import { presentRecord } from './present.js';
import { recordsChanged } from './zone-data.js';

const counter = new Counter();
const SORT_COLUMNS = {
  createdAt: dnsRecords.createdAt,
  domain: dnsRecords.domain,
  type: dnsRecords.type,
  ttl: dnsRecords.ttl,
} as const;
const UNIQUE = 'dns_records_domain_type_value_key';

type Row = typeof dnsRecords.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function recordFilter(q: DnsRecordListQuery) {
  const filters: SQL[] = [];
  if (q.status) filters.push(eq(dnsRecords.isActive, q.status === 'active'));
  if (q.type) filters.push(eq(dnsRecords.type, q.type));
  if (q.q) {
    const like = `%${escapeLike(q.q.trim().toLowerCase().replace(/\.$/, ''))}%`;
    filters.push(or(ilike(dnsRecords.domain, like), ilike(dnsRecords.value, like))!);
  }
  return filters.length ? and(...filters) : undefined;
}

/** One page of the list (by offset for the JSON list, after a row for the CSV export). */
export async function recordRows(db: Db, q: DnsRecordListQuery, page: Page): Promise<DnsRecord[]> {
  const order = listOrder([SORT_COLUMNS[q.sort]], dnsRecords.id, q.order);
  const rows = await db
    .select()
    .from(dnsRecords)
    .where(and(recordFilter(q), after(order, page.after)))
    .orderBy(...orderBy(order))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  return rows.map(presentRecord);
}

export async function listRecords(db: Db, q: DnsRecordListQuery, zones: string[]): Promise<DnsRecordList> {
  const [rows, total, counts] = await Promise.all([
    recordRows(db, q, q),
    counter.count(db, dnsRecords, recordFilter(q), JSON.stringify([q.status, q.type, q.q])),
    recordCounts(db),
  ]);
  return { success: true, records: rows, ...total, counts, zones };
}

async function recordCounts(db: Queryable): Promise<DnsRecordCounts> {
  const rows = await queryRows<{ type: string; active: boolean; n: number | string }>(
    db,
    sql`select ${dnsRecords.type} as type, ${dnsRecords.isActive} as active, count(*) as n from ${dnsRecords} group by 1, 2`,
  );
  const counts: DnsRecordCounts = {
    all: 0,
    active: 0,
    inactive: 0,
    byType: Object.fromEntries(DNS_TYPES.map((t) => [t, 0])) as Record<DnsType, number>,
  };
  for (const r of rows) {
    const n = Number(r.n);
    counts.all += n;
    if (r.active) counts.active += n;
    else counts.inactive += n;
    if (r.type in counts.byType) counts.byType[r.type as DnsType] += n;
  }
  return counts;
}

export async function getRecord(db: Queryable, id: string, lock = false): Promise<Row> {
  const query = db.select().from(dnsRecords).where(eq(dnsRecords.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('dns_record_not_found');
  return row;
}

/** The record as it would be stored, or a 400 naming each field that is wrong. */
export function validRecord(input: RecordInput, zones: string[]): RecordInput {
  const checked = checkRecord(input, zones);
  if ('problems' in checked) {
    const [field, problem] = Object.entries(checked.problems)[0]!;
    throw invalidField(field, problem, checked.problems);
  }
  return checked.record;
}

/**
 * Refuses `record` when it cannot join the records at its name. Writers of one name are serialised by an advisory
 * lock on it, so that two requests cannot both pass this check (a CNAME and an A record created at once).
 */
async function assertFits(tx: Queryable, record: RecordInput, exceptId?: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`dns:${record.domain}`}))`);
  const others = await tx
    .select({ id: dnsRecords.id, type: dnsRecords.type, value: dnsRecords.value })
    .from(dnsRecords)
    .where(
      exceptId
        ? and(eq(dnsRecords.domain, record.domain), ne(dnsRecords.id, exceptId))
        : eq(dnsRecords.domain, record.domain),
    );
  const conflict = neighbourConflict(record, others);
  if (conflict)
    throw new AppError(
      409,
      conflict.message,
      undefined,
      { [conflict.code === 'dns_record_exists' ? 'value' : 'domain']: conflict.message },
      conflict.code,
    );
}

const duplicate = (record: RecordInput) =>
  new AppError(
    409,
    'dns_record_exists',
    { type: record.type, domain: record.domain, value: record.value },
    { value: 'dns_record_exists_field' },
  );

/** A unique-index refusal (two identical records racing past the check) as the same 409 the check gives. */
const rethrowDuplicate =
  (record: RecordInput) =>
  (err: unknown): never => {
    if (isUniqueViolation(err, UNIQUE)) throw duplicate(record);
    throw err;
  };

/**
 * Tells every copy of the records (this process's DNS thread, other processes) to reload: after the transaction that
 * wrote them commits, or a reload in between would read the rows as they were and be taken for fresh.
 */
export function recordsWritten() {
  counter.touch();
  recordsChanged();
}

/** `work`'s transaction, then the news that the records changed. */
async function thenWritten<T>(work: Promise<T>): Promise<T> {
  const result = await work;
  recordsWritten();
  return result;
}

/** Inside a caller's transaction (a script's, or createRecord's own), which calls recordsWritten once it commits. */
export async function insertRecord(
  tx: Queryable,
  input: DnsRecordInput,
  zones: string[],
  actor: Actor,
  via?: string,
): Promise<Row> {
  const record = validRecord(input, zones);
  await assertFits(tx, record);
  const [row] = await tx
    .insert(dnsRecords)
    .values({ ...record, createdBy: actor?.id ?? null })
    .returning()
    .catch(rethrowDuplicate(record));
  await audit(tx, actor, 'dns_record.create', 'dns_record', row!.id, { ...record, ...(via ? { via } : {}) });
  return row!;
}

export async function changeRecord(
  tx: Queryable,
  current: Row,
  patch: DnsRecordPatch,
  zones: string[],
  actor: Actor,
  via?: string,
): Promise<Row> {
  const { isActive, ...fields } = patch;
  const record = validRecord(
    { domain: current.domain, type: current.type as DnsType, value: current.value, ttl: current.ttl, ...fields },
    zones,
  );
  // A record's own value may be re-checked against a new type (A → AAAA needs a new value too).
  await assertFits(tx, record, current.id);
  const [row] = await tx
    .update(dnsRecords)
    .set({ ...record, ...(isActive === undefined ? {} : { isActive }), updatedAt: new Date() })
    .where(eq(dnsRecords.id, current.id))
    .returning()
    .catch(rethrowDuplicate(record));
  await audit(tx, actor, 'dns_record.update', 'dns_record', current.id, { ...patch, ...(via ? { via } : {}) });
  return row!;
}

export async function removeRecord(tx: Queryable, row: Row, actor: Actor, via?: string) {
  await tx.delete(dnsRecords).where(eq(dnsRecords.id, row.id));
  await audit(tx, actor, 'dns_record.delete', 'dns_record', row.id, {
    domain: row.domain,
    type: row.type,
    value: row.value,
    ...(via ? { via } : {}),
  });
}

export async function createRecord(db: Db, input: DnsRecordInput, zones: string[], actor: Actor): Promise<DnsRecord> {
  return thenWritten(db.transaction(async (tx) => presentRecord(await insertRecord(tx, input, zones, actor))));
}

export async function updateRecord(
  db: Db,
  id: string,
  patch: DnsRecordPatch,
  zones: string[],
  actor: Actor,
): Promise<DnsRecord> {
  return thenWritten(
    db.transaction(async (tx) =>
      presentRecord(await changeRecord(tx, await getRecord(tx, id, true), patch, zones, actor)),
    ),
  );
}

export async function deleteRecord(db: Db, id: string, actor: Actor) {
  await thenWritten(db.transaction(async (tx) => removeRecord(tx, await getRecord(tx, id, true), actor)));
}
