import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { EsbuildPlugin } from 'esbuild-loader';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import { type Compiler, type Configuration, DefinePlugin, type PathData, sources } from 'webpack';
import { APPS, type AppName, appDir, distDir, federationName, REMOTES, type RemoteApp } from './scripts/apps';
import { FirstLoadPlugin } from './scripts/first-load-plugin';
import { MergeFirstLoadPlugin } from './scripts/merge-first-load-plugin';
import { RuntimeFilePlugin } from './scripts/runtime-file-plugin';

/**
 * One factory for the shell and every remote (README.md, Architecture): same loaders, same shared config.
 * Each app builds into dist/<app> with its own public path; remotes use `auto` so they can be served
 * from any origin (their own server, a CDN, a WordPress page) without rebuilding.
 */

const root = __dirname;
const sharedVersion: string = require('./shared/package.json').version;
const reactVersion: string = require('react/package.json').version;
const jotaiVersion: string = require('jotai/package.json').version;

export { APPS, type AppName, appDir, distDir, federationName, REMOTES, type RemoteApp };

const singleton = (version: string) => ({ singleton: true, requiredVersion: `^${version}`, version });

/**
 * The files of @credimo/shared that hold a page's state (a store, atoms, caches, the API client), by share key.
 * Each is its own federated singleton, matched by its resolved file: whichever way it is reached (the root
 * `@credimo/shared`, a subpath such as `@credimo/shared/session`, or a relative import inside the package), a
 * page runs one copy. Everything else in the package is stateless: a widget that imports a subpath bundles only
 * what it uses, while the root entry stays one shared module for every other importer. A new file with
 * module-level state is added here (shared/src/federation/singletons.test.ts checks it).
 */
export const SINGLETON_FILES = {
  '@credimo/shared/session': 'session/store.ts',
  '@credimo/shared/session/actions': 'session/actions.ts',
  '@credimo/shared/session/notifications': 'session/notifications.ts',
  '@credimo/shared/session/dev-flags': 'session/dev-flags.ts',
  '@credimo/shared/session/funnel': 'session/funnel.ts',
  '@credimo/shared/session/captcha': 'session/captcha.ts',
  '@credimo/shared/api/address': 'api/address.ts',
  '@credimo/shared/api': 'api/client.ts',
  '@credimo/shared/price-tables': 'price-tables/prices.ts',
  '@credimo/shared/content': 'content/site-content.ts',
} as const;

const singletonFiles = Object.fromEntries(
  Object.entries(SINGLETON_FILES).map(([shareKey, file]) => {
    const resolved = path.join(root, 'shared/src', file);
    return [resolved, { ...singleton(sharedVersion), shareKey, import: resolved }];
  }),
);

/** Federated singletons: one React, one session store and one API client on any page. */
export const sharedModules = {
  react: singleton(reactVersion),
  'react/jsx-runtime': singleton(reactVersion),
  'react-dom': singleton(reactVersion),
  'react-dom/client': singleton(reactVersion),
  jotai: singleton(jotaiVersion),
  '@credimo/shared': singleton(sharedVersion),
  ...singletonFiles,
};

/**
 * Modules a remote exposes besides `./mount` and `./App` (shared/src/paths.ts, RemoteExpose): one screen a
 * page shows beside other remotes' (the account's loan progress), without the remote's other screens.
 */
const EXTRA_EXPOSES: Partial<Record<AppName, Record<string, string>>> = {
  registration: { './LoanProgress': './src/loan-progress.tsx' },
};

const fallbackPlugin = path.join(root, 'shared/src/federation/fallback-plugin.ts');
const provideRuntimePlugin = path.join(root, 'shared/src/federation/provide-runtime-plugin.ts');
const styleInserter = path.join(root, 'shared/src/federation/insert-style.ts');

/**
 * The federation runtime asks for the entry's file name before hashes exist (only to learn the folder
 * depth), which a plain '[contenthash]' template rejects; answer it unhashed then, hashed for real output.
 */
const hashedEntryFilename = (data: PathData) =>
  data.chunk && 'contentHash' in data.chunk && data.chunk.contentHash?.javascript
    ? '[name].[contenthash:10].js'
    : '[name].js';

/**
 * The files terser minifies (esbuild the rest, in a fraction of the time): the containers, which carry the
 * federation runtime (a remote's remoteEntry.js, the shell's main script), and every script of the calculator,
 * the widget marketing pages load, where its dead-code removal keeps the first answer within 115 KB.
 */
const terserFiles = (app: AppName) => (app === 'shell' || app === 'calculator' ? /\.js$/ : /^remoteEntry\.js$/);

/**
 * Remotes that borrow the federation runtime instead of carrying it (about 17 KB gzipped and a long task of their
 * own each): the shell lends its copy (provide-runtime-plugin.ts), and on a WordPress page the loader runs the
 * runtime file named in the remote's manifest first (RuntimeFilePlugin). The calculator keeps its own: it is most
 * often the marketing page's only widget, where one file fewer keeps its first answer within 115 KB.
 */
const borrowsRuntime = (app: AppName) => app !== 'shell' && app !== 'calculator';

export interface BuildOptions {
  mode: 'production' | 'development';
  /**
   * The developer menu in the shell: on in development builds, in production only when asked
   * (CREDIMO_DEV_MENU=on). Off, its code is not in the build at all (a constant condition drops the lazy chunk).
   */
  devMenu?: boolean;
  /** Build into this folder instead of dist/<app> (browser tests of a build made with other options). */
  outputPath?: string;
}

