import { productHoldersAnswer } from '../../../src/common/holders.schemas.js';
import { idParams } from '../../../src/common/list.schemas.js';
import { tokenOfChain } from '../../chain/client.js';
import { defineRoutes } from '../../lib/routes.js';
import { holdersAccess as access } from './policy.js';
import { productHolders } from './service.js';

export default defineRoutes('holders', (r, { db, config }) => {
  r.get(
    '/api/products/:id/holders',
    {
      config: access.read,
      schema: {
        params: idParams,
        response: { 200: productHoldersAnswer },
        summary:
          'A tokenised product’s supply (minted, in circulation, burned) and holders with their balances, as indexed ' +
          'from the token contract’s transfer logs, each with the account and KYC state its wallet belongs to (staff)',
      },
    },
    async (req) => ({ ok: true, holders: await productHolders(db, req.params.id, tokenOfChain(config.chain)) }),
  );
});
