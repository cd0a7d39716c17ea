/** A bulk action's answer: each selected row acted on by itself, the refused ones with their sentence (server/lib/bulk.ts). */
import type { ErrorParams } from './errors-catalogue.js';

/** The most rows one bulk action takes. */
export const MAX_BULK = 100;

/** One row's outcome; a refusal carries its code, its sentence, and the sentence's code and params for the reader's language. */
export type BulkResult = {
  id: string;
  ok: boolean;
  code?: string;
  error?: string;
  messageCode?: string;
  params?: ErrorParams;
};

export type BulkAnswer = { done: number; refused: number; results: BulkResult[] };
