import type { Chunk, ChunkGroup, Compilation, Compiler, Module } from 'webpack';
import { editManifest } from './manifest-asset';

/** What a module of the federation plugin tells about a shared module, read without its private types. */
interface SharedModuleLike {
  options?: { shareKey?: string };
  blocks: Array<{ dependencies: unknown[] }>;
}

const kind = (module: Module) => module.constructor.name;
const shareKeyOf = (module: Module) => (module as unknown as SharedModuleLike).options?.shareKey;

/**
 * Adds `firstLoad` to every expose of mf-manifest.json: the scripts that must arrive before the expose can run
 * (its own synchronous chunks, and the chunks of every shared module those consume, followed through shared
 * modules that consume others). A host preloads exactly these (the WordPress loader) and the bundle bench sums
 * them: what loads later, when first used (the API client behind a promo check), is not in it.
 */
export class FirstLoadPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('FirstLoadPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the federation manifest is written (PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER).
        { name: 'FirstLoadPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => addFirstLoad(compilation),
      );
    });
  }
}

interface ExposesManifest {
  exposes: Array<{ path: string; name: string; firstLoad?: string[] }>;
}

function addFirstLoad(compilation: Compilation) {
  editManifest<ExposesManifest>(compilation, (manifest) => withFirstLoad(compilation, manifest));
}

function withFirstLoad(compilation: Compilation, manifest: ExposesManifest): ExposesManifest {
  const { chunkGraph } = compilation;

  // The chunks a provided shared module's factory loads, by share key (this container's own version).
  const providedChunks = new Map<string, Chunk[]>();
  for (const module of compilation.modules) {
    if (kind(module) !== 'ProvideSharedModule') continue;
    const key = shareKeyOf(module) ?? (module as unknown as { _name?: string })._name;
    const block = (module as unknown as SharedModuleLike).blocks[0];
    const group = block && (chunkGraph.getBlockChunkGroup(block as never) as ChunkGroup | undefined);
    if (key && group) providedChunks.set(key, [...group.chunks]);
  }

  const filesFor = (start: Chunk[]) => {
    const files = new Set<string>();
    const seenKeys = new Set<string>();
    const pending = [...start];
    for (let chunk = pending.pop(); chunk; chunk = pending.pop()) {
      for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (kind(module) !== 'ConsumeSharedModule') continue;
        const key = shareKeyOf(module);
        if (!key || seenKeys.has(key)) continue;
        seenKeys.add(key);
        pending.push(...(providedChunks.get(key) ?? []));
      }
    }
    return [...files].sort();
  };

  for (const expose of manifest.exposes) {
    const chunk = [...compilation.chunks].find((c) => c.name === `__federation_expose_${expose.name}`);
    if (!chunk) continue;
    const groups = [...chunk.groupsIterable];
    expose.firstLoad = filesFor(groups.flatMap((group) => group.chunks));
  }
  return manifest;
}
