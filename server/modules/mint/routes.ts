import type { Hex } from 'viem';
import { bulkAnswer } from '../../../src/common/answers.schemas.js';
import { mintBulkBody } from '../../../src/common/bulk.schemas.js';
import { idParams } from '../../../src/common/list.schemas.js';
import { eachRow } from '../../lib/bulk.js';
import {
  chainTxAnswer,
  createMintBody,
  debugMintAnswer,
  debugMintBody,
  mintJobOne,
  mintJobPage,
  mintListQuery,
  rejectMintBody,
  txParams,
} from '../../../src/common/mint.schemas.js';
import { streamCsv } from '../../lib/csv.js';
import { keysetPages } from '../../lib/pages.js';
import { defineRoutes } from '../../lib/routes.js';
import { conflict } from '../../lib/errors.js';
import { debugMintRefusal, mintAccess as access } from './policy.js';
import { jobCsv, presentJob } from './present.js';
import {
  approveJob,
  createManualJob,
  getJob,
  jobRows,
  listJobs,
  presentedJob,
  rejectJob,
  retryJob,
  transactionDetail,
  waitForHash,
  workerStatus,
} from './service.js';

export default defineRoutes('mint queue', (r, ctx) => {
  const { db } = ctx;
  const approvalLimit = async () => (await ctx.settings.get()).manualMintDualControlAbove;

  r.get(
    '/api/mint-jobs',
    {
      config: access.read,
      schema: {
        querystring: mintListQuery,
        response: { 200: mintJobPage },
        summary: 'The mint queue: filters, pages, sorts, and the worker’s state',
      },
    },
    async (req) => {
      const [list, worker] = await Promise.all([listJobs(db, req.query), workerStatus(db, ctx.chain)]);
      return { ok: true, ...list, worker, serverTime: new Date().toISOString() };
    },
  );

  r.get(
    '/api/mint-jobs/export.csv',
    {
      config: access.read,
      schema: { querystring: mintListQuery, summary: 'The filtered, sorted list as CSV (every row, streamed)' },
    },
    (req, reply) =>
      streamCsv(reply, {
        name: 'mint-jobs',
        columns: jobCsv,
        pages: keysetPages((page) => jobRows(db, req.query, page)),
      }),
  );

  r.get(
    '/api/mint-jobs/:id',
    { config: access.read, schema: { params: idParams, response: { 200: mintJobOne }, summary: 'A mint job' } },
    async (req) => ({ ok: true, job: await presentedJob(db, await getJob(db, req.params.id)) }),
  );

  r.post(
    '/api/mint-jobs',
    {
      config: access.write,
      schema: {
        body: createMintBody,
        response: { 201: mintJobOne },
        summary:
          'Queue a manual mint with its reason (above the dual control threshold, or to the caller’s own account wallet: awaiting approval)',
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send({ ok: true, job: presentJob(await createManualJob(db, req.body, req.user, await approvalLimit())) }),
  );

  r.post(
    '/api/mint-jobs/:id/approve',
    {
      config: { ...access.write, refuses: [409] },
      schema: {
        params: idParams,
        response: { 200: mintJobOne },
        summary: 'Another member of staff approves a manual mint awaiting approval: it is queued',
      },
    },
    async (req) => ({ ok: true, job: await presentedJob(db, await approveJob(db, req.params.id, req.user)) }),
  );

  r.post(
    '/api/mint-jobs/:id/reject',
    {
      config: { ...access.write, refuses: [409] },
      schema: {
        params: idParams,
        body: rejectMintBody,
        response: { 200: mintJobOne },
        summary: 'Another member of staff rejects a manual mint awaiting approval, with a reason: it is never minted',
      },
    },
    async (req) => ({
      ok: true,
      job: await presentedJob(db, await rejectJob(db, req.params.id, req.body.reason, req.user)),
    }),
  );

  r.post(
    '/api/mint-jobs/:id/retry',
    {
      config: { ...access.write, refuses: [409] },
      schema: { params: idParams, response: { 200: mintJobOne }, summary: 'Queue a failed job again' },
    },
    async (req) => ({ ok: true, job: await presentedJob(db, await retryJob(db, req.params.id, req.user)) }),
  );

  r.post(
    '/api/mint-jobs/bulk',
    {
      config: access.write,
      schema: {
        body: mintBulkBody,
        response: { 200: bulkAnswer },
        summary: 'Queue the selected failed jobs again, each on its own; answers each one’s outcome',
      },
    },
    async (req) => ({ ok: true, ...(await eachRow(req.body.ids, (id) => retryJob(db, id, req.user))) }),
  );

  r.post(
    '/api/debug/mint',
    {
      config: { ...access.debug, refuses: [409] },
      schema: {
        body: debugMintBody,
        response: { 200: debugMintAnswer },
        summary: 'Mint through the queue and answer with the transaction hash (admin)',
      },
    },
    async (req) => {
      const { to, id, amount } = req.body;
      const refusal = debugMintRefusal(ctx.chain?.chain?.mode ?? null);
      if (refusal) throw conflict(refusal);
      const made = await createManualJob(
        db,
        { walletAddress: to, tokenId: id, amount, note: null },
        req.user,
        await approvalLimit(),
        'debug',
      );
      const job = await waitForHash(db, made.id);
      return {
        ok: job.status !== 'failed',
        tx: job.txHash,
        jobId: job.id,
        status: job.status,
        ...(job.lastError ? { error: job.lastError } : {}),
      };
    },
  );

  r.get(
    '/api/chain/tx/:hash',
    {
      config: access.read,
      schema: {
        params: txParams,
        response: { 200: chainTxAnswer },
        summary: 'A transaction on the chain, by its hash',
      },
    },
    async (req) => ({ ok: true, ...(await transactionDetail(db, ctx.chain, req.params.hash as Hex)) }),
  );
});
