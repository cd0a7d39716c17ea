/** What the domain routes take: each field alone (what a value must be for its type is the domain policy's). */
import { z } from 'zod';
import { answerText, bulkAnswer, instant, listTotal, okSuccessWith, okWith } from './answers.schemas.js';
import {
  DNS_LOG_OUTCOMES,
  DNS_QUERY_LOG_SORTS,
  DNS_QUERY_SOURCES,
  DNS_RECORD_SORTS,
  DNS_SCRIPT_LOG_SORTS,
  DNS_RECORD_STATUSES,
  DNS_SCRIPTS,
  DNS_TTL_DEFAULT,
  DNS_TTL_MAX,
  DNS_TTL_MIN,
  DNS_TYPES,
  TXT_MAX_LENGTH,
  type DnsAnswer,
  type DnsQueryLog,
  type DnsRecord,
  type DnsRecordCounts,
  type DnsResolution,
  type DnsScriptLog,
  type DnsType,
} from './domain.js';
import { listQuery, listQueryOf, sortOf } from './list.schemas.js';
import { text } from './text.js';

const typeSentence = `Type must be one of ${DNS_TYPES.join(', ')}.`;
const dnsType = z.enum(DNS_TYPES, { error: typeSentence });
const ttlSentence = `TTL must be a whole number of seconds from ${DNS_TTL_MIN} to ${DNS_TTL_MAX}.`;
const ttl = z
  .number({ error: ttlSentence })
  .int(ttlSentence)
  .min(DNS_TTL_MIN, ttlSentence)
  .max(DNS_TTL_MAX, ttlSentence);

const fields = {
  domain: text('Domain', { max: 254 }),
  type: dnsType,
  value: text('Value', { max: TXT_MAX_LENGTH }),
  ttl: ttl.default(DNS_TTL_DEFAULT),
};

export const dnsRecordBody = z.object(fields);
export type DnsRecordInput = z.infer<typeof dnsRecordBody>;

/** An edit: any of the fields, and active or not. */
export const dnsRecordPatch = z
  .object({ ...fields, ttl, isActive: z.boolean({ error: 'isActive must be true or false.' }) })
  .partial();
export type DnsRecordPatch = z.infer<typeof dnsRecordPatch>;

export const dnsRecordListQuery = listQueryOf(DNS_RECORD_STATUSES, DNS_RECORD_SORTS, 'createdAt').extend({
  type: dnsType.optional(),
});
export type DnsRecordListQuery = z.infer<typeof dnsRecordListQuery>;

export const resolveParams = z.object({ domain: text('Domain', { max: 254 }) });
export const resolveQuery = z.object({ type: dnsType.default('A') });

const logQuery = listQuery.extend({
  outcome: z.enum(DNS_LOG_OUTCOMES, { error: `outcome must be one of ${DNS_LOG_OUTCOMES.join(', ')}.` }).optional(),
});
export const dnsQueryLogQuery = logQuery.extend({
  sort: sortOf(DNS_QUERY_LOG_SORTS, 'createdAt'),
  type: dnsType.optional(),
  source: z.enum(DNS_QUERY_SOURCES, { error: `source must be one of ${DNS_QUERY_SOURCES.join(', ')}.` }).optional(),
});
export type DnsQueryLogQuery = z.infer<typeof dnsQueryLogQuery>;
export const dnsScriptLogQuery = logQuery.extend({
  sort: sortOf(DNS_SCRIPT_LOG_SORTS, 'createdAt'),
  scriptName: z.enum(DNS_SCRIPTS, { error: `scriptName must be one of ${DNS_SCRIPTS.join(', ')}.` }).optional(),
});
export type DnsScriptLogQuery = z.infer<typeof dnsScriptLogQuery>;

/**
 * A record script's run: its name and parameters. Create takes domain, type, value and ttl; Update finds the
 * record by `id`, or by domain and type when only one record has them, and sets its value (and ttl); Delete removes
 * the record with that domain, type and value.
 */
