import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * The API as one bundle for the processes the tests start (the API, `npm run ops`): made once per run by the
 * runner (`test/run.ts`), it spares each start loading and transforming hundreds of TypeScript files through tsx.
 * It is the same source: each file's `import.meta.url` stays its own, so files it reads beside itself (the console's
 * stylesheet, the sandbox's pages, the municipalities) are found as they are from source.
 * The packages are bundled too: resolving and loading a few thousand of their modules one by one was about 1.5 s of
 * CPU per process. Those below stay outside, loaded from node_modules as in production, because they find files of
 * their own beside their code (PGlite's WebAssembly, sharp's and argon2's native libraries, pino's worker threads, the data files).
 */
const OUTSIDE_THE_BUNDLE = [
  /^@electric-sql\/pglite/,
  /^sharp/,
  /^@node-rs\//,
  /^pino/,
  /^thread-stream/,
  /^@fastify\/swagger/,
  /^@doncicuto\/es-municipalities/,
];
export const API_BUNDLE_VARIABLE = 'CREDIMO_TEST_API_BUNDLE';

const apiSource = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
export const ENTRIES = { main: path.join(apiSource, 'main.ts'), ops: path.join(apiSource, 'ops/cli.ts') };

/** Bundles the API's entries into `folder`, which must lie inside the repository so its packages resolve. */
export async function bundleApi(folder: string): Promise<void> {
  await build({
    entryPoints: ENTRIES,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir: folder,
    outExtension: { '.js': '.mjs' },
    keepNames: true,
    logLevel: 'warning',
    // Packages bundled from CommonJS call require: give the bundle one.
    banner: {
      js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
    },
    plugins: [
      {
        name: 'own-files-keep-their-url',
        setup(bundler) {
          bundler.onResolve({ filter: /^[^./]/ }, (args) =>
            OUTSIDE_THE_BUNDLE.some((outside) => outside.test(args.path)) ? { external: true } : undefined,
          );
          bundler.onLoad({ filter: /\.ts$/ }, async (args) => ({
            contents: (await readFile(args.path, 'utf8')).replaceAll(
              'import.meta.url',
              JSON.stringify(pathToFileURL(args.path).href),
            ),
            loader: 'ts',
          }));
        },
      },
    ],
  });
}

/**
 * V8 flags for the processes tests run: WebAssembly compiled by the baseline compiler only. V8 otherwise compiles
 * PGlite's hot functions again, optimised, on its background threads: about 1.5 s of CPU per process, which a
 * process that lives for seconds never earns back.
 */
export const TEST_NODE_FLAGS = ['--liftoff-only'] as const;

/**
 * The processes tests start live for seconds: optimising their hot JavaScript too costs them more CPU than it
 * saves (about 0.4 s of an API's 2.5 s from start to stop). The runners' workers live for the whole run and keep it.
 */
const STARTED_PROCESS_FLAGS = [...TEST_NODE_FLAGS, '--no-opt'] as const;

/** The command that starts `entry` from the run's bundle, when `env` names one (a runner made it), else null. */
export function bundledEntryArguments(entry: keyof typeof ENTRIES, env = process.env): string[] | null {
  const bundle = env[API_BUNDLE_VARIABLE];
  return bundle ? [...STARTED_PROCESS_FLAGS, path.join(bundle, `${entry}.mjs`)] : null;
}

/** The command that starts `entry` in a child process: the run's bundle when there is one, else the source with tsx. */
export function apiEntryArguments(entry: keyof typeof ENTRIES): string[] {
  return (
    bundledEntryArguments(entry) ?? [...STARTED_PROCESS_FLAGS, '--import', import.meta.resolve('tsx'), ENTRIES[entry]]
  );
}
