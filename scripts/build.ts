/**
 * Production build of the shell and the four remotes, through the one factory in webpack.config.ts.
 * Usage: tsx scripts/build.ts [--dev] [app ...]
 */

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { transform } from 'esbuild';
import webpack from 'webpack';
import { APPS, type AppName, createConfig } from '../webpack.config';

/** The WordPress loader is hand-written and tiny; minified it stays far under 1 KB gzipped. */
export async function buildLoader(): Promise<void> {
  const source = path.join(__dirname, '../wordpress-plugin/assets/loader.js');
  const { code } = await transform(readFileSync(source, 'utf8'), { minify: true, target: 'es2015' });
  // It is printed inline in the post content, whose filters take "<" for the start of an HTML tag.
  if (code.includes('<')) throw new Error('the WordPress loader must not contain "<" once minified');
  writeFileSync(source.replace(/\.js$/, '.min.js'), code);
}

export async function build(apps: readonly AppName[] = APPS, mode: 'production' | 'development' = 'production') {
  const started = performance.now();
  await buildLoader();
  const compiler = webpack(apps.map((app) => createConfig(app, { mode })));
  const stats = await new Promise<webpack.MultiStats | undefined>((resolve, reject) =>
    compiler.run((error, result) => (error ? reject(error) : resolve(result))),
  );
  await new Promise<void>((resolve) => compiler.close(() => resolve()));
  if (!stats || stats.hasErrors()) {
    throw new Error(stats?.toString({ all: false, errors: true, colors: false }) ?? 'webpack produced no stats');
  }
  return { seconds: (performance.now() - started) / 1000 };
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const mode = args.includes('--dev') ? 'development' : 'production';
  const apps = args.filter((a) => !a.startsWith('--')) as AppName[];
  build(apps.length ? apps : APPS, mode).then(
    ({ seconds }) =>
      console.log(`built ${apps.length ? apps.join(', ') : APPS.join(', ')} (${mode}) in ${seconds.toFixed(1)} s`),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
