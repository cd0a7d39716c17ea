import { and, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { orderItems, products } from '../../db/schema.js';
import type { Db, Queryable } from '../../db/client.js';
import { cryptoText, fromCents, toCents } from '../../../src/common/money.js';
import { requiresVerifiedHoldersByDefault, type ProductStats } from '../../../src/common/products.js';
import type { ProductInput, ProductListQuery, ProductPatch } from '../../../src/common/products.schemas.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { assertVersion } from '../../lib/if-match.js';
import { uniqueText } from '../../lib/unique.js';
import { Counter } from '../../lib/list.js';
import { after, listOrder, orderBy, type Page } from '../../lib/pages.js';
import type { Actor } from '../../types.js';
import { changes } from '../audit/changes.js';
import { audit } from '../audit/service.js';
import { invalidateDashboard } from '../dashboard/service.js';
import { removeUploads, storeImage } from './images.js';
import { deleteRefusal } from './policy.js';
import { presentProduct } from './present.js';

const SORT_COLUMNS = {
  title: products.title,
  sku: products.sku,
  priceFiat: products.priceFiatCents,
  priceCrypto: products.priceCrypto,
  stock: products.stock,
  status: products.status,
  rwaType: products.rwaType,
  createdAt: products.createdAt,
} as const;

const counter = new Counter();

function toColumns(input: ProductPatch) {
  const { priceFiat, priceCrypto, valuationFiat, ...rest } = input;
  return {
    ...rest,
    ...(priceFiat !== undefined ? { priceFiatCents: toCents(priceFiat) } : {}),
    ...(valuationFiat !== undefined ? { valuationCents: valuationFiat === null ? null : toCents(valuationFiat) } : {}),
    ...(priceCrypto !== undefined ? { priceCrypto: cryptoText(priceCrypto) } : {}),
    // A new image link replaces an uploaded image, whose thumbnail then no longer applies.
    ...(rest.image !== undefined ? { imageThumb: null } : {}),
  };
}

const uniqueSku = uniqueText({
  table: products,
  id: products.id,
  column: products.sku,
  index: 'products_sku_key',
  taken: (value) => new AppError(409, 'sku_taken', { value }, { sku: 'sku_used_by_other' }),
});

/**
 * `exclusiveUpTo`: the shop's catalogue for a buyer, showing exclusive products kept for these levels only (an empty
 * list: none); undefined: every product (the admin's list).
 */
function productFilter(q: ProductListQuery, exclusiveUpTo?: readonly string[]) {
  const filters: SQL[] = [];
  if (exclusiveUpTo) {
    filters.push(
      exclusiveUpTo.length
        ? or(isNull(products.minMemberLevel), inArray(products.minMemberLevel, [...exclusiveUpTo]))!
        : isNull(products.minMemberLevel),
    );
  }
  if (q.status) filters.push(eq(products.status, q.status));
  if (q.rwaType) filters.push(eq(products.rwaType, q.rwaType));
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(or(ilike(products.title, like), ilike(products.sku, like))!);
  }
  return {
    where: filters.length ? and(...filters) : undefined,
    order: listOrder([SORT_COLUMNS[q.sort]], products.id, q.order),
  };
}

/** One page of the list (by offset for the JSON list, after a row for the CSV export). */
export async function productRows(db: Db, q: ProductListQuery, page: Page, exclusiveUpTo?: readonly string[]) {
  const { where, order } = productFilter(q, exclusiveUpTo);
  const rows = await db
    .select()
    .from(products)
    .where(and(where, after(order, page.after)))
    .orderBy(...orderBy(order))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  return rows.map(presentProduct);
}

export async function listProducts(db: Db, q: ProductListQuery, exclusiveUpTo?: readonly string[]) {
  const [rows, total] = await Promise.all([
    productRows(db, q, q, exclusiveUpTo),
    counter.count(
      db,
      products,
      productFilter(q, exclusiveUpTo).where,
      JSON.stringify([q.status, q.rwaType, q.q, exclusiveUpTo ?? null]),
    ),
  ]);
  return { products: rows, ...total };
}

