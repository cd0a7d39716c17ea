import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, freshWallet } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_MAX: '10000' });
});
afterAll(async () => {
  await t?.close();
});

/** A shopper with a session of their own. */
async function shopper() {
  const user = await buildUser(t);
  const token = (await t.login(user.email)).json().token as string;
  return { user, token };
}
const setWallet = (token: string | null, walletAddress: string | null) =>
  t.call(
    'PUT',
    '/api/referrals/wallet',
    token ? { token, body: { walletAddress } } : { as: null, body: { walletAddress } },
  );
/** The wallet as the Account page reads it back: the caller's membership. */
const walletOf = async (token: string) =>
  (await t.call('GET', '/api/membership/info', { token })).json().member.walletAddress as string | null;

describe('the shopper’s wallet on their account', () => {
  it('is set (stored checksummed), read back, and cleared by its owner; each change is audited', async () => {
    const me = await shopper();
    expect(await walletOf(me.token)).toBeNull();
    const wallet = freshWallet();
    const set = await setWallet(me.token, wallet.toLowerCase());
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ ok: true, walletAddress: wallet });
    expect(await walletOf(me.token)).toBe(wallet);

    const cleared = await setWallet(me.token, '');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().walletAddress).toBeNull();
    expect(await walletOf(me.token)).toBeNull();

    const trail = (await t.call('GET', `/api/audit?action=user.payout_wallet&entityId=${me.user.id}`)).json()
      .events as { data: unknown }[];
    expect(trail.map((e) => e.data)).toEqual([
      { before: { walletAddress: wallet }, after: { walletAddress: null } },
      { before: { walletAddress: null }, after: { walletAddress: wallet } },
    ]);
  });

  it('refuses an address that is not an EVM address with a 400 sentence, and keeps the wallet it had', async () => {
    const me = await shopper();
    const wallet = freshWallet();
    expect((await setWallet(me.token, wallet)).statusCode).toBe(200);
    const swapped = [...wallet.slice(2)]
      .map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()))
      .join('');
    const notEvm =
      'Invalid field "walletAddress": Payout wallet must be an EVM address (0x and 40 hex digits, with a correct checksum if mixed-case).';
    const refusals: [string, string][] = [
      ['0x1234', notEvm],
      [`0x${'g'.repeat(40)}`, notEvm],
      [`0x${swapped}`, notEvm],
      [`${wallet}00`, 'Invalid field "walletAddress": Payout wallet can be at most 42 characters.'],
    ];
    for (const [bad, sentence] of refusals) {
      const res = await setWallet(me.token, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error, bad).toBe(sentence);
    }
    expect(await walletOf(me.token)).toBe(wallet);
  });

  it('is refused without a token (401) and changes only the caller’s own wallet', async () => {
    const [me, other] = [await shopper(), await shopper()];
    const theirs = freshWallet();
    expect((await setWallet(other.token, theirs)).statusCode).toBe(200);
    expect((await setWallet(null, freshWallet())).statusCode).toBe(401);
    const mine = freshWallet();
    expect((await setWallet(me.token, mine)).statusCode).toBe(200);
    expect((await setWallet(me.token, null)).statusCode).toBe(200);
    expect(await walletOf(other.token)).toBe(theirs);
    expect(await walletOf(me.token)).toBeNull();
  });
});

describe('converting points without a wallet', () => {
  it('is refused with a sentence saying where the wallet is set, in English and Chinese', async () => {
    const me = await shopper();
    expect(
      (
        await t.call('POST', '/api/membership/points/add', {
          body: { userId: me.user.id, amount: 500, reason: 'Wallet check' },
        })
      ).statusCode,
    ).toBe(200);
    const body = { fromToken: 'POINTS', toToken: 'LOYALTY', amount: 100 };
    const res = await t.call('POST', '/api/membership/tokens/convert', { token: me.token, body });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error:
        'Add a wallet address on your Account page, under Wallet, before converting points: the tokens are minted to it.',
      messageCode: 'conversion_wallet_required',
    });
    expect((await t.call('GET', '/api/membership/info', { token: me.token })).json().member.totalPoints).toBe(500);
  });
});
