/**
 * The pieces of the routes' response schemas: what a success answer carries. The server sends only the fields its
 * route's schema names (server/lib/serializer.ts), and the OpenAPI document states the same schema.
 */
import { z } from 'zod';

/** Text the server writes (the rule against z.string() is for text it reads: text.ts). */
// eslint-disable-next-line no-restricted-syntax
export const answerText = z.string();

/** An instant as the API writes it: ISO 8601, in UTC. */
export const instant = answerText.describe('ISO 8601, in UTC');
export const nullableInstant = instant.nullable();

/** The params of a translatable sentence (`messageCode`). */
export const messageParams = z.record(answerText, z.union([answerText, z.number()]));

/** A sentence as its code and params (errors-catalogue.ts), for the reader's language. */
export const messageAnswer = z.object({ messageCode: answerText, params: messageParams.optional() });

/** `{ok: true}` and the given fields: every success answer. */
export const okWith = <T extends z.ZodRawShape>(shape: T) => z.object({ ok: z.boolean().describe('true'), ...shape });

/** A success that carries nothing else. */
export const okAnswer = okWith({});

/** `{ok: true, success: true}` and the given fields: the answers of the public API that documents `success`. */
export const okSuccessWith = <T extends z.ZodRawShape>(shape: T) =>
  okWith({ success: z.boolean().describe('true, as `ok`'), ...shape });

/** A count for each value of a vocabulary (each status's, say), every one named. */
export const countsOf = <const V extends string>(values: readonly V[]) =>
  z.object(Object.fromEntries(values.map((v) => [v, z.number().int()])) as Record<V, z.ZodNumber>);

/** A list's count of every row its filter matches; an estimate above a size (server/lib/list.ts). */
export const listTotal = { total: z.number().int(), totalIsEstimate: z.boolean() };

/** A bulk action's answer: each selected row's outcome, a refusal with its sentence (server/lib/bulk.ts). */
export const bulkAnswer = okWith({
  done: z.number().int(),
  refused: z.number().int(),
  results: z.array(
    z.object({
      id: answerText,
      ok: z.boolean(),
      code: answerText.optional(),
      error: answerText.optional(),
      messageCode: answerText.optional(),
      params: messageParams.optional(),
    }),
  ),
});
