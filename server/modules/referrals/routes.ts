import {
  attributionAnswer,
  payoutWalletAnswer,
  payoutWalletBody,
  referralClickAnswer,
  referralCodeBody,
  referralLinkAnswer,
  referralListQuery,
  referralPage,
  referralStatsAnswer,
  referralSummaryAnswer,
} from '../../../src/common/referrals.schemas.js';
import { streamCsv } from '../../lib/csv.js';
import { keysetPages } from '../../lib/pages.js';
import { defineRoutes } from '../../lib/routes.js';
import { siteOrigin } from '../../lib/site.js';
import { referralAccess as access } from './policy.js';
import { referralCsv } from './present.js';
import {
  attribute,
  ensureReferralCode,
  listReferrals,
  recordClick,
  referralLink,
  referralRows,
  referralStats,
  referralSummary,
  setPayoutWallet,
  visitorHash,
  visitorSalt,
} from './service.js';

export default defineRoutes('referrals', (r, { db, settings, config }) => {
  r.post(
    '/api/referrals/link',
    {
      config: access.own,
      schema: { response: { 200: referralLinkAnswer }, summary: 'The caller’s referral code and link' },
    },
    async (req) => {
      const code = await ensureReferralCode(db, req.user!.id);
      return {
        ok: true,
        referralCode: code,
        link: referralLink(siteOrigin(req, (await settings.get()).siteUrl), code),
      };
    },
  );

  r.post(
    '/api/referrals/click',
    {
      config: { ...access.click, rateLimit: { max: config.clickRateLimitMax, timeWindow: '1 minute' }, refuses: [404] },
      schema: {
        body: referralCodeBody,
        response: { 200: referralClickAnswer },
        summary: 'Count a visit through a referral link (no token)',
      },
    },
    async (req) => {
      const hash = visitorHash(
        await visitorSalt(db, config.referralSalt),
        req.ip,
        String(req.headers['user-agent'] ?? ''),
      );
      return { ok: true, ...(await recordClick(db, req.body.code, hash)) };
    },
  );

  r.post(
    '/api/referrals/attribute',
    {
      config: { ...access.own, refuses: [404, 409] },
      schema: {
        body: referralCodeBody,
        response: { 200: attributionAnswer },
        summary: 'Bind the caller to the referrer whose code brought them (once)',
      },
    },
    async (req) => ({ ok: true, ...(await attribute(db, req.user!.id, req.body.code, req.user)) }),
  );

  r.get(
    '/api/referrals/stats',
    {
      config: access.own,
      schema: { response: { 200: referralStatsAnswer }, summary: 'The caller’s clicks, conversion and earnings' },
    },
    async (req) => {
      const current = await settings.get();
      return { ok: true, stats: await referralStats(db, req.user!.id, siteOrigin(req, current.siteUrl), current) };
    },
  );

  r.put(
    '/api/referrals/wallet',
    {
      config: access.own,
      schema: {
        body: payoutWalletBody,
        response: { 200: payoutWalletAnswer },
        summary: 'Set or remove the caller’s payout wallet (where crypto payouts go)',
      },
    },
    async (req) => ({ ok: true, ...(await setPayoutWallet(db, req.user!.id, req.body.walletAddress, req.user)) }),
  );

  r.get(
    '/api/referrals',
    {
      config: access.read,
      schema: {
        querystring: referralListQuery,
        response: { 200: referralPage },
        summary: 'Who referred whom, two levels deep',
      },
    },
    async (req) => ({ ok: true, ...(await listReferrals(db, req.query)) }),
  );

  r.get(
    '/api/referrals/export.csv',
    {
      config: access.read,
      schema: { querystring: referralListQuery, summary: 'The filtered, sorted list as CSV (every row, streamed)' },
    },
    (req, reply) =>
      streamCsv(reply, {
        name: 'referrals',
        columns: referralCsv,
        pages: keysetPages((page) => referralRows(db, req.query, page)),
      }),
  );

  r.get(
    '/api/referrals/summary',
    {
      config: access.read,
      schema: { response: { 200: referralSummaryAnswer }, summary: 'Referred users, active ones, and all earnings' },
    },
    async () => ({ ok: true, summary: await referralSummary(db) }),
  );
});
