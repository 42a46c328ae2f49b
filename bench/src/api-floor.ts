/**
 * The floor of `npm run bench:api`: a bare Fastify route doing one primary-key select, nothing else. It is
 * what one round trip to the same database costs, so every API route is measured against it.
 * On PostgreSQL (FLOOR_DATABASE_URL) it reads the same database with `pg` and the pool size of the API's Kysely
 * pool, the floor the poll is measured against (the API itself runs on postgres.js: docs/performance.md);
 * without it, an in-memory PGlite with one table stands in (the equivalent floor of the embedded mode).
 */
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

const port = Number(process.env.FLOOR_PORT);
const url = process.env.FLOOR_DATABASE_URL;

async function main() {
  let select: (id: string) => Promise<unknown>;
  let close: () => Promise<void>;
  if (url) {
    // The API's Kysely pool size (api/src/db/database.ts).
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    select = async (id) => (await pool.query('select id, mobile_phone from users where id = $1', [id])).rows[0];
    close = () => pool.end();
  } else {
    const lite = new PGlite();
    await lite.exec(`create table users (id bigint primary key, mobile_phone text not null);
      insert into users values (1, '612345678');`);
    select = async (id) => (await lite.query('select id, mobile_phone from users where id = $1', [id])).rows[0];
    close = () => lite.close();
  }
  const app = Fastify({ logger: false });
  app.get<{ Params: { id: string } }>('/floor/:id', async (request) => select(request.params.id));
  await app.listen({ port, host: '127.0.0.1' });
  const stop = async () => {
    await app.close();
    await close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
