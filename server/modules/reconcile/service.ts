/**
 * Reconciliation: checks on the stored money of the referral network (issue 13), the members' points (issue 15) and the
 * indexed token balances (issue 42: each equals balanceOf on the chain) that must always hold. Each check
 * answers its figure and the records that break it; `ok` only when every one holds.
 */
import { sql } from 'drizzle-orm';
import {
  getAddress,
  parseEventLogs,
  TransactionReceiptNotFoundError,
  type Chain,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
  type Transport,
  zeroAddress,
} from 'viem';
import { readBalance, rwaTokenAbi } from '../../chain/contract.js';
import { readTransfer } from '../../chain/native-transfer.js';
import { queryRows, type Queryable } from '../../db/client.js';
import {
  commissionAdjustments,
  commissions,
  members,
  mintJobs,
  orders,
  payments,
  payouts,
  pointsEntries,
  tokenBalances,
  users,
} from '../../db/schema.js';
import { ratePpm, reducedCents } from '../commissions/policy.js';
import { tokenWei } from '../payouts/policy.js';
import { trimDecimal } from '../payouts/present.js';

export type Check = { name: string; ok: boolean; figure: string; detail: string[] };
export type Reconciliation = { ok: boolean; checks: Check[] };

const SHOWN = 10;
const check = (name: string, broken: string[], figure: string): Check => ({
  name,
  ok: broken.length === 0,
  figure,
  detail: broken.slice(0, SHOWN),
});
const n = (v: unknown) => Number(v ?? 0);

/** Each commission is worth its rate × its order's base × what is left of the order after refunds (0 once reversed). */
async function commissionAmounts(db: Queryable): Promise<Check> {
  const rows = await queryRows<{
    id: string;
    rate: string;
    base: string;
    amount: string;
    status: string;
    order_amount: string;
    refunded: string;
    clawed: string;
  }>(
    db,
    sql`
    select c.id, c.rate, c.base_cents as base, c.amount_cents as amount, c.status, o.amount_cents as order_amount,
      coalesce((select sum(p.refunded_cents) from ${payments} p where p.order_id = o.id), 0) as refunded,
      coalesce((select sum(a.amount_cents) from ${commissionAdjustments} a where a.commission_id = c.id), 0) as clawed
    from ${commissions} c join ${orders} o on o.id = c.order_id where c.status <> 'rejected'`,
  );
  const broken = rows.flatMap((r) => {
    const expected =
      r.status === 'reversed' ? 0 : reducedCents(ratePpm(r.rate), n(r.base), n(r.order_amount), n(r.refunded));
    const owed = n(r.amount) + n(r.clawed);
    return owed === expected ? [] : [`commission ${r.id}: owes ${owed} cents, its order's refunds leave ${expected}`];
  });
  return check(
    'commission amounts = rate × base × unrefunded share, less clawbacks',
    broken,
    `${rows.length} commissions`,
  );
}

/** One commission per order and level, each to the right referrer: the order's, then theirs. */
async function commissionReferrers(db: Queryable): Promise<Check> {
  const rows = await queryRows<{ id: string; level: number; referrer_id: string; expected: string | null }>(
    db,
    sql`
    select c.id, c.level, c.referrer_id, case c.level when 1 then o.referrer_id else u.referred_by_id end as expected
    from ${commissions} c join ${orders} o on o.id = c.order_id left join ${users} u on u.id = o.referrer_id`,
  );
  const dupes = await queryRows<{ order_id: string; level: number }>(
    db,
    sql`
    select order_id, level from ${commissions} group by order_id, level having count(*) > 1`,
  );
  const broken = [
    ...rows
      .filter((r) => r.referrer_id !== r.expected)
      .map((r) => `commission ${r.id}: level ${r.level} paid to ${r.referrer_id}, expected ${r.expected}`),
    ...dupes.map((d) => `order ${d.order_id}: more than one level-${d.level} commission`),
  ];
  return check('one commission per order and level, to the order’s referrers', broken, `${rows.length} commissions`);
}

