import { describe, expect, it } from 'vitest';
import { mapOntoChain } from '../../server/seed/chain.js';

const RUNNING = { chainId: 31337, contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3' as const };
const OTHER = '0x9a35db7cd890ada2fce9bfcaea97dd3e60bfa70c';

describe('a seed file’s tokens on the running chain', () => {
  it('moves tokenised products and lines onto the running chain and contract, and says what the file said', () => {
    const data = {
      products: [
        { sku: 'A', chainId: 11155111, contract: OTHER, tokenId: '1' },
        { sku: 'B', chainId: 11155111, contract: null, tokenId: null },
      ],
      orderItems: [
        { tokenised: true, chainId: 11155111, contract: OTHER },
        { tokenised: false, chainId: null, contract: null },
      ],
    };
    expect(mapOntoChain(data, RUNNING)).toBe(
      `tokenised products are loaded on the running chain 31337, contract ${RUNNING.contract} (the file said chain 11155111, contract ${OTHER}).`,
    );
    expect(data.products).toEqual([
      { sku: 'A', chainId: 31337, contract: RUNNING.contract, tokenId: '1' },
      { sku: 'B', chainId: 31337, contract: null, tokenId: null },
    ]);
    expect(data.orderItems).toEqual([
      { tokenised: true, chainId: 31337, contract: RUNNING.contract },
      { tokenised: false, chainId: null, contract: null },
    ]);
  });

  it('says the tokens are where they were when the file already names the running chain (in any case), and nothing without tokens', () => {
    const same = {
      products: [{ sku: 'A', chainId: 31337, contract: RUNNING.contract.toLowerCase(), tokenId: '1' }],
      orderItems: [],
    };
    expect(mapOntoChain(same, RUNNING)).toBe(
      `tokenised products are on the running chain 31337, contract ${RUNNING.contract}.`,
    );
    expect(same.products[0]!.contract).toBe(RUNNING.contract);
    expect(mapOntoChain({ products: [{ sku: 'B', chainId: 1, contract: null }], orderItems: [] }, RUNNING)).toBeNull();
  });

  it('refuses two products that would become the same token of the one contract', () => {
    const data = {
      products: [
        { sku: 'A', chainId: 1, contract: OTHER, tokenId: '7' },
        { sku: 'B', chainId: 1, contract: `0x${'12'.repeat(20)}`, tokenId: '7' },
      ],
      orderItems: [],
    };
    expect(() => mapOntoChain(data, RUNNING)).toThrow(
      `products A and B would both be token 7 of ${RUNNING.contract}: give them different token ids.`,
    );
  });
});
