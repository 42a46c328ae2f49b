import pgTypes from 'pg-types';
import type postgres from 'postgres';

/**
 * The rows' types as the code reads them (bigints and numerics as strings, dates and timestamps as Dates, json
 * parsed, arrays): pg-types' parsers, in postgres.js's terms. postgres.js's own defaults differ (bigints as
 * BigInt, numerics as numbers), and money must never pass through a float. Parameters keep postgres.js's
 * serializers, but for JSON: the code sends JSON columns as the text it has already made, which must not be
 * encoded a second time.
 */
/** json and jsonb. */
const JSON_TYPES = [114, 3802];

const jsonText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

export function pgParsedTypes(): Record<string, postgres.PostgresType> {
  const unparsed = pgTypes.getTypeParser(25);
  const types: Record<string, postgres.PostgresType> = {};
  // PostgreSQL's built-in types are below 10,000 (user-defined ones start at 16,384, and pg parses none of those).
  for (let oid = 1; oid < 10_000; oid++) {
    const parse = pgTypes.getTypeParser(oid, 'text');
    if (parse === unparsed) continue;
    types[`pg_${oid}`] = { to: oid, from: [oid], parse, serialize: undefined } as unknown as postgres.PostgresType;
  }
  for (const oid of JSON_TYPES) {
    types[`pg_${oid}`] = { to: oid, from: [oid], parse: pgTypes.getTypeParser(oid, 'text'), serialize: jsonText };
  }
  return types;
}
