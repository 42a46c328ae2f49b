import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AdmZip from 'adm-zip';

const root = path.resolve(__dirname, '../..');
/** WordPress 6.5 from the npm package, so no download is needed. */
// Both packages restrict their exports, so files are found from the package folder.
const packageDir = (name: string) => path.join(root, 'node_modules', name);
export const WORDPRESS_ZIP = path.join(packageDir('@wp-playground/wordpress-builds'), 'src/wordpress/wp-6.5.zip');

/**
 * The plugin's settings (Settings > Credimo) pointing at a running stack, as PHP for a WordPress set-up, on a site
 * in Spanish as Credimo's is (the plugin's own es_ES translations; WordPress's own texts stay in English here).
 */
export function credimoSettingsPhp(urls: { api: string; app: string }, apiFromServer?: string): string {
  // The plugin keeps the price table it paints the calculator from (calculator-paint.php): read once here, as a
  // site that has served a page before has it. apiFromServer: the API as PHP reaches it, when the public name
  // (a *.localhost one) does not resolve for PHP.
  return `update_option('credimo_settings', array('api_base_url' => '${urls.api}', 'app_url' => '${urls.app}',
    'remotes_manifest_url' => '${urls.app}/config.json', 'default_product' => 1));
    // WordPress keeps only languages whose core files it has; the plugin's own are what this site shows.
    add_filter('sanitize_option_WPLANG', function () { return 'es_ES'; });
    update_option('WPLANG', 'es_ES');
    ${apiFromServer ? `update_option('credimo_api_server_url', '${apiFromServer}');` : ''}
    if (function_exists('credimo_refresh_prices')) credimo_refresh_prices(1);`;
}

export interface WordPress {
  url: string;
  stop: () => Promise<void>;
  /** Native PHP only: runs PHP in the site (WordPress loaded, as its admin code runs) and returns what it printed. */
  runPhp?: (code: string) => string;
  /** The same, without holding this process's event loop: for PHP that asks the stack's servers. */
  runPhpAsync?: (code: string) => Promise<string>;
}

/**
 * A real WordPress, offline, with the Credimo plugin mounted and activated, and a blueprint of PHP to set
 * it up (pages, options). Runs on @wp-playground/cli with the SQLite database it brings.
 */
export async function startWordPress(options: {
  port: number;
  setupPhp: string;
  /** Native PHP only: the Playground serves its site at 127.0.0.1. */
  host?: string;
}): Promise<WordPress> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'credimo-wp-'));
  const wordpress = path.join(dir, 'wordpress');
  new AdmZip(WORDPRESS_ZIP).extractAllTo(wordpress, true);
  const blueprint = path.join(dir, 'blueprint.json');
  writeFileSync(
    blueprint,
    JSON.stringify({
      steps: [
        { step: 'activatePlugin', pluginPath: 'credimo/credimo.php' },
        { step: 'runPHP', code: `<?php require '/wordpress/wp-load.php'; ${options.setupPhp}` },
      ],
    }),
  );
  const cli = path.join(packageDir('@wp-playground/cli'), 'wp-playground.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      cli,
      'server',
      `--port=${options.port}`,
      `--mount-before-install=${wordpress}:/wordpress`,
      `--mount=${path.join(root, 'wordpress-plugin')}:/wordpress/wp-content/plugins/credimo`,
      '--wordpress-install-mode=install-from-existing-files',
      `--blueprint=${blueprint}`,
      '--verbosity=normal',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env } },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`WordPress did not start in 180 s:\n${output}`)), 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready!')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`WordPress exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${options.port}`,
    stop: async () => {
      await stopServer(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Stops a PHP server: a worker stuck in a request ignores SIGTERM, and must never be left holding the port. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const forced = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(forced);
}

/**
 * Has the plugin keep the remotes' config and manifests now (remotes-kept.php), as a site that has served a page
 * has them (its cron fetched them): the calculator's first scripts are then preloaded from the head. Native PHP.
 */
export async function keepRemotes(wordpress: WordPress): Promise<void> {
  const kept = await wordpress.runPhpAsync?.("echo credimo_refresh_remotes() ? 'kept' : 'not kept';");
  if (kept !== undefined && kept !== 'kept') throw new Error(`the plugin kept no manifests: ${kept}`);
}
