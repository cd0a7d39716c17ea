import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Hex } from 'viem';
import { idParams } from '../products/schemas.js';
import { createMintBody, debugMintBody, mintListQuery, txParams } from './schemas.js';
import {
  createManualJob, getJob, listJobs, presentJob, retryJob, transactionDetail, waitForHash, workerStatus,
} from './service.js';

export async function mintRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const read = { capability: 'backoffice.read' } as const;
  const write = { capability: 'catalog.write' } as const;
  const tags = ['mint queue'];

  r.get('/api/mint-jobs', { config: read, schema: { tags, querystring: mintListQuery } }, async (req) => {
    const [list, worker] = await Promise.all([listJobs(db, req.query), workerStatus(db, app.ctx.chain)]);
    return { ok: true, ...list, worker, serverTime: new Date().toISOString() };
  });

  r.get('/api/mint-jobs/:id', { config: read, schema: { tags, params: idParams } }, async (req) =>
    ({ ok: true, job: presentJob(await getJob(db, req.params.id)) }));

  r.post('/api/mint-jobs', { config: write, schema: { tags, body: createMintBody, summary: 'Queue a manual mint' } }, async (req, reply) =>
    reply.status(201).send({ ok: true, job: presentJob(await createManualJob(db, req.body, req.user)) }));

  r.post('/api/mint-jobs/:id/retry', { config: write, schema: { tags, params: idParams, summary: 'Queue a failed job again' } }, async (req) =>
    ({ ok: true, job: presentJob(await retryJob(db, req.params.id, req.user)) }));

  r.post('/api/debug/mint', {
    config: { capability: 'debug.use' },
    schema: { tags, body: debugMintBody, summary: 'Mint through the queue and answer with the transaction hash (admin)' },
  }, async (req) => {
    const { to, id, amount } = req.body;
    const job = await waitForHash(db, (await createManualJob(db, { walletAddress: to, tokenId: id, amount }, req.user, 'debug')).id);
    return { ok: job.status !== 'failed', tx: job.txHash, jobId: job.id, status: job.status, ...(job.lastError ? { error: job.lastError } : {}) };
  });

  r.get('/api/chain/tx/:hash', { config: read, schema: { tags, params: txParams } }, async (req) =>
    ({ ok: true, ...(await transactionDetail(db, app.ctx.chain, req.params.hash as Hex)) }));
}
