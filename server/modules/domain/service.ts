/**
 * Domain management's services beside the records (records.ts) and resolution (resolve.ts): the query and script
 * logs, and scripts: Create, Update or Delete DNS Record run as one audited transaction, each run logged.
 */
import { and, eq, gte, ilike, sql, type SQL } from 'drizzle-orm';
import type {
  DnsQueryLog,
  DnsQueryLogList,
  DnsScriptLog,
  DnsScriptLogList,
  DnsScriptResult,
  DnsType,
} from '../../../src/common/domain.js';
import type { DnsQueryLogQuery, DnsScriptLogQuery, ScriptInput } from '../../../src/common/domain.schemas.js';
import { queryRows, type Db, type Queryable } from '../../db/client.js';
import { dnsQueryLogs, dnsRecords, dnsScriptLogs } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { Counter } from '../../lib/list.js';
import { after, listOrder, orderBy, type Page } from '../../lib/pages.js';
import type { Actor } from '../../types.js';
import { normalizeName, normalizeValue } from './policy.js';
import { presentQueryLog, presentRecord, presentScriptLog } from './present.js';
import { changeRecord, getRecord, insertRecord, recordsWritten, removeRecord } from './records.js';

/** Logs grow with every call: counts recomputed at most every few seconds. */
const counter = new Counter({ exactTtlMs: 2_000 });
const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function queryLogFilter(q: DnsQueryLogQuery): SQL | undefined {
  const filters: SQL[] = [];
  if (q.outcome) filters.push(eq(dnsQueryLogs.success, q.outcome === 'success'));
  if (q.type) filters.push(eq(dnsQueryLogs.type, q.type));
  if (q.source) filters.push(eq(dnsQueryLogs.source, q.source));
  if (q.q) filters.push(ilike(dnsQueryLogs.domain, escapeLike(q.q.trim().toLowerCase())));
  return filters.length ? and(...filters) : undefined;
}

/** The query log's sorts, each with its index (the log grows with every resolution). */
const QUERY_LOG_SORTS = {
  createdAt: dnsQueryLogs.createdAt,
  domain: dnsQueryLogs.domain,
  durationMs: dnsQueryLogs.durationMs,
} as const;
/** The script log's sorts (a row per staff script run: small); a script is a group, newest first within it. */
const SCRIPT_LOG_SORTS = {
  createdAt: [dnsScriptLogs.createdAt],
  scriptName: [dnsScriptLogs.scriptName, dnsScriptLogs.createdAt],
} as const;

/** A page of the query log in its sort (the list's page, or its CSV export's batch after a row). */
export async function queryLogRows(db: Db, q: DnsQueryLogQuery, page: Page): Promise<DnsQueryLog[]> {
  const order = listOrder([QUERY_LOG_SORTS[q.sort]], dnsQueryLogs.id, q.order);
  const rows = await db
    .select()
    .from(dnsQueryLogs)
    .where(and(queryLogFilter(q), after(order, page.after)))
    .orderBy(...orderBy(order))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  return rows.map(presentQueryLog);
}

