/**
 * `npm run test:changed [-- REV]`: the tests that a change can break, and only those. The change is the working
 * tree against HEAD (untracked files included), or everything since REV. Jest picks the front end's tests through
 * its own dependency graph (--findRelatedTests). Every API test reaches every file through the whole app
 * (`buildApp`), so for the API the files picked are those that import a changed file other than through the app,
 * and those named after the changed file's room (`api/src/pricing/…` picks `pricing.test.ts`). `--list` prints
 * them without running anything.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);

const listOnly = process.argv.includes('--list');
const since = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'HEAD';
const changed = [
  ...new Set([...git('diff', '--name-only', since), ...git('ls-files', '--others', '--exclude-standard')]),
]
  .filter((file) => /\.(ts|tsx|mjs|js)$/.test(file) && existsSync(path.join(root, file)))
  .map((file) => path.join(root, file));

const importPattern = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+|@credimo\/shared[^'"]*)['"]/g;

/** The files a module imports by a relative path or through @credimo/shared, resolved to what is on disk. */
function importsOf(file: string): string[] {
  const found: string[] = [];
  for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(importPattern)) {
    const base = specifier.startsWith('@credimo/shared')
      ? path.join(root, 'shared/src', specifier.slice('@credimo/shared'.length))
      : path.resolve(path.dirname(file), specifier);
    const stem = base.replace(/\.(js|ts|tsx)$/, '');
    const candidates = [`${stem}.ts`, `${stem}.tsx`, path.join(stem, 'index.ts'), base];
    const hit = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
    if (hit) found.push(hit);
  }
  return found;
}

const wholeApp = path.join(root, 'api/src/app.ts');

/** True when `file` reaches any changed file through its imports, other than through the whole app. */
function reachesChange(file: string, targets: Set<string>, seen = new Set<string>()): boolean {
  if (targets.has(file)) return true;
  if (seen.has(file) || file === wholeApp) return false;
  seen.add(file);
  return importsOf(file).some((imported) => reachesChange(imported, targets, seen));
}

const targets = new Set(changed);
const changedRooms = new Set(
  changed.flatMap((file) => /\/api\/src\/([^/]+)\//.exec(file)?.slice(1) ?? []).map((room) => `${room}.test.ts`),
);
const apiTests = readdirSync(path.join(root, 'api/test'))
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => path.join(root, 'api/test', name))
  .filter((file) => changedRooms.has(path.basename(file)) || reachesChange(file, targets));
const frontChanges = changed.filter((file) => !file.startsWith(path.join(root, 'api/')));

if (listOnly) {
  for (const file of [...frontChanges, ...apiTests]) console.log(path.relative(root, file));
  process.exit(0);
}
let status = 0;
if (frontChanges.length) {
  console.log(`jest: the tests related to ${frontChanges.length} changed file(s)`);
  const jest = spawnSync('npx', ['jest', '--passWithNoTests', '--findRelatedTests', ...frontChanges], {
    cwd: root,
    stdio: 'inherit',
  });
  status = jest.status ?? 1;
}
if (apiTests.length) {
  console.log(`API: ${apiTests.map((file) => path.basename(file)).join(', ')}`);
  const api = spawnSync('node', ['--import', 'tsx', 'test/run.ts', ...apiTests], {
    cwd: path.join(root, 'api'),
    stdio: 'inherit',
  });
  status ||= api.status ?? 1;
}
if (!frontChanges.length && !apiTests.length) console.log('No test reaches what changed.');
process.exit(status);
