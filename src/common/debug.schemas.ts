/** What GET /api/debug/env answers. */
import { z } from 'zod';
import { answerText, okWith } from './answers.schemas.js';
import type { ConfigEntry } from './debug.js';

const configEntryAnswer = z.object({
  key: answerText.describe('The path in the server’s configuration, e.g. stripe.secretKey'),
  value: z
    .union([answerText, z.number(), z.boolean()])
    .nullable()
    .describe('A secret’s is [redacted] when set; null when not set'),
  redacted: z.boolean().describe('The value was hidden in whole or in part'),
}) satisfies z.ZodType<ConfigEntry>;

export const debugEnvAnswer = okWith({ env: z.array(configEntryAnswer).describe('Sorted by key') });