/** Paid commissions are exactly what completed payouts paid; each payout's amount is its commissions less its clawbacks. */
async function payoutTotals(db: Queryable): Promise<Check> {
  const rows = await queryRows<{
    id: string;
    status: string;
    gross: string;
    deducted: string;
    amount: string;
    held: string;
    clawed: string;
  }>(
    db,
    sql`
    select p.id, p.status, p.gross_cents as gross, p.deducted_cents as deducted, p.amount_cents as amount,
      coalesce((select sum(c.amount_cents) from ${commissions} c where c.payout_id = p.id), 0) as held,
      coalesce((select sum(a.amount_cents) from ${commissionAdjustments} a where a.payout_id = p.id), 0) as clawed
    from ${payouts} p where p.status in ('pending', 'completed')`,
  );
  const broken = rows.flatMap((r) => {
    const out: string[] = [];
    if (n(r.amount) !== n(r.gross) - n(r.deducted))
      out.push(`payout ${r.id}: amount ${r.amount} ≠ gross ${r.gross} − deducted ${r.deducted}`);
    if (n(r.gross) !== n(r.held)) out.push(`payout ${r.id}: gross ${r.gross} ≠ its commissions' ${r.held}`);
    if (n(r.deducted) !== -n(r.clawed))
      out.push(`payout ${r.id}: deducted ${r.deducted} ≠ its clawbacks' ${-n(r.clawed)}`);
    return out;
  });
  const [totals] = await queryRows<{ paid: string; completed: string }>(
    db,
    sql`select
    (select coalesce(sum(amount_cents), 0) from ${commissions} where status = 'paid') as paid,
    (select coalesce(sum(gross_cents), 0) from ${payouts} where status = 'completed') as completed`,
  );
  if (n(totals?.paid) !== n(totals?.completed))
    broken.push(`paid commissions ${totals?.paid} ≠ completed payouts' commissions ${totals?.completed}`);
  return check(
    'paid commissions = completed payouts; payout = commissions − clawbacks',
    broken,
    `paid ${n(totals?.paid)} cents in ${rows.length} open or completed payouts`,
  );
}

/** A commission is in at most one payout, and its status agrees with that payout's. */
async function payoutMembership(db: Queryable): Promise<Check> {
  const rows = await queryRows<{ id: string; status: string; payout_status: string | null }>(
    db,
    sql`
    select c.id, c.status, p.status as payout_status from ${commissions} c left join ${payouts} p on p.id = c.payout_id
    where c.payout_id is not null or c.status = 'paid'`,
  );
  const broken = rows.flatMap((r) => {
    if (r.status === 'paid' && r.payout_status !== 'completed')
      return [`commission ${r.id}: paid, but its payout is ${r.payout_status ?? 'missing'}`];
    if (r.status === 'approved' && r.payout_status !== 'pending')
      return [`commission ${r.id}: held by a ${r.payout_status} payout`];
    if (r.status !== 'paid' && r.status !== 'approved') return [`commission ${r.id}: ${r.status}, yet in a payout`];
    return [];
  });
  return check(
    'each commission in at most one payout, matching its status',
    broken,
    `${rows.length} commissions in payouts`,
  );
}

/** What the crypto check reads the chain with: the connected chain's public client and id (null: none connected). */
export type ChainReader = { chainId: number; publicClient: PublicClient<Transport, Chain> } | null;

/**
 * A completed crypto payout names its transfer, and the chain (not our table) says that transfer succeeded, went to
 * the payout's wallet and moved exactly the payout's amount at its stored rate.
 */