export async function listQueryLogs(db: Db, q: DnsQueryLogQuery): Promise<DnsQueryLogList> {
  const [logs, total, recent] = await Promise.all([
    queryLogRows(db, q, q),
    counter.count(db, dnsQueryLogs, queryLogFilter(q), JSON.stringify(['q', q.outcome, q.type, q.source, q.q])),
    queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from ${dnsQueryLogs} where ${gte(dnsQueryLogs.createdAt, sql`now() - interval '24 hours'`)}`,
    ),
  ]);
  return { success: true, logs, ...total, recent24h: Number(recent[0]?.n ?? 0) };
}

function scriptLogFilter(q: DnsScriptLogQuery): SQL | undefined {
  const filters: SQL[] = [];
  if (q.outcome) filters.push(eq(dnsScriptLogs.success, q.outcome === 'success'));
  if (q.scriptName) filters.push(eq(dnsScriptLogs.scriptName, q.scriptName));
  if (q.q) filters.push(sql`(${dnsScriptLogs.parameters}->>'domain') ilike ${escapeLike(q.q.trim().toLowerCase())}`);
  return filters.length ? and(...filters) : undefined;
}

/** A page of the script log in its sort (the list's page, or its CSV export's batch after a row). */
export async function scriptLogRows(db: Db, q: DnsScriptLogQuery, page: Page): Promise<DnsScriptLog[]> {
  const order = listOrder([...SCRIPT_LOG_SORTS[q.sort]], dnsScriptLogs.id, q.order);
  const rows = await db
    .select()
    .from(dnsScriptLogs)
    .where(and(scriptLogFilter(q), after(order, page.after)))
    .orderBy(...orderBy(order))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  return rows.map(presentScriptLog);
}

export async function listScriptLogs(db: Db, q: DnsScriptLogQuery): Promise<DnsScriptLogList> {
  const [logs, total] = await Promise.all([
    scriptLogRows(db, q, q),
    counter.count(db, dnsScriptLogs, scriptLogFilter(q), JSON.stringify(['s', q.outcome, q.scriptName, q.q])),
  ]);
  return { success: true, logs, ...total };
}

/** The one record Update DNS Record means: by id, or the only record with that domain and type. */
async function recordToUpdate(tx: Queryable, p: ScriptInput['parameters']) {
  if (p.id) return getRecord(tx, p.id, true);
  const domain = normalizeName(p.domain);
  const rows = await tx
    .select()
    .from(dnsRecords)
    .where(and(eq(dnsRecords.domain, domain), eq(dnsRecords.type, p.type)))
    .for('update');
  if (rows.length === 0) throw notFound('dns_record_missing_for_update', { type: p.type, domain });
  if (rows.length > 1) {
    throw conflict('dns_record_ambiguous', { domain, length: rows.length, type: p.type });
  }
  return rows[0]!;
}

async function runScript(tx: Queryable, input: ScriptInput, zones: string[], actor: Actor) {
  const p = input.parameters;
  const via = `script: ${input.scriptName}`;
  switch (input.scriptName) {
    case 'Create DNS Record': {
      const row = await insertRecord(
        tx,
        { domain: p.domain, type: p.type, value: p.value, ttl: p.ttl ?? 300 },
        zones,
        actor,
        via,
      );
      return { row, output: `Created ${row.type} record ${row.domain} → ${row.value} (TTL ${row.ttl}).` };
    }
    case 'Update DNS Record': {
      const current = await recordToUpdate(tx, p);
      const row = await changeRecord(
        tx,
        current,
        { value: p.value, ...(p.ttl ? { ttl: p.ttl } : {}) },
        zones,
        actor,
        via,
      );
      return {
        row,
        output: `Updated ${row.type} record ${row.domain}: ${current.value} → ${row.value} (TTL ${row.ttl}).`,
      };
    }
    case 'Delete DNS Record': {
      const domain = normalizeName(p.domain);
      const value = normalizeValue(p.type as DnsType, p.value);
      const wanted = 'value' in value ? value.value : p.value.trim();
      const [row] = await tx
        .select()
        .from(dnsRecords)
        .where(and(eq(dnsRecords.domain, domain), eq(dnsRecords.type, p.type), eq(dnsRecords.value, wanted)))
        .for('update');
      if (!row) throw notFound('dns_record_missing_for_delete', { type: p.type, domain, wanted });
      await removeRecord(tx, row, actor, via);
      return { row: null, removedId: row.id, output: `Deleted ${row.type} record ${row.domain} → ${row.value}.` };
    }
  }
}

/**
 * Runs a script in one transaction: the record change, its audit event and the script log's success line commit
 * together. A refused run changes no record; its error is logged (after the rollback) and answered.
 */
export async function executeScript(
  db: Db,
  input: ScriptInput,
  zones: string[],
  actor: Actor,
): Promise<DnsScriptResult> {
  const parameters = { ...input.parameters };
  try {
    const result = await db.transaction(async (tx) => {
      const { row, output, removedId } = {
        removedId: null as string | null,
        ...(await runScript(tx, input, zones, actor)),
      };
      const [log] = await tx
        .insert(dnsScriptLogs)
        .values({
          scriptName: input.scriptName,
          parameters,
          success: true,
          output,
          recordId: row?.id ?? removedId,
          actorId: actor?.id ?? null,
        })
        .returning();
      counter.touch();
      return { success: true as const, output, record: row ? presentRecord(row) : null, log: presentScriptLog(log!) };
    });
    recordsWritten();
    return result;
  } catch (err) {
    if (err instanceof AppError) {
      await db.insert(dnsScriptLogs).values({
        scriptName: input.scriptName,
        parameters,
        success: false,
        error: err.message,
        actorId: actor?.id ?? null,
      });
      counter.touch();
    }
    throw err;
  }
}