export const scriptBody = z.object({
  scriptName: z.enum(DNS_SCRIPTS, { error: `Script name must be one of ${DNS_SCRIPTS.join(', ')}.` }),
  parameters: z.object(
    {
      id: text('The record id', { max: 36 }).uuid('The record id must be a UUID.').optional(),
      domain: fields.domain,
      type: dnsType,
      value: fields.value,
      ttl: ttl.optional(),
    },
    { error: 'Parameters are required: domain, type and value.' },
  ),
});
export type ScriptInput = z.infer<typeof scriptBody>;

// What the domain routes answer. `success` repeats `ok` on the record routes (the DNS API's older field); on a
// resolution it says whether any record answered.

const count = z.number().int();

/** A DNS record as the API answers it (`DnsRecord`, server/modules/domain/present.ts). */
export const dnsRecordAnswer = z.object({
  id: answerText,
  domain: answerText,
  type: z.enum(DNS_TYPES),
  value: answerText,
  ttl: count,
  isActive: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
}) satisfies z.ZodType<DnsRecord>;

export const dnsRecordOne = okSuccessWith({ record: dnsRecordAnswer });
export const dnsRecordPage = okSuccessWith({
  records: z.array(dnsRecordAnswer),
  ...listTotal,
  counts: z
    .object({
      all: count,
      active: count,
      inactive: count,
      byType: z.object(Object.fromEntries(DNS_TYPES.map((t) => [t, count])) as Record<DnsType, typeof count>),
    })
    .describe('Over every record, whatever the filters') satisfies z.ZodType<DnsRecordCounts>,
  zones: z.array(answerText).describe('The managed zones'),
});
export const dnsRecordBulkAnswer = bulkAnswer.extend({ success: z.boolean().describe('true, as `ok`') });
export const dnsRecordDeleted = okSuccessWith({});

export const dnsResolutionAnswer = okWith({
  success: z.boolean().describe('Whether any record answered'),
  domain: answerText.describe('The name as resolved: lower case, without the final dot'),
  type: z.enum(DNS_TYPES),
  source: z.enum(DNS_QUERY_SOURCES).describe('managed: from our records; system: from the system resolver'),
  records: z
    .array(
      z.object({
        name: answerText,
        type: z.enum(DNS_TYPES),
        value: answerText,
        ttl: count.nullable().describe('null when the system resolver does not give it'),
      }) satisfies z.ZodType<DnsAnswer>,
    )
    .describe('The answers, a CNAME chain first when the name is an alias'),
  error: answerText.nullable(),
  durationMs: count,
}) satisfies z.ZodType<DnsResolution & { ok: boolean }>;

const dnsQueryLogAnswer = z.object({
  id: count,
  domain: answerText,
  type: z.enum(DNS_TYPES),
  success: z.boolean(),
  result: z.array(answerText).describe('The answers as text; a CNAME of the chain as "CNAME target"'),
  error: answerText.nullable(),
  source: z.enum(DNS_QUERY_SOURCES),
  durationMs: count,
  createdAt: instant,
}) satisfies z.ZodType<DnsQueryLog>;

export const dnsQueryLogPage = okSuccessWith({
  logs: z.array(dnsQueryLogAnswer),
  ...listTotal,
  recent24h: count.describe('Resolutions in the last 24 hours'),
});

const dnsScriptLogAnswer = z.object({
  id: count,
  scriptName: z.enum(DNS_SCRIPTS),
  parameters: z.record(answerText, z.unknown()).describe('The parameters the script was run with'),
  success: z.boolean(),
  output: answerText.nullable(),
  error: answerText.nullable(),
  recordId: answerText.nullable().describe('The record created, changed or deleted'),
  createdAt: instant,
}) satisfies z.ZodType<DnsScriptLog>;

export const dnsScriptLogPage = okSuccessWith({ logs: z.array(dnsScriptLogAnswer), ...listTotal });

export const dnsScriptAnswer = okSuccessWith({
  output: answerText,
  record: dnsRecordAnswer.nullable().describe('The record as the script left it; null after a delete'),
  log: dnsScriptLogAnswer,
});
