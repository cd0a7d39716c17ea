import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { productDocuments, products } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { validationError } from '../../lib/validation.js';
import { documentFields } from '../../../src/common/tokens.schemas.js';
import type { CheckedFile } from '../../lib/uploads.js';
import type { DocumentFields } from '../../../src/common/tokens.schemas.js';
import type { Actor } from '../../types.js';
import { audit } from '../audit/service.js';
import { getProduct } from '../products/service.js';
import { removeDocumentFile, sha256Of, storeDocumentFile } from './documents.js';
import { attachRefusal, hasPublicMetadata, replaceRefusal } from './policy.js';
import { presentDocument, presentMetadata } from './present.js';

/** Current documents first (the metadata's), then the replaced ones; newest first within each. */
const documentOrder = [
  sql`${productDocuments.replacedAt} is not null`,
  desc(productDocuments.createdAt),
  desc(productDocuments.id),
];

/** The text fields of a document upload, checked; each problem a sentence naming its field. */
export function checkDocumentFields(fields: Record<string, string>): DocumentFields {
  const parsed = documentFields.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw validationError(
    parsed.error.issues.map(({ code, path, message, ...details }) => {
      const field = String(path[0] ?? '_');
      return { field, kind: code, message, details, value: fields[field] };
    }),
    'field',
  );
}

/** Every document of a product, its history included. */
export async function listDocuments(db: Db, productId: string) {
  await getProduct(db, productId);
  const rows = await db
    .select()
    .from(productDocuments)
    .where(eq(productDocuments.productId, productId))
    .orderBy(...documentOrder);
  return rows.map(presentDocument);
}

/**
 * A new document of a tokenised product, or the next version of one of its current documents (`replaces`): the old
 * one stays in the history with its hash, marked replaced, and the audit log says both. The file is written first
 * and removed again if the product or the replaced document refuses it.
 */
export async function addDocument(
  db: Db,
  dir: string,
  productId: string,
  fields: DocumentFields,
  doc: CheckedFile,
  actor: Actor,
) {
  const product = await getProduct(db, productId);
  const refusal = attachRefusal(product);
  if (refusal) throw conflict(refusal, undefined, 'not_tokenised');
  const file = await storeDocumentFile(dir, doc);
  const sha256 = sha256Of(doc.bytes);
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
      const [replaced] = fields.replaces
        ? await tx.select().from(productDocuments).where(eq(productDocuments.id, fields.replaces)).for('update')
        : [];
      if (fields.replaces) {
        const refused = replaceRefusal(replaced, productId);
        if (refused?.status === 404) throw notFound(refused.said);
        if (refused) throw new AppError(409, refused.said, undefined, undefined, 'conflict');
      }
      const [row] = await tx
        .insert(productDocuments)
        .values({
          productId,
          kind: fields.kind,
          name: doc.name,
          file,
          fileKind: doc.kind,
          bytes: doc.bytes.length,
          sha256,
          createdBy: actor?.id ?? null,
        })
        .returning();
      if (replaced) {
        await tx
          .update(productDocuments)
          .set({ replacedAt: row!.createdAt, replacedBy: row!.id })
          .where(eq(productDocuments.id, replaced.id));
      }
      await audit(tx, actor, replaced ? 'product.document_replace' : 'product.document_add', 'product', productId, {
        document: row!.id,
        kind: fields.kind,
        name: doc.name,
        sha256,
        bytes: doc.bytes.length,
        ...(replaced ? { replaces: replaced.id, replacedSha256: replaced.sha256 } : {}),
      });
      return presentDocument(row!);
    });
  } catch (err) {
    await removeDocumentFile(dir, file);
    throw err;
  }
}

/**
 * The metadata of the token `tokenId` (decimal): its product's, when that product's metadata is public. Should two
 * products carry one token id, the oldest public one answers.
 */
export async function tokenMetadata(db: Db, tokenId: string, origin: string) {
  const found = await db
    .select()
    .from(products)
    .where(eq(products.tokenId, tokenId))
    .orderBy(asc(products.createdAt), asc(products.id));
  const product = found.find(hasPublicMetadata);
  if (!product) throw notFound('token_not_found', { id: tokenId });
  const documents = await db
    .select()
    .from(productDocuments)
    .where(and(eq(productDocuments.productId, product.id), isNull(productDocuments.replacedAt)))
    .orderBy(asc(productDocuments.createdAt), asc(productDocuments.id));
  return presentMetadata(product, documents, origin);
}
