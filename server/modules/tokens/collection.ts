/**
 * The collection as wallets and marketplaces read it at the contract's contractURI(): its name, description, image
 * and the shop (OpenSea's contract-level metadata), and a plain SVG mark for its image (the site has no logo).
 */
import { baseTokenUri, COLLECTION_IMAGE_PATH, type CollectionMetadata } from '../../../src/common/tokens.js';
import type { ChainToken } from '../../chain/client.js';

export function collectionMetadata(siteName: string, origin: string, token: ChainToken): CollectionMetadata {
  return {
    name: siteName,
    description:
      `Real-world assets sold by ${siteName}: one ERC-1155 token id per tokenised product. Each token's metadata ` +
      'names its issuer, custody, valuation and redemption policy, and lists its documents with their sha256.',
    image: `${origin}${COLLECTION_IMAGE_PATH}`,
    external_link: origin,
    properties: {
      chain_id: token.chainId,
      contract: token.contract,
      token_uri: baseTokenUri(origin),
      standard: 'ERC-1155',
    },
  };
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** A square with the site name's initials. */
export function collectionImage(siteName: string): string {
  const initials =
    siteName
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 3)
      .map((w) => [...w][0]!.toUpperCase())
      .join('') || 'RWA';
  const text = initials.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">' +
    '<rect width="512" height="512" fill="#1e3a5f"/>' +
    `<text x="256" y="300" font-family="sans-serif" font-size="160" fill="#ffffff" text-anchor="middle">${text}</text>` +
    '</svg>'
  );
}
