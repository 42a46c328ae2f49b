import path from 'node:path';
import { buildSync } from 'esbuild';
import type { Compilation, Compiler } from 'webpack';
import { editManifest } from './manifest-asset';

const federationDir = path.join(__dirname, '../shared/src/federation');

/**
 * The constants the federation plugin defines for its runtime in our containers (browser target, snapshots,
 * remotes and sharing on), so the file carries the same code paths as the shell's copy and no more.
 */
const runtimeDefines = {
  'process.env.NODE_ENV': '"production"',
  ENV_TARGET: '"web"',
  FEDERATION_DEBUG: '""',
  FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: 'false',
  FEDERATION_OPTIMIZE_NO_REMOTE: 'false',
  FEDERATION_OPTIMIZE_NO_SHARED: 'false',
  FEDERATION_ALLOW_NEW_FUNCTION: 'false',
};

/** The runtime file, built once per build process: every borrowing remote ships the same bytes. */
let runtimeSource: string | undefined;
export function federationRuntimeSource(): string {
  runtimeSource ??= buildSync({
    // The file's one job: provide the runtime as soon as it runs (the module itself has no side effect).
    stdin: {
      contents: "import { provideFederationRuntime } from './runtime-global'; provideFederationRuntime();",
      resolveDir: federationDir,
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    legalComments: 'none',
    define: runtimeDefines,
    write: false,
  }).outputFiles[0]?.text;
  if (!runtimeSource) throw new Error('esbuild wrote no federation runtime');
  return runtimeSource;
}

/**
 * For a remote built with `externalRuntime` (it reads the federation runtime from a global the shell provides):
 * emits `federation-runtime.<hash>.js`, the runtime for pages without the shell, and names it in mf-manifest.json
 * (`runtime`), where the WordPress loader looks before it runs the container.
 */
export class RuntimeFilePlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('RuntimeFilePlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RuntimeFilePlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => emitRuntime(compilation),
      );
    });
  }
}

function emitRuntime(compilation: Compilation) {
  const { sources, util } = compilation.compiler.webpack;
  const source = federationRuntimeSource();
  const hash = util.createHash('sha256').update(source).digest('hex').toString().slice(0, 10);
  const file = `federation-runtime.${hash}.js`;
  compilation.emitAsset(file, new sources.RawSource(source));
  editManifest<Record<string, unknown>>(compilation, (manifest) => ({ ...manifest, runtime: file }));
}