export const devMenuEnabled = ({ mode, devMenu }: BuildOptions, env: NodeJS.ProcessEnv = process.env) =>
  devMenu ?? (env.CREDIMO_DEV_MENU ? env.CREDIMO_DEV_MENU === 'on' : mode === 'development');

/**
 * The shell's build writes its own version to /version.json (the compilation's hash, so it changes
 * exactly when the shell's output does); open pages poll it and offer a reload when it changes.
 */
class VersionFilePlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('VersionFile', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'VersionFile', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const version = JSON.stringify({ version: compilation.hash ?? String(Date.now()) });
          compilation.emitAsset('version.json', new sources.RawSource(version));
        },
      );
    });
  }
}

export function createConfig(app: AppName, options: BuildOptions): Configuration {
  const { mode } = options;
  const isShell = app === 'shell';
  const production = mode === 'production';
  return {
    name: app,
    mode,
    context: appDir(app),
    entry: { main: './src/index.ts' },
    // Development: source maps in files, not eval() (the app's Content-Security-Policy has no 'unsafe-eval').
    devtool: production ? false : 'cheap-module-source-map',
    output: {
      path: options.outputPath ?? distDir(app),
      publicPath: isShell ? '/' : 'auto',
      uniqueName: federationName(app),
      filename: production ? hashedEntryFilename : '[name].js',
      // Development: by id, which is unique, where two chunks may share a name (a shared module's fallback and its
      // consumer's copy), and two files of one name stop the build.
      chunkFilename: production ? '[name].[contenthash:10].js' : '[id].[contenthash:6].js',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    module: {
      rules: [
        // @credimo/shared is an ES module package with extensionless TypeScript imports.
        { test: /\.[cm]?[jt]sx?$/, resolve: { fullySpecified: false } },
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: 'esbuild-loader',
          options: { loader: 'tsx', target: 'es2020', jsx: 'automatic' },
        },
        {
          test: /\.css$/,
          use: [
            // <style> tags carry the page's CSP nonce, so the app's policy needs no 'unsafe-inline' for styles.
            { loader: 'style-loader', options: { insert: styleInserter } },
            {
              loader: 'css-loader',
              options: {
                modules: {
                  auto: true,
                  // Prefixed class names: WordPress themes cannot collide with a widget's styles.
                  localIdentName: production ? 'credimo-[hash:base64:6]' : 'credimo-[name]-[local]',
                  namedExport: false,
                  exportLocalsConvention: 'as-is',
                },
              },
            },
          ],
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: federationName(app),
        filename: 'remoteEntry.js',
        exposes: isShell
          ? undefined
          : { './mount': './src/mount.tsx', './App': './src/App.tsx', ...(EXTRA_EXPOSES[app] ?? {}) },
        // Remote addresses come from runtime config (shell/src/federation.ts), never from build-time constants.
        remotes: {},
        shared: sharedModules,
        shareStrategy: 'loaded-first',
        runtimePlugins: isShell ? [fallbackPlugin, provideRuntimePlugin] : [fallbackPlugin],
        manifest: true,
        dts: false,
        // Browser-only containers: leaves the runtime's Node.js loading code out of remoteEntry.js.
        experiments: { optimization: { target: 'web' }, ...(borrowsRuntime(app) ? { externalRuntime: true } : {}) },
      }),
      // Remotes: the manifest names what each expose needs before it can run (hosts preload just that).
      ...(isShell ? [] : [new FirstLoadPlugin()]),
      // The calculator, alone on a marketing page, is answered by as few files as the federation allows.
      ...(app === 'calculator' ? [new MergeFirstLoadPlugin()] : []),
      ...(borrowsRuntime(app) ? [new RuntimeFilePlugin()] : []),
      ...(isShell
        ? [
            new HtmlWebpackPlugin({
              template: path.join(appDir('shell'), 'src/index.html'),
              scriptLoading: 'defer',
            }),
            new DefinePlugin({
              'process.env.CREDIMO_DEV_MENU': JSON.stringify(devMenuEnabled(options) ? 'on' : 'off'),
            }),
            new VersionFilePlugin(),
          ]
        : []),
    ],
    // esbuild minifies in a fraction of terser's time (the build budget is 90 s for all five apps). No IIFE
    // wrapper and no syntax lowering: remoteEntry.js must keep its top-level container global.
    optimization: {
      minimizer: [
        new EsbuildPlugin({ target: 'esnext', format: undefined, legalComments: 'none', exclude: terserFiles(app) }),
        // Terser drops about 4 KB gzipped more of the federation runtime than esbuild does.
        new MinimizerPlugin({ test: terserFiles(app), minimizerOptions: { compress: { passes: 2 } } }),
      ],
      splitChunks: {
        cacheGroups: {
          // The style runtime serves both a remote's own CSS and @credimo/shared's: one chunk, fetched once.
          // Stateless code of @credimo/shared (and js-cookie) that more than one chunk needs, e.g. a widget's
          // first chunks and a shared singleton's (cookies beside the session store and the price tables): one
          // small chunk, fetched once, instead of a copy in each.
          sharedCode: {
            test: /[\\/](shared[\\/]src|node_modules[\\/]js-cookie)[\\/]/,
            chunks: 'async',
            minChunks: 2,
            minSize: 0,
            priority: -5,
            reuseExistingChunk: true,
          },
          styleRuntime: {
            test: /[\\/]node_modules[\\/](style-loader|css-loader)[\\/]dist[\\/]runtime[\\/]/,
            chunks: 'async',
            enforce: true,
            name: 'style-runtime',
          },
        },
      },
    },
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
  };
}

export default (_env: unknown, argv: { mode?: BuildOptions['mode'] } = {}) =>
  APPS.map((app) => createConfig(app, { mode: argv.mode ?? 'production' }));
