import type { ErrorCode, ErrorParams, FieldMessage } from '../../src/common/errors-catalogue.js';
import { MALFORMED_DATE } from '../../src/common/dates.schemas.js';
import { AppError } from './errors.js';

/** One schema problem as zod reports it (fastify-type-provider-zod hands the issue's other keys over as `params`). */
export type Issue = { field: string; kind: string; message: string; details: Record<string, unknown>; value: unknown };

const bound = (v: unknown) => (typeof v === 'bigint' ? v.toString() : typeof v === 'number' ? v : String(v));

/** The kind of problem (a message code) and its params, told from the zod issue; the field's name is always one. */
export function issueMessage(issue: Issue, where: string): FieldMessage {
  const { kind, details: d, value } = issue;
  const params: ErrorParams = { field: issue.field, where };
  const say = (code: ErrorCode, more: ErrorParams = {}): FieldMessage => ({
    messageCode: code,
    params: { ...params, ...more },
  });
  const missing = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  const origin = String(d['origin'] ?? '');
  if (kind === 'too_small') {
    if (origin === 'string')
      return missing || d['minimum'] === 1
        ? say('field_required')
        : say('field_too_short', { min: bound(d['minimum']) });
    if (origin === 'array' || origin === 'set') return say('field_too_few', { min: bound(d['minimum']) });
    return say('field_too_small', { min: bound(d['minimum']) });
  }
  if (kind === 'too_big') {
    if (origin === 'string') return say('field_too_long', { max: bound(d['maximum']) });
    if (origin === 'array' || origin === 'set') return say('field_too_many', { max: bound(d['maximum']) });
    return say('field_too_large', { max: bound(d['maximum']) });
  }
  if (missing) return say('field_required');
  if (kind === 'invalid_value' && Array.isArray(d['values']))
    return say('field_not_one_of', { options: d['values'].map(String).join(', ') });
  if (kind === 'invalid_type' && d['expected'] === 'int') return say('field_not_integer');
  if (kind === 'invalid_type') return say('field_wrong_type');
  if (kind === 'invalid_format' && d['format'] === 'email') return say('field_invalid_email');
  if (kind === 'custom' && (d['params'] as { format?: string } | undefined)?.format === MALFORMED_DATE.format)
    return say('field_malformed_date');
  if (kind === 'unrecognized_keys')
    return say('field_unknown', { keys: Array.isArray(d['keys']) ? d['keys'].join(', ') : '' });
  return say('field_invalid');
}

/**
 * The 400 for schema problems: each field's own sentence (the schema's, in `fields`) and its kind (`fieldMessages`);
 * the error says the first one ("Invalid field "x": …") and is translated as that field's kind.
 */
export function validationError(issues: Issue[], where: string): AppError {
  const fields: Record<string, string> = {};
  const fieldMessages: Record<string, FieldMessage> = {};
  for (const issue of issues) {
    if (issue.field in fields) continue;
    fields[issue.field] = issue.message;
    fieldMessages[issue.field] = issueMessage(issue, where);
  }
  const [first] = issues;
  const sentence =
    first && first.field !== '_'
      ? `Invalid ${where} "${first.field}": ${first.message}`
      : (first?.message ?? 'Invalid request.');
  const err = new AppError(400, 'invalid_request', undefined, undefined, 'validation');
  const firstMessage = first ? fieldMessages[first.field]! : { messageCode: 'invalid_request' };
  return Object.assign(err, {
    message: sentence,
    messageCode: firstMessage.messageCode,
    params: firstMessage.params,
    fields,
    fieldMessages,
  });
}

/** The value at a dotted path of the request part (body, query, params), to tell a missing value from a wrong one. */
export function valueAt(input: unknown, path: string): unknown {
  let v = input;
  for (const key of path.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return v;
}
