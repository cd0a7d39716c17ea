/** Money as requests carry it: a number or its text with at most 2 decimals, read into integer cents. */
import { z } from 'zod';
import { isFiatAmount, toCents } from './money.js';
import { text } from './text.js';

/** An amount ≥ 0 with at most 2 decimals, as cents; "<Label> is required." when missing. */
export const fiatAmount = (label: string) =>
  z
    .union([z.number(), text(label, { max: 20 })], {
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `${label} is required.`
          : `${label} must be a number ≥ 0 with at most 2 decimals.`,
    })
    .refine(isFiatAmount, `${label} must be a number ≥ 0 with at most 2 decimals.`)
    .transform(toCents);