async function cryptoPayouts(db: Queryable, chain: ChainReader): Promise<Check> {
  const rows = await queryRows<{
    id: string;
    tx_hash: string | null;
    wallet_address: string | null;
    amount_cents: string;
    token_rate: string | null;
    amount_wei: string | null;
    chain_id: number | null;
  }>(
    db,
    sql`
    select id, tx_hash, wallet_address, amount_cents, token_rate, amount_wei, chain_id from ${payouts}
    where method = 'crypto' and status = 'completed' order by completed_at, id`,
  );
  const broken: string[] = [];
  let onChain = 0;
  for (const r of rows) {
    if (!r.tx_hash) {
      broken.push(`payout ${r.id}: completed crypto payout without a transaction hash`);
      continue;
    }
    if (!chain) {
      broken.push(`payout ${r.id}: transfer ${r.tx_hash} cannot be checked: no chain is connected`);
      continue;
    }
    if (r.chain_id !== null && r.chain_id !== chain.chainId) {
      broken.push(
        `payout ${r.id}: transfer ${r.tx_hash} is on chain ${r.chain_id}, but the connected chain is ${chain.chainId}`,
      );
      continue;
    }
    const t = await readTransfer(chain.publicClient, r.tx_hash as Hex);
    onChain++;
    if (!t) {
      broken.push(`payout ${r.id}: transfer ${r.tx_hash} is not on chain ${chain.chainId}`);
      continue;
    }
    if (t.status !== 'success')
      broken.push(`payout ${r.id}: transfer ${r.tx_hash} is ${t.status === 'pending' ? 'not mined yet' : 'reverted'}`);
    if (!r.wallet_address || !t.to || t.to.toLowerCase() !== r.wallet_address.toLowerCase()) {
      broken.push(
        `payout ${r.id}: transfer ${r.tx_hash} went to ${t.to ? getAddress(t.to) : 'a new contract'}, not the payout's wallet ${r.wallet_address ?? '(none)'}`,
      );
    }
    if (r.token_rate !== null) {
      const expected = tokenWei(n(r.amount_cents), r.token_rate);
      if (t.value !== expected)
        broken.push(
          `payout ${r.id}: transfer ${r.tx_hash} moved ${t.value} wei, the payout is worth ${expected} wei at its rate ${trimDecimal(r.token_rate)}`,
        );
      else if (r.amount_wei !== null && BigInt(r.amount_wei) !== expected)
        broken.push(`payout ${r.id}: records ${r.amount_wei} wei, worth ${expected} wei at its rate`);
    } else if (t.value === 0n) {
      broken.push(`payout ${r.id}: transfer ${r.tx_hash} moved no native token`);
    }
  }
  return check(
    'completed crypto payouts match their on-chain transfers (status, recipient, value)',
    broken,
    `${rows.length} crypto payouts, ${onChain} read on chain`,
  );
}

/**
 * A succeeded mint job's transaction is on the connected chain, succeeded in the block the job says, and its token
 * contract logged the transfer of the job's amount of its token id to its wallet (after a restart of the dev chain:
 * the stored transactions replayed).
 */
const MINTED = 'succeeded mint jobs are minted on chain (receipt, block, token, amount, wallet)';
const RECEIPTS_AT_ONCE = 16;

type SucceededJob = {
  id: string;
  kind: string;
  tx_hash: string;
  chain_id: number | null;
  contract: string | null;
  wallet_address: string;
  token_id: string;
  amount: string;
  block_number: string | null;
};

/** What is wrong with a succeeded job's transaction as the chain has it (its receipt, or null when not mined). */
function mintProblems(r: SucceededJob, receipt: TransactionReceipt | null, chainId: number): string[] {
  if (!receipt) return [`mint job ${r.id}: transaction ${r.tx_hash} is not mined on chain ${chainId}`];
  const problems: string[] = [];
  if (receipt.status !== 'success') problems.push(`mint job ${r.id}: transaction ${r.tx_hash} reverted`);
  if (r.block_number !== null && BigInt(r.block_number) !== receipt.blockNumber) {
    problems.push(
      `mint job ${r.id}: transaction ${r.tx_hash} is in block ${receipt.blockNumber}, the job says ${r.block_number}`,
    );
  }
  // A mint is a transfer from the zero address to the wallet; a redeem job's burn, one from the wallet to it.
  const burn = r.kind === 'redeem';
  const [from, to] = burn ? [r.wallet_address, zeroAddress] : [zeroAddress, r.wallet_address];
  const done = parseEventLogs({ abi: rwaTokenAbi, logs: receipt.logs, eventName: 'TransferSingle' }).some((log) => {
    const args = log.args as { from: string; to: string; id: bigint; value: bigint };
    return (
      (!r.contract || log.address.toLowerCase() === r.contract.toLowerCase()) &&
      args.from.toLowerCase() === from.toLowerCase() &&
      args.to.toLowerCase() === to.toLowerCase() &&
      args.id === BigInt(r.token_id) &&
      args.value === BigInt(r.amount)
    );
  });
  if (receipt.status === 'success' && !done)
    problems.push(
      burn
        ? `mint job ${r.id}: transaction ${r.tx_hash} did not burn ${r.amount} of token ${r.token_id} from ${r.wallet_address}`
        : `mint job ${r.id}: transaction ${r.tx_hash} did not mint ${r.amount} of token ${r.token_id} to ${r.wallet_address}`,
    );
  return problems;
}

