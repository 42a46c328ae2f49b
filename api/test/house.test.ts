import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const routesDir = join(dirname(fileURLToPath(import.meta.url)), '../src/routes');

/** What building SQL looks like in a source file. */
const SQL_SIGNS: Array<[string, RegExp]> = [
  ['imports kysely', /from\s+['"]kysely['"]/],
  ['builds a query', /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(/],
  ['writes raw SQL', /\bsql\s*`/],
];

/** DESIGN section 6: HTTP in, one call into a room, HTTP out. */
describe('routes only translate', () => {
  const files = readdirSync(routesDir).filter((f) => f.endsWith('.ts'));

  test('there are route files to check', () => {
    assert.ok(files.includes('registration.ts') && files.includes('pricing.ts'));
  });

  for (const file of files) {
    test(`${file} builds no SQL`, () => {
      const source = readFileSync(join(routesDir, file), 'utf8');
      const found = SQL_SIGNS.filter(([, sign]) => sign.test(source)).map(([what]) => what);
      assert.deepEqual(found, [], `${file} ${found.join(', ')}: move it into its room`);
    });
  }
});
