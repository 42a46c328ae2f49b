import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { compactPrices } from '@credimo/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type PriceContext, type PricingRules, priceTable } from '../domain/price';
import { priceContextFor } from './customer';
import { loadProduct } from './repository';

/** One price table as served: its JSON built once, compressed once, named by its content. */
export interface PublishedPrices {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding to send for an Accept-Encoding header: brotli, then gzip, else none (q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/** Whether an If-None-Match header names this ETag (a list, weak forms and `*` included). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

export function publish(rules: PricingRules, context: PriceContext): PublishedPrices {
  const identity = Buffer.from(JSON.stringify(compactPrices(priceTable(rules, context))));
  return {
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  };
}

/**
 * Published tables by product, pricing rules and price context. A table depends only on these, so it is
 * built on its first request and served from memory afterwards. The rules are compared by identity:
 * CurrentPricingRules hands out one object while the product's rules stay the same, so another object is a
 * change of rules, and the product's tables of the old rules are dropped.
 */
export class PublishedPriceTables {
  private readonly tables = new Map<string, { rules: PricingRules; published: PublishedPrices }>();

  get(productId: number, rules: PricingRules, context: PriceContext): PublishedPrices {
    const key = `${productId}|${context.firstLoan}|${context.commissionDiscountPercent ?? ''}`;
    const cached = this.tables.get(key);
    if (cached?.rules === rules) return cached.published;
    if (cached) this.forgetProduct(productId);
    const published = publish(rules, context);
    this.tables.set(key, { rules, published });
    return published;
  }

  forgetProduct(productId: number): void {
    for (const key of this.tables.keys()) if (key.startsWith(`${productId}|`)) this.tables.delete(key);
  }
}

/**
 * The product's pricing rules as of the shared view version (view_versions scope 0, which every write to
 * products and fee bands moves at commit): a primary-key read of the version per request, the rules read again
 * only when it moved. Read the version first: rules read after it are at least as new, and a newer version on
 * the next request reads them again. Rules read again and found the same (the version also moves for writes
 * elsewhere, a discount) stay the same object, so PublishedPriceTables keeps its tables for them.
 */
export class CurrentPricingRules {
  /** The rules last read, the version they were read at ('' if none) and their text. */
  private readonly byProduct = new Map<number, { version: string; rules: PricingRules; text: string }>();

  async get(db: Kysely<Database>, productId: number): Promise<PricingRules> {
    const row = await db.selectFrom('view_versions').select('version').where('scope', '=', '0').executeTakeFirst();
    const version = row ? String(row.version) : null;
    const known = this.byProduct.get(productId);
    if (version !== null && known?.version === version) return known.rules;
    const { rules: read } = await loadProduct(db, productId);
    const text = JSON.stringify(read);
    const rules = known?.text === text ? known.rules : read;
    // Without a version row the rules are read on every request, but still kept as one object while the same.
    this.byProduct.set(productId, { version: version ?? '', rules, text });
    return rules;
  }
}

/** The product's price table for this caller (visitor or customer, with or without a discount code). */
export async function publishedPricesFor(
  db: Kysely<Database>,
  tables: PublishedPriceTables,
  productId: number,
  caller: { userId: string | null; discount: string | undefined },
  currentRules: CurrentPricingRules,
): Promise<PublishedPrices> {
  const rules = await currentRules.get(db, productId);
  return tables.get(
    productId,
    rules,
    await priceContextFor(db, { userId: caller.userId, promocode: caller.discount }, 'discount'),
  );
}
