/** What the domain routes take: each field alone (what a value must be for its type is the domain policy's). */
import { z } from 'zod';
import {
  DNS_LOG_OUTCOMES, DNS_QUERY_SOURCES, DNS_RECORD_SORTS, DNS_RECORD_STATUSES, DNS_SCRIPTS, DNS_TTL_DEFAULT, DNS_TTL_MAX, DNS_TTL_MIN, DNS_TYPES,
  TXT_MAX_LENGTH,
} from './domain.js';
import { listQuery, listQueryOf } from './list.schemas.js';
import { text } from './text.js';

const typeSentence = `Type must be one of ${DNS_TYPES.join(', ')}.`;
const dnsType = z.enum(DNS_TYPES, { error: typeSentence });
const ttlSentence = `TTL must be a whole number of seconds from ${DNS_TTL_MIN} to ${DNS_TTL_MAX}.`;
const ttl = z.number({ error: ttlSentence }).int(ttlSentence).min(DNS_TTL_MIN, ttlSentence).max(DNS_TTL_MAX, ttlSentence);

const fields = {
  domain: text('Domain', { max: 254 }),
  type: dnsType,
  value: text('Value', { max: TXT_MAX_LENGTH }),
  ttl: ttl.default(DNS_TTL_DEFAULT),
};

export const dnsRecordBody = z.object(fields);
export type DnsRecordInput = z.infer<typeof dnsRecordBody>;

/** An edit: any of the fields, and active or not. */
export const dnsRecordPatch = z.object({ ...fields, ttl, isActive: z.boolean({ error: 'isActive must be true or false.' }) }).partial();
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
  type: dnsType.optional(),
  source: z.enum(DNS_QUERY_SOURCES, { error: `source must be one of ${DNS_QUERY_SOURCES.join(', ')}.` }).optional(),
});
export type DnsQueryLogQuery = z.infer<typeof dnsQueryLogQuery>;
export const dnsScriptLogQuery = logQuery.extend({
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
  parameters: z.object({
    id: text('The record id', { max: 36 }).uuid('The record id must be a UUID.').optional(),
    domain: fields.domain,
    type: dnsType,
    value: fields.value,
    ttl: ttl.optional(),
  }, { error: 'Parameters are required: domain, type and value.' }),
});
export type ScriptInput = z.infer<typeof scriptBody>;
