/** The products screens' own settings; the product vocabulary and API type live in src/common/products.ts. */
export const PRODUCTS_PER_PAGE = 50;
