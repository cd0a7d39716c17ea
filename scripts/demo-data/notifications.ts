/**
 * Notifications: one bulk send to everyone, completed (each active account then got it in the app and by email,
 * kept in the outbox as no SMTP server was set), and each account's own notices, the older ones read.
 */
import { faker } from '@faker-js/faker';
import { TO, DAY, iso } from './context.js';
import { staff, shoppers } from './accounts.js';
import { sales, admin, finance, isPaid, amountOf } from './orders.js';
import { operator } from './domain.js';
import { notice, noticeText, type NoticeCode, type NoticeParams } from '../../src/common/notices-catalogue.js';

const BULK_AT = TO - 14 * DAY;
const everyone = [...staff, ...shoppers]
  .filter((u) => u.status === 'active' && u.createdAt <= iso(BULK_AT))
  .sort((a, b) => a.id.localeCompare(b.id));
export const bulk = {
  id: faker.string.uuid(),
  audience: 'all',
  title: 'New: tokenised silver bars',
  body: 'Silver bars now come with their token: buy one and it is minted to your wallet. Existing holders need do nothing.',
  inApp: true,
  email: true,
  status: 'completed',
  total: everyone.length,
  reached: everyone.length,
  cursor: everyone.at(-1)!.id,
  sent: everyone.length,
  failed: 0,
  skipped: 0,
  createdBy: admin.id,
  createdAt: iso(BULK_AT),
  expandedAt: iso(BULK_AT + 60_000),
  finishedAt: iso(BULK_AT + 120_000),
};
type Notice = {
  userId: string;
  title: string;
  body: string;
  messageCode: NoticeCode;
  params: NoticeParams;
  link: string;
  at: number;
};
/** An event's notice as the server stores it: its code and params, and its English text. */
const said = (code: NoticeCode, params: NoticeParams = {}) => ({
  ...noticeText(code, params)!,
  ...notice(code, params),
});
const paidNotices: Notice[] = sales
  .filter((sale) => isPaid(sale) && sale.paidAt > TO - 45 * DAY)
  .map((sale) => ({
    userId: sale.customerId,
    link: '/shop/account',
    at: sale.paidAt,
    ...said('order_paid', {
      order: String(sale.order.id).slice(0, 8),
      orderId: String(sale.order.id),
      amount: (amountOf(sale) / 100).toFixed(2),
      currency: 'USD',
    }),
  }));
const staffNotices: Notice[] = [
  {
    userId: admin.id,
    ...said('payout_awaits_approval', { creator: 'Finance User' }),
    link: '/payouts',
    at: TO - 3 * DAY,
  },
  { userId: admin.id, ...said('kyc_to_review'), link: '/kyc', at: TO - 2 * DAY },
  { userId: admin.id, ...said('weekly_report'), link: '/reports', at: TO - 30 * DAY },
  { userId: finance.id, ...said('commissions_to_review'), link: '/referrals', at: TO - 7 * DAY },
  { userId: finance.id, ...said('payout_failed'), link: '/payouts', at: TO - 29 * DAY },
  { userId: operator.id, ...said('low_stock', { count: 5 }), link: '/products', at: TO - 4 * DAY },
];
export const notifications = [
  ...everyone.map((u) => ({
    userId: u.id,
    title: bulk.title,
    body: bulk.body,
    bulkId: bulk.id,
    at: BULK_AT + 60_000,
    read: faker.datatype.boolean(0.6),
  })),
  ...[...staffNotices, ...paidNotices].map(({ at, ...n }) => ({
    ...n,
    at,
    read: at < TO - 10 * DAY || faker.datatype.boolean(0.3),
  })),
]
  .sort((a, b) => a.at - b.at)
  .map(({ at, read, ...n }) => ({
    id: faker.string.uuid(),
    ...n,
    ...(read ? { readAt: iso(Math.min(at + faker.number.int({ min: 600_000, max: 2 * DAY }), TO)) } : {}),
    createdAt: iso(at),
  }));
export const emailMessages = everyone.map((u) => ({
  userId: u.id,
  to: u.email,
  subject: bulk.title,
  body: bulk.body,
  bulkId: bulk.id,
  status: 'outbox',
  attempts: 1,
  nextAttemptAt: iso(BULK_AT + 60_000),
  createdAt: iso(BULK_AT + 60_000),
  sentAt: iso(BULK_AT + 90_000),
}));
