import type { BulkAnswer, BulkResult } from '../../src/common/bulk.js';
import { AppError } from './errors.js';

/**
 * A bulk action: each id (once, in the order given) goes through `each`, the single-row service function with its own
 * transaction, role and state rules and audit entry, so one refused row leaves the others done. A refusal answers
 * as its error would: code, sentence, and the sentence's code and params. Anything else (the database gone) is
 * thrown: the rows before it are done, and the caller sees a 500 as for a single row.
 */
export async function eachRow(ids: readonly string[], each: (id: string) => Promise<unknown>): Promise<BulkAnswer> {
  const results: BulkResult[] = [];
  for (const id of new Set(ids)) {
    try {
      await each(id);
      results.push({ id, ok: true });
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      results.push({
        id,
        ok: false,
        code: err.code,
        error: err.message,
        messageCode: err.messageCode,
        ...(err.params ? { params: err.params } : {}),
      });
    }
  }
  const done = results.filter((r) => r.ok).length;
  return { done, refused: results.length - done, results };
}