export async function productStats(db: Db): Promise<ProductStats> {
  const [row] = await db
    .select({
      total: sql<string>`count(*)`,
      active: sql<string>`count(*) filter (where ${products.status} = 'active')`,
      inactive: sql<string>`count(*) filter (where ${products.status} = 'inactive')`,
      draft: sql<string>`count(*) filter (where ${products.status} = 'draft')`,
      // numeric: price × stock can pass bigint's range (both are within their own limits), which failed the whole call.
      valueCents: sql<string>`coalesce(sum(${products.priceFiatCents}::numeric * ${products.stock}), 0)`,
    })
    .from(products);
  return {
    total: Number(row!.total),
    active: Number(row!.active),
    inactive: Number(row!.inactive),
    draft: Number(row!.draft),
    totalValue: fromCents(Number(row!.valueCents)),
  };
}

export async function getProduct(db: Queryable, id: string) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row) throw notFound('product_not_found');
  return row;
}

async function lockedProduct(tx: Queryable, id: string) {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).limit(1).for('update');
  if (!row) throw notFound('product_not_found');
  return row;
}

export async function createProduct(db: Db, input: ProductInput, actor: Actor) {
  return db
    .transaction(async (tx) => {
      await uniqueSku.assertFree(tx, input.sku);
      const [row] = await tx
        .insert(products)
        .values({
          ...toColumns(input),
          requiresVerifiedHolders: input.requiresVerifiedHolders ?? requiresVerifiedHoldersByDefault(input.rwaType),
        } as typeof products.$inferInsert)
        .returning();
      await audit(tx, actor, 'product.create', 'product', row!.id, input);
      counter.touch();
      invalidateDashboard();
      return presentProduct(row!);
    })
    .catch((err) => uniqueSku.rethrow(err, input.sku));
}

/** `versions`: what an `If-Match` named (lib/if-match.ts); the product is then locked and refused when changed since. */
export async function updateProduct(
  db: Db,
  id: string,
  patch: ProductPatch,
  actor: Actor,
  versions: string[] | null = null,
) {
  return db
    .transaction(async (tx) => {
      const before = versions ? await lockedProduct(tx, id) : await getProduct(tx, id);
      assertVersion(versions, before.updatedAt);
      if (patch.sku) await uniqueSku.assertFree(tx, patch.sku, id);
      const [row] = await tx
        .update(products)
        .set({ ...toColumns(patch), updatedAt: new Date() })
        .where(eq(products.id, id))
        .returning();
      await audit(tx, actor, 'product.update', 'product', id, changes(presentProduct(before), presentProduct(row!)));
      counter.touch();
      invalidateDashboard();
      return presentProduct(row!);
    })
    .catch((err) => uniqueSku.rethrow(err, patch.sku));
}

export async function deleteProduct(db: Db, id: string, actor: Actor) {
  return db.transaction(async (tx) => {
    const product = await getProduct(tx, id);
    const [used] = await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.productId, id)).limit(1);
    const refusal = deleteRefusal(product, !!used);
    if (refusal) throw conflict(refusal, undefined, 'product_in_use');
    await tx.delete(products).where(eq(products.id, id));
    await audit(tx, actor, 'product.delete', 'product', id, { sku: product.sku });
    counter.touch();
    invalidateDashboard();
  });
}

/**
 * An uploaded image becomes the product's image and thumbnail. The files are written first and removed again if
 * the product cannot take them; a replaced upload's files go once the new ones are saved.
 */
export async function setProductImage(db: Db, uploadsDir: string, id: string, bytes: Buffer, actor: Actor) {
  await getProduct(db, id);
  const stored = await storeImage(uploadsDir, bytes);
  try {
    const { product, previous } = await db.transaction(async (tx) => {
      const before = await getProduct(tx, id);
      const [row] = await tx
        .update(products)
        .set({ image: stored.image, imageThumb: stored.imageThumb, updatedAt: new Date() })
        .where(eq(products.id, id))
        .returning();
      await audit(tx, actor, 'product.image', 'product', id, { image: stored.image, bytes: bytes.length });
      return { product: presentProduct(row!), previous: [before.image, before.imageThumb] };
    });
    counter.touch();
    await removeUploads(uploadsDir, previous);
    return product;
  } catch (err) {
    await removeUploads(uploadsDir, [stored.image, stored.imageThumb]);
    throw err;
  }
}
