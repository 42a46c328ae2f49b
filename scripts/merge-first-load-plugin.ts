import type { Chunk, ChunkGroup, Compilation, Compiler, Module } from 'webpack';

interface SharedModuleLike {
  options?: { shareKey?: string };
  blocks: Array<{ dependencies: unknown[] }>;
  resource?: string;
}

const kind = (module: Module) => module.constructor.name;
const shareKeyOf = (module: Module) => (module as unknown as SharedModuleLike).options?.shareKey;

/**
 * Merges the chunks an expose needs before it can run (the ones FirstLoadPlugin lists: its own, and those of every
 * shared module it consumes) into as few files as the federation allows. On a slow link each file is a round trip,
 * which costs more than the bytes a finer split saves on a page with other widgets.
 *
 * The limit: a chunk that consumes a shared module cannot hold that module's own copy (loading the chunk would wait
 * for the module, which waits for the chunk). So the chunks are layered: a chunk's layer is one above the highest
 * layer of the shared modules' chunks it consumes, and the chunks of a layer are merged. Code (React, react-dom,
 * jotai, the shared package's stateful modules, the style runtime) consumes nothing and becomes one file; the layers
 * above hold only the consumes, which the federation runtime resolves without a file of their own. The expose's own
 * chunk stays as it is. What loads later, when first used (the API client behind a promo code or "Solicitar"),
 * stays in its own chunks: only chunks of the first load are merged.
 */
export class MergeFirstLoadPlugin {
  constructor(private readonly expose = 'mount') {}

  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('MergeFirstLoadPlugin', (compilation) => {
      let merged = false;
      compilation.hooks.optimizeChunks.tap(
        // After SplitChunksPlugin (STAGE_ADVANCED) has made the chunks; once (the hook runs until no plugin changes
        // anything, and a second pass would merge the merged files again).
        { name: 'MergeFirstLoadPlugin', stage: 20 },
        () => {
          if (merged) return;
          merged = true;
          mergeFirstLoad(compilation, this.expose);
        },
      );
    });
  }
}

function mergeFirstLoad(compilation: Compilation, expose: string) {
  const { chunkGraph } = compilation;
  const target = [...compilation.chunks].find((chunk) => chunk.name === `__federation_expose_${expose}`);
  if (!target) return;
  // The chunks a provided shared module's factory loads, by share key (this container's own version).
  const providedChunks = new Map<string, Chunk[]>();
  for (const module of compilation.modules) {
    if (kind(module) !== 'ProvideSharedModule') continue;
    const key = shareKeyOf(module) ?? (module as unknown as { _name?: string })._name;
    const block = (module as unknown as SharedModuleLike).blocks[0];
    const group = block && (chunkGraph.getBlockChunkGroup(block as never) as ChunkGroup | undefined);
    if (key && group) providedChunks.set(key, [...group.chunks]);
  }
  const consumedKeys = (chunk: Chunk) =>
    [...chunkGraph.getChunkModulesIterable(chunk)]
      .filter((module) => kind(module) === 'ConsumeSharedModule')
      .map(shareKeyOf)
      .filter((key): key is string => Boolean(key));

  // The first load: the expose's chunk group, and the chunks of every shared module consumed on the way.
  const firstLoad = new Set<Chunk>();
  const pending = [...target.groupsIterable].flatMap((group) => group.chunks);
  for (let chunk = pending.pop(); chunk; chunk = pending.pop()) {
    if (firstLoad.has(chunk)) continue;
    firstLoad.add(chunk);
    for (const key of consumedKeys(chunk)) pending.push(...(providedChunks.get(key) ?? []));
  }

  const layers = new Map<Chunk, number>();
  const layerOf = (chunk: Chunk, path: Set<Chunk> = new Set()): number => {
    const known = layers.get(chunk);
    if (known !== undefined) return known;
    // A cycle would make the merge unsafe: such a chunk is left alone.
    if (path.has(chunk)) return Number.POSITIVE_INFINITY;
    path.add(chunk);
    let layer = 0;
    for (const key of consumedKeys(chunk))
      for (const provider of providedChunks.get(key) ?? []) layer = Math.max(layer, layerOf(provider, path) + 1);
    path.delete(chunk);
    layers.set(chunk, layer);
    return layer;
  };

  const byLayer = new Map<number, Chunk[]>();
  for (const chunk of firstLoad) {
    if (chunk === target || chunk.hasRuntime() || chunk.canBeInitial()) continue;
    const layer = layerOf(chunk);
    if (!Number.isFinite(layer)) continue;
    byLayer.set(layer, [...(byLayer.get(layer) ?? []), chunk]);
  }
  for (const [into, ...others] of byLayer.values()) {
    if (!into) continue;
    const name = into.name;
    for (const chunk of others) {
      if (!chunkGraph.canChunksBeIntegrated(into, chunk)) continue;
      chunkGraph.integrateChunks(into, chunk);
      compilation.chunks.delete(chunk);
    }
    // integrateChunks keeps the shorter of two names; a layer's file is named by its first chunk, or by none.
    into.name = name;
  }
}