async function mintedTokens(db: Queryable, chain: ChainReader): Promise<Check> {
  const rows = await queryRows<SucceededJob>(
    db,
    sql`
    select id, kind, tx_hash, chain_id, contract, wallet_address, token_id::text, amount::text, block_number from ${mintJobs}
    where status = 'succeeded' order by completed_at, id`,
  );
  if (!chain) {
    const unread = rows.map(
      (r) => `mint job ${r.id}: transaction ${r.tx_hash} cannot be checked: no chain is connected`,
    );
    return check(MINTED, unread, `${rows.length} succeeded mint jobs, 0 read on chain`);
  }
  const onChain = rows.filter((r) => r.chain_id === null || r.chain_id === chain.chainId);
  const receiptOf = (hash: string) =>
    chain.publicClient.getTransactionReceipt({ hash: hash as Hex }).catch((err: unknown) => {
      if (err instanceof TransactionReceiptNotFoundError) return null;
      throw err;
    });
  const broken: string[] = [];
  // A few receipts in flight at a time: one round trip after another would add up against a remote node.
  for (let i = 0; i < onChain.length; i += RECEIPTS_AT_ONCE) {
    const batch = onChain.slice(i, i + RECEIPTS_AT_ONCE);
    const receipts = await Promise.all(batch.map((r) => receiptOf(r.tx_hash)));
    batch.forEach((r, j) => broken.push(...mintProblems(r, receipts[j]!, chain.chainId)));
  }
  return check(MINTED, broken, `${rows.length} succeeded mint jobs, ${onChain.length} read on chain`);
}

/** Every member's stored balance and lifetime points are their ledger's sums, and no balance is below 0 (issue 15). */
async function pointsLedger(db: Queryable): Promise<Check> {
  const rows = await queryRows<{
    user_id: string;
    balance: string;
    lifetime: string;
    ledger: string | null;
    earned: string | null;
  }>(
    db,
    sql`
    select m.user_id, m.points_balance as balance, m.lifetime_points as lifetime, e.ledger, e.earned from ${members} m
    full join (select user_id, sum(amount) as ledger, sum(amount) filter (where type in ('EARNED', 'REVERSED', 'ADJUSTED')) as earned
               from ${pointsEntries} group by user_id) e on e.user_id = m.user_id`,
  );
  const broken = rows.flatMap((r) => {
    if (n(r.balance) !== n(r.ledger))
      return [`member ${r.user_id}: balance ${n(r.balance)} points, the ledger sums to ${n(r.ledger)}`];
    if (n(r.lifetime) !== n(r.earned))
      return [
        `member ${r.user_id}: lifetime ${n(r.lifetime)} points, earned and adjusted entries sum to ${n(r.earned)}`,
      ];
    return n(r.balance) < 0 ? [`member ${r.user_id}: negative balance ${r.balance}`] : [];
  });
  return check('member points balances = their ledger sums, never negative', broken, `${rows.length} members`);
}

/** Every balance the holders indexer stored is what the token contract's balanceOf says for that holder (issue 42). */
const HELD = 'indexed token balances = balanceOf on chain, for every holder';
async function heldTokens(db: Queryable, chain: ChainReader): Promise<Check> {
  const rows = await queryRows<{
    chain_id: number;
    contract: string;
    token_id: string;
    holder: string;
    balance: string;
  }>(
    db,
    sql`select chain_id, contract, token_id::text, holder, balance::text from ${tokenBalances}
    order by chain_id, contract, token_id, holder`,
  );
  if (!chain)
    return check(HELD, rows.length > 0 ? ['no chain is connected to read balanceOf'] : [], `${rows.length} balances`);
  const onChain = rows.filter((r) => r.chain_id === chain.chainId);
  const broken: string[] = [];
  for (let i = 0; i < onChain.length; i += RECEIPTS_AT_ONCE) {
    const batch = onChain.slice(i, i + RECEIPTS_AT_ONCE);
    const read = await Promise.all(
      batch.map((r) =>
        readBalance(chain.publicClient, getAddress(r.contract), getAddress(r.holder), BigInt(r.token_id)),
      ),
    );
    batch.forEach((r, j) => {
      if (read[j] !== BigInt(r.balance))
        broken.push(`token ${r.token_id} of ${r.holder}: indexed ${r.balance}, balanceOf says ${read[j]}`);
    });
  }
  return check(HELD, broken, `${rows.length} balances, ${onChain.length} read on chain`);
}

export async function reconcile(db: Queryable, chain: ChainReader = null): Promise<Reconciliation> {
  const checks = [
    await commissionAmounts(db),
    await commissionReferrers(db),
    await payoutTotals(db),
    await payoutMembership(db),
    await cryptoPayouts(db, chain),
    await mintedTokens(db, chain),
    await pointsLedger(db),
    await heldTokens(db, chain),
  ];
  return { ok: checks.every((c) => c.ok), checks };
}
