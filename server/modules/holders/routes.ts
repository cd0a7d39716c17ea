import {
  holderFreezeAnswer,
  holderFreezeBody,
  holderRedeemAnswer,
  holderRedeemBody,
  productHoldersAnswer,
} from '../../../src/common/holders.schemas.js';
import { idParams } from '../../../src/common/list.schemas.js';
import { tokenOfChain } from '../../chain/client.js';
import { defineRoutes } from '../../lib/routes.js';
import { presentJob } from '../mint/present.js';
import { setFreeze } from './freeze.js';
import { holdersAccess as access } from './policy.js';
import { redeemTokens } from './redeem.js';
import { productHolders } from './service.js';

export default defineRoutes('holders', (r, { db, config, settings }) => {
  r.get(
    '/api/products/:id/holders',
    {
      config: access.read,
      schema: {
        params: idParams,
        response: { 200: productHoldersAnswer },
        summary:
          'A tokenised product’s supply (minted, in circulation, burned) and holders with their balances, as indexed ' +
          'from the token contract’s transfer logs, each with the account and KYC state its wallet belongs to and its ' +
          'freeze for this token (staff)',
      },
    },
    async (req) => ({ ok: true, holders: await productHolders(db, req.params.id, tokenOfChain(config.chain)) }),
  );

  for (const [action, on] of [
    ['freeze', true],
    ['unfreeze', false],
  ] as const) {
    r.post(
      `/api/products/:id/holders/${action}`,
      {
        config: { ...access.freeze, refuses: [409] },
        schema: {
          params: idParams,
          body: holderFreezeBody,
          response: { 200: holderFreezeAnswer },
          summary: on
            ? 'Freeze a wallet for a tokenised product’s token, with a reason: the mint worker then sets it on the ' +
              'contract, which refuses every transfer of that token from or to the wallet (audited)'
            : 'Unfreeze a wallet frozen for a tokenised product’s token, with a reason; the mint worker lifts it on ' +
              'the contract (audited)',
        },
      },
      async (req) => ({ ok: true, freeze: await setFreeze(db, req.params.id, req.body, on, req.user) }),
    );
  }

  r.post(
    '/api/products/:id/holders/redeem',
    {
      config: { ...access.freeze, refuses: [409] },
      schema: {
        params: idParams,
        body: holderRedeemBody,
        response: { 201: holderRedeemAnswer },
        summary:
          'Redeem a holder’s tokens, with a reason: a job of the mint queue burns that many of the wallet’s tokens ' +
          '(the contract’s `redeem`), once; above the manual mint threshold, or from the asker’s own wallet, it waits ' +
          'for a second member of staff’s approval there. Refused for a frozen wallet or more than it holds (audited)',
      },
    },
    async (req, reply) => {
      const limit = (await settings.get()).manualMintDualControlAbove;
      const job = await redeemTokens(db, req.params.id, req.body, tokenOfChain(config.chain), req.user, limit);
      return reply.status(201).send({ ok: true, job: presentJob(job) });
    },
  );
});
