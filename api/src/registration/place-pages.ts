import { messages } from '@credimo/shared/i18n';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';

/** Regions, cities and streets come 30 to a page. */
export const PLACE_PAGE_SIZE = 30;

export type PlaceTable = 'regions' | 'cities' | 'streets';
export type PlaceParent = 'region_id' | 'city_id';

/** A page of places whose name contains the search, in Spanish order. */
async function placePage(
  db: Kysely<Database>,
  table: PlaceTable,
  filter: { column?: PlaceParent; value?: number },
  page: number,
  search?: string,
) {
  let query = db.selectFrom(table as 'regions').select(['id', 'name']);
  if (filter.column && filter.value !== undefined)
    query = query.where(filter.column as never, '=', filter.value as never);
  if (search?.trim()) query = query.where(sql<boolean>`unaccent_es(name) ilike unaccent_es(${`%${search.trim()}%`})`);
  const [{ total } = { total: 0 }] = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .execute();
  const items = await query
    .orderBy('name')
    .limit(PLACE_PAGE_SIZE)
    .offset((page - 1) * PLACE_PAGE_SIZE)
    .execute();
  return {
    items: items.map((i) => ({ id: Number(i.id), name: i.name })),
    current_page_number: page,
    pages_count: Math.max(1, Math.ceil(Number(total) / PLACE_PAGE_SIZE)),
  };
}

/**
 * Each level is searched within the one above it, named by a required query parameter
 * (regions have no parent).
 */
export function findPlaces(
  db: Kysely<Database>,
  table: PlaceTable,
  parent: PlaceParent | null,
  query: { page?: number; search?: string; region_id?: number; city_id?: number },
) {
  const { page = 1, search } = query;
  if (!parent) return placePage(db, table, {}, page, search);
  const value = query[parent];
  if (value === undefined) throw ApiError.field(422, parent, messages.fieldRequired);
  return placePage(db, table, { column: parent, value }, page, search);
}
