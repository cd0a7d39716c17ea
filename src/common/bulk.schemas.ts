/** What every bulk action takes: the selected ids (1 to MAX_BULK UUIDs) and an action among the resource's own. */
import { z } from 'zod';
import { MAX_BULK } from './bulk.js';
import { PRODUCT_STATUSES } from './products.js';
import { text } from './text.js';

type Words = readonly [string, ...string[]];

const uuid = text('Each id', { max: 36, tooLong: 'Each id must be a UUID.' }).uuid('Each id must be a UUID.');

/** The selected rows of `noun` (e.g. "product"). */
export const bulkIds = (noun: string) =>
  z
    .array(uuid, { error: `ids must be a list of ${noun} ids.` })
    .min(1, `Choose at least one ${noun}.`)
    .max(MAX_BULK, `At most ${MAX_BULK} ${noun}s at once.`);

export const bulkAction = <const A extends Words>(actions: A) =>
  z.enum(actions, { error: `action must be ${actions.join(' or ')}.` });

/** A body of selected rows and one of `actions`. */
export const bulkBody = <const A extends Words>(noun: string, actions: A) =>
  z.object({ ids: bulkIds(noun), action: bulkAction(actions) });

/** The selected rows as a query parameter (an export of the selection): their UUIDs separated by commas. */
const oneUuid = text('Each id', { max: 36 }).uuid();
export const idsQuery = text('ids', { max: 37 * MAX_BULK, tooLong: `ids can name at most ${MAX_BULK} rows.` })
  .transform((v) => v.split(',').map((id) => id.trim()))
  .refine((ids) => ids.length <= MAX_BULK, `ids can name at most ${MAX_BULK} rows.`)
  .refine((ids) => ids.every((id) => oneUuid.safeParse(id).success), 'ids must be UUIDs separated by commas.')
  .optional();

export const productBulkBody = bulkBody('product', ['status', 'delete'])
  .extend({
    status: z.enum(PRODUCT_STATUSES, { error: `status must be one of ${PRODUCT_STATUSES.join(', ')}.` }).optional(),
  })
  .refine((b) => b.action !== 'status' || b.status !== undefined, {
    path: ['status'],
    message: `Choose the status to set: ${PRODUCT_STATUSES.join(', ')}.`,
  });
export type ProductBulkInput = z.infer<typeof productBulkBody>;

export const couponBulkBody = bulkBody('coupon', ['expire', 'delete']);
export const orderBulkBody = bulkBody('order', ['fail']);
export const mintBulkBody = bulkBody('mint job', ['retry']);
export const userBulkBody = bulkBody('user', ['suspend', 'reactivate']);
export const dnsRecordBulkBody = bulkBody('DNS record', ['activate', 'deactivate', 'delete']);
/** Mark the caller's own notifications read. */
export const notificationReadBody = z.object({ ids: bulkIds('notification') });
