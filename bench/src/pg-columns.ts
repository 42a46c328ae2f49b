/**
 * `npm run bench:pg-columns`: what the number of columns of a hot statement costs the API's process with `pg`
 * (the poll). The poll's one statement once answered eleven columns beside its body; pg describes and parses
 * every column of every reply anew (a field name to intern, a type parser to look up, a key on each row). This
 * runs the same values as eleven columns and as one JSON column (identity/poll-cache.ts's `meta`), both as named
 * prepared statements with a 2.3 KB body, alternating, and prints this process's CPU per query for each.
 * Numbers only. Needs DATABASE_URL (PostgreSQL); reads nothing and writes nothing.
 */
import pg from 'pg';

const url = process.env.DATABASE_URL;
const QUERIES = Number(process.env.BENCH_QUERIES ?? 20_000) || 20_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5) || 5;

const body = `repeat($1::text, 2300) as body`;
const statements = {
  'eleven columns': `select 1::bigint as id, 2::bigint as user_id, 'customer' as kind, null::text as actor,
    false as stale, 5::bigint as user_version, 7::bigint as shared_version, 5::bigint as cached_user_version,
    7::bigint as cached_shared_version, 'Zm9vYmFyYmF6cXV4' as variant, 0::bigint as changes_at, ${body}`,
  'one JSON column': `select json_build_array('1', '2', 'customer', null, false, '5', '7', '5', '7',
    'Zm9vYmFyYmF6cXV4', '0')::text as meta, ${body}`,
} as const;

async function cpuPerQuery(pool: pg.Pool, name: string, text: string): Promise<number> {
  const before = process.cpuUsage();
  let sent = 0;
  // The API's pool size, kept busy: ten queries in flight.
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (sent++ < QUERIES) {
        const { rows } = await pool.query({ name, text, values: ['x'] });
        if (name === 'one JSON column') JSON.parse(rows[0].meta);
      }
    }),
  );
  const used = process.cpuUsage(before);
  return (used.user + used.system) / QUERIES;
}

async function main() {
  if (!url) throw new Error('DATABASE_URL (PostgreSQL) is needed');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  try {
    const results: Record<string, number[]> = Object.fromEntries(Object.keys(statements).map((name) => [name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, text] of Object.entries(statements)) {
        results[name]?.push(await cpuPerQuery(pool, name, text));
      }
    }
    console.log(`pg client CPU per query (µs), ${QUERIES} queries a round, ${ROUNDS} rounds, alternating:`);
    for (const [name, values] of Object.entries(results)) {
      const sorted = [...values].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
      console.log(`${name}: median ${median.toFixed(1)} µs (${values.map((v) => v.toFixed(1)).join(', ')})`);
    }
  } finally {
    await pool.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
