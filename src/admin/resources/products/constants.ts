/** The product vocabulary the server accepts (server/modules/products/schemas.ts). */
export const RWA_TYPES = ['commodity', 'real_estate', 'art', 'collectibles', 'bonds'] as const;
export const PRODUCT_STATUSES = ['active', 'inactive', 'draft'] as const;
export const TOKEN_TYPES = ['ERC1155', 'ERC721', 'ERC20'] as const;
export const DEFAULT_CHAIN_ID = 11155111;
export const DEFAULT_TOKEN_TYPE = 'ERC1155';
export const PRODUCTS_PER_PAGE = 50;

export type RwaType = (typeof RWA_TYPES)[number];
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Unknown statuses render as draft (SPEC §4). */
export const productStatusOf = (value: unknown): ProductStatus =>
  (PRODUCT_STATUSES as readonly unknown[]).includes(value) ? (value as ProductStatus) : 'draft';

export type Product = {
  id: string;
  title: string;
  name: string;
  sku: string;
  description: string | null;
  category: string | null;
  image: string | null;
  priceFiat: number;
  priceCrypto: string;
  rwaType: RwaType;
  chainId: number;
  contract: string | null;
  tokenType: string;
  tokenId: string | null;
  redeemPolicy: Record<string, unknown> | null;
  stock: number;
  status: string;
  createdAt: string;
  updatedAt: string;
};

export type ProductStats = { total: number; active: number; inactive: number; draft: number; totalValue: number };
