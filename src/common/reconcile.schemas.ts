/** What GET /api/reconcile answers. */
import { z } from 'zod';
import { answerText, okWith } from './answers.schemas.js';

const checkAnswer = z.object({
  name: answerText.describe('The rule checked'),
  ok: z.boolean(),
  figure: answerText.describe('What was checked, e.g. how many records'),
  detail: z.array(answerText).describe('The first records that break the rule'),
});

export const reconciliationAnswer = okWith({
  reconciliation: z.object({ ok: z.boolean().describe('Every check holds'), checks: z.array(checkAnswer) }),
});
