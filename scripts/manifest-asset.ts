import type { Compilation } from 'webpack';

/**
 * Edits the federation plugin's mf-manifest.json in place (our plugins add what hosts read there: `firstLoad`,
 * `runtime`). Call from processAssets at PROCESS_ASSETS_STAGE_REPORT, after the federation plugin writes it;
 * does nothing in a build without a manifest.
 */
export function editManifest<T extends object>(compilation: Compilation, edit: (manifest: T) => T): void {
  const asset = compilation.getAsset('mf-manifest.json');
  if (!asset) return;
  const manifest = edit(JSON.parse(asset.source.source().toString()) as T);
  compilation.updateAsset(
    'mf-manifest.json',
    new compilation.compiler.webpack.sources.RawSource(JSON.stringify(manifest, null, 2)),
  );
}
