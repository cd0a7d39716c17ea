import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBalance } from '../../server/chain/contract.js';
import { DEV_TOKEN_ADDRESS } from '../../server/chain/dev-chain.js';
import { DEV_CHAIN_ID } from '../../server/chain/edr-provider.js';
import { queryRows } from '../../server/db/client.js';
import { SeedFileError } from '../../server/seed/parse.js';
import { seedFromFile } from '../../server/seed/seed.js';
import { reconcile } from '../../server/modules/reconcile/service.js';
import { createTestApp, type TestApp } from './harness.js';
import { demoVariant } from './seed-files.js';
import { replayedChain } from './replayed-chain.js';

let t: TestApp;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-seed-mints-'));
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
const quiet = () => undefined;
const DEV_TOKEN = { chainId: DEV_CHAIN_ID, contract: DEV_TOKEN_ADDRESS };

const variant = (name: string, change: Parameters<typeof demoVariant>[2]) => demoVariant(dir, name, change);
const counts = async () =>
  (
    await queryRows<{ jobs: number; txs: number; users: number }>(
      t.db,
      sql`select (select count(*)::int from mint_jobs) as jobs,
  (select count(*)::int from chain_transactions) as txs, (select count(*)::int from users) as users`,
    )
  )[0]!;

describe('db.json’s mint queue and dev-chain transactions', () => {
  it('load jobs in every state; after a restart every succeeded job’s tokens are in its wallet and reconcile passes', async () => {
    const summary = await seedFromFile(t.db, 'db.json', { log: quiet, chain: DEV_TOKEN });
    expect(summary.mintJobs).toBeGreaterThan(200);
    expect(summary.chainTransactions).toBeGreaterThan(200);
    const states = await queryRows<{ status: string; n: number }>(
      t.db,
      sql`select status, count(*)::int as n from mint_jobs group by status order by status`,
    );
    expect(states.map((s) => s.status)).toEqual(['awaiting_approval', 'failed', 'queued', 'rejected', 'succeeded']);
    const [shape] = await queryRows<Record<string, number>>(
      t.db,
      sql`select
      (select count(*)::int from mint_jobs where status = 'succeeded' and (signed_tx is null or tx_hash is null or block_number is null)) as unsent,
      (select count(*)::int from mint_jobs where status = 'failed' and last_error is not null) as failed_with_reason,
      (select count(*)::int from mint_jobs where status = 'rejected' and reject_reason is not null and rejected_by <> created_by) as rejected,
      (select count(*)::int from orders o where status = 'paid' and exists (select 1 from mint_jobs j where j.order_id = o.id)
        and not exists (select 1 from mint_jobs j where j.order_id = o.id and j.status <> 'succeeded')) as minted_but_not_fulfilled,
      (select count(*)::int from payouts where method = 'crypto' and status = 'completed' and transfer_state = 'mined' and signed_tx is not null) as paid_on_chain`,
    );
    expect(shape).toMatchObject({ unsent: 0, minted_but_not_fulfilled: 0, paid_on_chain: 1 });
    expect(shape!.failed_with_reason).toBeGreaterThan(0);
    // Members converted points: each conversion took its points in the ledger and its tokens are a succeeded job's.
    const [converted] = await queryRows<Record<string, number>>(
      t.db,
      sql`select (select count(*)::int from conversions) as conversions,
      (select count(*)::int from points_entries e join conversions c on c.id = e.conversion_id where e.type = 'CONVERTED' and e.amount = -c.from_amount) as entries,
      (select count(*)::int from conversions c join mint_jobs j on j.id = c.mint_job_id where j.status = 'succeeded' and j.amount = c.to_amount) as minted`,
    );
    expect(converted!.conversions).toBeGreaterThan(0);
    expect(converted).toEqual({
      conversions: converted!.conversions,
      entries: converted!.conversions,
      minted: converted!.conversions,
    });
    expect(shape!.rejected).toBe(1);

    const chain = await replayedChain(t.db);
    try {
      expect(chain.devChain!.replayed).toMatchObject({ sent: summary.chainTransactions, failed: [] });
      const result = await reconcile(t.db, chain);
      expect(result.checks.filter((c) => !c.ok)).toEqual([]);
      expect(result.checks.find((c) => c.name.startsWith('succeeded mint jobs'))!.figure).toMatch(
        /^\d+ succeeded mint jobs, \d+ read on chain$/,
      );
      // A wallet holds at least what its succeeded jobs minted of a token (read from the contract, not our tables).
      const [held] = await queryRows<{ wallet: string; token: string; minted: string }>(
        t.db,
        sql`select wallet_address as wallet, token_id::text as token,
        sum(amount)::text as minted from mint_jobs where status = 'succeeded' group by 1, 2 order by sum(amount) desc, 1, 2 limit 1`,
      );
      const balance = await readBalance(
        chain.publicClient,
        DEV_TOKEN_ADDRESS,
        held!.wallet as Address,
        BigInt(held!.token),
      );
      expect(balance).toBe(BigInt(held!.minted));

      // A job whose record disagrees with the chain is named.
      const [job] = await queryRows<{ id: string }>(
        t.db,
        sql`update mint_jobs set amount = amount + 1
        where id = (select id from mint_jobs where status = 'succeeded' order by id limit 1) returning id`,
      );
      const broken = (await reconcile(t.db, chain)).checks.find((c) => c.name.startsWith('succeeded mint jobs'))!;
      expect(broken.ok).toBe(false);
      expect(broken.detail).toEqual([
        expect.stringMatching(
          new RegExp(`^mint job ${job!.id}: transaction 0x[0-9a-f]{64} did not mint \\d+ of token \\d+ to 0x`),
        ),
      ]);
    } finally {
      await chain.close();
    }
  });

  it('refuses a bad job or transaction, one line each, and loads nothing', async () => {
    await seedFromFile(t.db, 'db.json', { log: quiet, withPasswords: false });
    const before = await counts();
    const file = variant('bad-mints.json', (d) => {
      const jobs = d.mintJobs as Record<string, unknown>[];
      const txs = d.chainTransactions as Record<string, unknown>[];
      txs[0]!.hash = `0x${'ab'.repeat(32)}`;
      txs[1]!.raw = 'not hex';
      jobs.find((j) => j.status === 'queued')!.status = 'lost';
      jobs.find((j) => j.status === 'rejected')!.rejectedBy = jobs.find((j) => j.status === 'rejected')!.createdBy;
      const other = jobs.filter((j) => j.orderItemId);
      other.at(-1)!.orderItemId = other[0]!.orderItemId;
      other.at(-2)!.amount = 0;
      d.conversions[0].fromAmount += 1;
    });
    const err = await seedFromFile(t.db, file, { log: quiet }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(SeedFileError);
    const lines = (err as Error).message.split('\n').slice(1);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^chainTransactions\[0\] \(id "0x(ab){32}"\)\.hash: "0x(ab){32}" is not the hash of its raw bytes \(0x[0-9a-f]{64}\)$/,
        ),
        expect.stringMatching(/^chainTransactions\[1\] \(id "0x[0-9a-f]{64}"\)\.raw: is not hex text$/),
        expect.stringMatching(
          /^mintJobs\[\d+\] \(id ".*"\)\.status: "lost" is not one of awaiting_approval, queued, processing, succeeded, failed, rejected$/,
        ),
        expect.stringMatching(/^mintJobs\[\d+\] \(id ".*"\)\.rejectedBy: .+/),
        expect.stringMatching(/^mintJobs\[\d+\] \(id ".*"\)\.orderItemId: line ".*" is not a line of order ".*"$/),
        expect.stringMatching(/^mintJobs\[\d+\] \(id ".*"\)\.amount: 0 is not a whole number of at least 1$/),
        expect.stringMatching(/^conversions\[0\] \(id ".*"\)\.fromAmount: \d+ is not "\d+" tokens × \d+ points$/),
      ]),
    );
    // The two skipped transactions' jobs name hashes no longer in the file: one line each too.
    expect(lines.filter((l) => / is not in chainTransactions$/.test(l))).toHaveLength(2);
    expect(lines.every((l) => /^(mintJobs|chainTransactions|conversions)\[/.test(l))).toBe(true);
    expect(await counts()).toEqual(before);
  });

  it('refuses a transaction said to be sent by someone who did not sign it', async () => {
    const file = variant('forged.json', (d) => {
      d.chainTransactions[3].sender = d.chainTransactions.find(
        (x: { sender: string }) => x.sender !== d.chainTransactions[3].sender,
      ).sender;
    });
    const err = await seedFromFile(t.db, file, { log: quiet, withPasswords: false }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(SeedFileError);
    expect((err as Error).message.split('\n').slice(1)).toEqual([
      expect.stringMatching(
        /^chainTransactions\[3\] \(id "0x[0-9a-f]{64}"\)\.sender: 0x[0-9a-fA-F]{40} did not sign it \(0x[0-9a-fA-F]{40} did\)$/,
      ),
    ]);
  });

  it('on another chain, the dev chain’s transactions and the jobs that sent them stay out, and the load says so in one line', async () => {
    const said: string[] = [];
    const sepolia = { chainId: 11155111, contract: '0x1111111111111111111111111111111111111111' as Address };
    const summary = await seedFromFile(t.db, 'db.json', {
      log: (line) => said.push(line),
      chain: sepolia,
      withPasswords: false,
    });
    expect(summary.chainTransactions).toBe(0);
    expect(await counts()).toMatchObject({ txs: 0 });
    const left = await queryRows<{ status: string }>(t.db, sql`select distinct status from mint_jobs order by status`);
    expect(left.map((r) => r.status)).toEqual(['awaiting_approval', 'failed', 'queued', 'rejected']);
    expect(
      said.filter((l) =>
        /transactions of chain 31337 and the \d+ mint jobs that sent them were not loaded: this server mints on chain 11155111\.$/.test(
          l,
        ),
      ),
    ).toHaveLength(1);
  });
});
