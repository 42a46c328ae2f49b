import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const routesDir = join(dirname(fileURLToPath(import.meta.url)), '../src/routes');

/** What building SQL looks like in a source file. */
const SQL_SIGNS: Array<[string, RegExp]> = [
  ['imports kysely', /from\s+['"]kysely['"]/],
  ['builds a query', /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(/],
  ['writes raw SQL', /\bsql\s*`/],
];

/** A route translates: HTTP in, one call into the room that owns the data, HTTP out (docs/architecture.md). */
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

/**
 * The API's floors, lowest first: a file may import from its own floor and the floors below it, never above.
 * Rooms on one floor may use each other, but never both ways round. docs/architecture.md explains each floor.
 */
const FLOORS: ReadonlyArray<{ floor: string; rooms: readonly string[] }> = [
  { floor: 'foundation', rooms: ['config.ts', 'errors.ts', 'crypto.ts', 'db', 'queue'] },
  { floor: 'money core', rooms: ['domain'] },
  { floor: 'providers', rooms: ['providers'] },
  {
    floor: 'services',
    rooms: [
      'pricing',
      'notifications',
      'customer-flags',
      'customer-rights',
      'short-links',
      'client-log',
      'documents',
      'mail',
    ],
  },
  { floor: 'customers', rooms: ['identity', 'registration', 'evidence', 'cards'] },
  { floor: 'loans', rooms: ['loans', 'aggregation'] },
  { floor: 'servicing', rooms: ['servicing', 'bank-files'] },
  { floor: 'read model', rooms: ['views', 'data-rights'] },
  { floor: 'staff', rooms: ['staff'] },
  {
    floor: 'the wiring',
    rooms: ['ops', 'console', 'jobs', 'metrics', 'sandbox', 'http', 'routes', 'context.ts', 'app.ts', 'main.ts'],
  },
];

const srcDir = join(dirname(fileURLToPath(import.meta.url)), '../src');

/** Every import of ours in a file, with its line: `from '../x'`, `import('../x')` and `export … from`. */
function importsOf(file: string, source = readFileSync(file, 'utf8')): Array<{ line: number; target: string }> {
  const found: Array<{ line: number; target: string }> = [];
  source.split('\n').forEach((text, index) => {
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      found.push({ line: index + 1, target: match[1] as string });
    }
  });
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

/** The room of a file: its first folder under src, or the file itself for the few at the top. */
const roomOf = (file: string) => relative(srcDir, file).split(sep)[0] as string;

const floorOf = (room: string) => FLOORS.findIndex(({ rooms }) => rooms.includes(room));

function resolveImport(from: string, target: string): string {
  const base = resolve(dirname(from), target.replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) {
    if (existsSync(candidate)) return candidate;
  }
  return base;
}

/** Each import from a lower floor to a higher one, as `file:line imports target (floor -> floor)`. */
function upwardImports(files: readonly string[]): string[] {
  return files.flatMap((file) => upwardImportsOf(file));
}

function upwardImportsOf(file: string, source?: string): string[] {
  return importsOf(file, source).flatMap(({ line, target }) => {
    const to = resolveImport(file, target);
    if (!to.startsWith(srcDir)) return [];
    const [from, into] = [floorOf(roomOf(file)), floorOf(roomOf(to))];
    if (into <= from) return [];
    const names = (index: number) => FLOORS[index]?.floor;
    return [`${relative(srcDir, file)}:${line} imports ${relative(srcDir, to)} (${names(from)} -> ${names(into)})`];
  });
}

/** Pairs of rooms that import each other, each with one line that does it. */
function roomsBothWays(files: readonly string[]): string[] {
  const edges = new Map<string, string>();
  for (const file of files) {
    for (const { line, target } of importsOf(file)) {
      const to = resolveImport(file, target);
      if (!to.startsWith(srcDir) || roomOf(to) === roomOf(file)) continue;
      edges.set(`${roomOf(file)} -> ${roomOf(to)}`, `${relative(srcDir, file)}:${line}`);
    }
  }
  return [...edges.keys()].flatMap((edge) => {
    const [from, to] = edge.split(' -> ') as [string, string];
    const back = edges.get(`${to} -> ${from}`);
    return from < to && back ? [`${edge} (${edges.get(edge)}) and back (${back})`] : [];
  });
}

describe('the floors of the API', () => {
  const files = sourceFiles(srcDir);

  test('every room of the API is on a floor', () => {
    const rooms = [...new Set(files.map(roomOf))];
    assert.deepEqual(
      rooms.filter((room) => floorOf(room) < 0),
      [],
      'put each new room on a floor (FLOORS) and in docs/architecture.md',
    );
  });

  test('no file imports from a floor above its own', () => {
    assert.deepEqual(upwardImports(files), []);
  });

  test('no two rooms import each other', () => {
    assert.deepEqual(roomsBothWays(files), []);
  });

  test('an upward import is found, with its file and line', () => {
    // A made-up file on the lowest floor that reaches the wiring on its second line: the check must name it.
    const probe = join(srcDir, 'db', 'probe.ts');
    const source = "import { sql } from 'kysely';\nimport { buildApp } from '../app';\n";
    assert.deepEqual(upwardImportsOf(probe, source), ['db/probe.ts:2 imports app.ts (foundation -> the wiring)']);
    assert.deepEqual(upwardImportsOf(probe, "import { ApiError } from '../errors';\n"), []);
  });
});

describe('the PostgreSQL drivers are opened in one place', () => {
  // Kysely runs on pg's pool, the hot statements on postgres.js typed as pg types rows (db/row-types.ts), and the
  // backup on a connection of its own; a driver opened anywhere else would read rows its own way.
  const importersOf = (driver: string) =>
    sourceFiles(srcDir).flatMap((file) =>
      new RegExp(`from\\s+['"]${driver}['"]|import\\(\\s*['"]${driver}['"]\\s*\\)`).test(readFileSync(file, 'utf8'))
        ? [relative(srcDir, file)]
        : [],
    );

  test("'pg' is imported by db/database.ts alone", () => {
    assert.deepEqual(importersOf('pg'), [join('db', 'database.ts')]);
  });

  test("'postgres' (postgres.js) is imported by the database's files and the backup alone", () => {
    assert.deepEqual(importersOf('postgres').sort(), [
      join('db', 'database.ts'),
      join('db', 'hot-connections.ts'),
      join('db', 'row-types.ts'),
      join('ops', 'backup.ts'),
    ]);
  });
});
