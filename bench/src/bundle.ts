/**
 * `npm run bench:bundle`: gzipped sizes of what the browser downloads, from the production build
 * (built first if missing), against bench/budgets.json.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildMissing } from '../../scripts/stack';
import { distDir, REMOTES, type RemoteApp } from '../../webpack.config';
import { budgets, type Row, report } from './budgets';

interface Manifest {
  metaData: { remoteEntry: { name: string } };
  shared: Array<{ name: string; assets: { js: { sync: string[]; async: string[] } } }>;
  exposes: Array<{ path: string; assets: { js: { sync: string[]; async: string[] } } }>;
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

  // The calculator alone on a page: its container, its mount and every shared module it brings (React included).
  const calculator = manifestOf('calculator');
  const mount = calculator.exposes.find((e) => e.path === './mount');
  const calculatorFiles = [
    calculator.metaData.remoteEntry.name,
    ...(mount?.assets.js.sync ?? []),
    ...(mount?.assets.js.async ?? []),
    ...calculator.shared.flatMap((s) => s.assets.js.sync),
  ];
  rows.push({
    name: 'page with the calculator alone: all JavaScript',
    value: sizeOf('calculator', calculatorFiles),
    budget: budgets.bundle.calculatorAlone,
    unit: 'KB',
  });
  // Issue 4: the WordPress loader, printed inline on every page with a widget, stays under 1 KB gzipped.
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
