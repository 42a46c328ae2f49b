/**
 * `npm run bench:bundle`: gzipped sizes of what the browser downloads, from the production build
 * (built first if missing), against bench/budgets.json.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { distDir, REMOTES, type RemoteApp } from '../../scripts/apps';
import { buildMissing } from '../../scripts/stack';
import { budgets, type Row, report } from './budgets';

interface Manifest {
  /** The federation runtime's file, for a remote that borrows it (scripts/runtime-file-plugin.ts). */
  runtime?: string;
  metaData: { remoteEntry: { name: string } };
  shared: Array<{ name: string; assets: { js: { sync: string[]; async: string[] } } }>;
  exposes: Array<{ path: string; firstLoad: string[]; assets: { js: { sync: string[]; async: string[] } } }>;
}

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const manifestOf = (remote: RemoteApp): Manifest =>
  JSON.parse(readFileSync(path.join(distDir(remote), 'mf-manifest.json'), 'utf8'));

/** Files with the same content are one download: the runtime loads one of them (and the loader preloads one). */
function sizeOf(remote: RemoteApp, files: Iterable<string>): number {
  const contents = new Set<string>();
  let total = 0;
  for (const file of new Set(files)) {
    const content = readFileSync(path.join(distDir(remote), file), 'utf8');
    if (contents.has(content)) continue;
    contents.add(content);
    total += gz(path.join(distDir(remote), file));
  }
  return total;
}

/** Scripts index.html loads before anything else: the shell's entry and what it pulls synchronously. */
function shellInitial(): number {
  const html = readFileSync(path.join(distDir('shell'), 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+src="\/([^"]+)"/g)].map((m) => m[1] as string);
  return scripts.reduce((sum, file) => sum + gz(path.join(distDir('shell'), file)), 0);
}

async function main() {
  await buildMissing(() => {});
  const rows: Row[] = [];
  for (const remote of REMOTES) {
    const manifest = manifestOf(remote);
    rows.push({
      name: `${remote}: remoteEntry.js`,
      value: gz(path.join(distDir(remote), manifest.metaData.remoteEntry.name)),
      budget: budgets.bundle.remoteEntry,
      unit: 'KB',
    });
    for (const expose of manifest.exposes) {
      rows.push({
        name: `${remote}: expose ${expose.path}`,
        value: sizeOf(remote, [...expose.assets.js.sync, ...expose.assets.js.async]),
        budget: budgets.bundle.exposedChunks[remote],
        unit: 'KB',
      });
    }
  }
  rows.push({ name: 'shell: initial scripts', value: shellInitial(), budget: budgets.bundle.shellInitial, unit: 'KB' });

  // The calculator alone on a WordPress page, what arrives before it answers: its container and the
  // files its mount needs before it runs, shared modules included (React among them; build: FirstLoadPlugin).
  // The API client, the promo check and the message catalogue load when first used and are counted apart.
  const calculator = manifestOf('calculator');
  const mount = calculator.exposes.find((e) => e.path === './mount');
  if (!mount?.firstLoad) throw new Error('the calculator manifest has no firstLoad list: rebuild (npm run build)');
  const firstLoad = [calculator.metaData.remoteEntry.name, ...mount.firstLoad];
  rows.push({
    name: 'calculator page: JavaScript before it answers',
    value: sizeOf('calculator', firstLoad),
    budget: budgets.bundle.calculatorAlone,
    unit: 'KB',
  });
  const later = new Set([
    ...mount.assets.js.sync,
    ...mount.assets.js.async,
    ...calculator.shared.filter((s) => s.name !== '@credimo/shared').flatMap((s) => s.assets.js.sync),
  ]);
  for (const file of firstLoad) later.delete(file);
  rows.push({ name: 'calculator page: loaded when first used', value: sizeOf('calculator', later), unit: 'KB' });
  // A page without the shell (WordPress) runs it before the first container that borrows the runtime: one per page.
  const runtime = manifestOf('account').runtime;
  if (!runtime) throw new Error('the account manifest names no federation runtime: rebuild (npm run build)');
  rows.push({
    name: 'WordPress: federation runtime file',
    value: gz(path.join(distDir('account'), runtime)),
    budget: budgets.bundle.federationRuntime,
    unit: 'KB',
  });
  // The WordPress loader, printed inline on every page with a widget, stays under 1 KB gzipped.
  rows.push({
    name: 'WordPress loader (inline)',
    value: gz(path.join(__dirname, '../../wordpress-plugin/assets/loader.min.js')),
    budget: budgets.bundle.wordpressLoader,
    unit: 'KB',
  });
  const ok = report('Bundle sizes (gzip -9)', rows);
  if (!ok) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
