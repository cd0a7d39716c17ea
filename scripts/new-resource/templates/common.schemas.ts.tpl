/** What the {{oneLabel}} routes take (zod schemas, for the server and forms) and what they answer. */
import { z } from 'zod';
import { answerText, instant, listTotal, okWith } from './answers.schemas.js';
import { listQueryOf } from './list.schemas.js';
import { isFiatAmount } from './money.js';
import { text } from './text.js';
import { {{CONST}}_SORTS, {{CONST}}_STATUSES, type {{OnePascal}} } from './{{kebab}}.js';

const PRICE = 'Price must be a number ≥ 0 with at most 2 decimals.';

const fields = {
  name: text('Name', { max: 200 }),
  // The union carries the sentence too: a missing or null price would otherwise answer "Invalid input".
  price: z.union([z.number(), text('Price', { max: 40 })], { error: PRICE }).refine(isFiatAmount, PRICE),
  status: z.enum({{CONST}}_STATUSES, { error: `Status must be one of ${ {{CONST}}_STATUSES.join(', ')}.` }),
};

// The default only on create: zod applies a default even inside .partial(), which would reset it on update.
export const {{oneCamel}}Body = z.object({ ...fields, status: fields.status.default('active') });
export const {{oneCamel}}Patch = z.object(fields).partial();
export type {{OnePascal}}Input = z.infer<typeof {{oneCamel}}Body>;
export type {{OnePascal}}Patch = z.infer<typeof {{oneCamel}}Patch>;

export const {{oneCamel}}ListQuery = listQueryOf({{CONST}}_STATUSES, {{CONST}}_SORTS, 'createdAt');
export type {{OnePascal}}ListQuery = z.infer<typeof {{oneCamel}}ListQuery>;

export const {{oneCamel}}Answer = z.object({
  id: answerText,
  name: answerText,
  price: z.number(),
  status: z.enum({{CONST}}_STATUSES),
  createdAt: instant,
  updatedAt: instant,
}) satisfies z.ZodType<{{OnePascal}}>;

export const {{oneCamel}}One = okWith({ {{oneCamel}}: {{oneCamel}}Answer });
export const {{oneCamel}}Page = okWith({ {{camel}}: z.array({{oneCamel}}Answer), ...listTotal });
