import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import AdmZip from 'adm-zip';
import { liveProcessesInGroup } from './process-group';
import { WORDPRESS_ZIP, type WordPress } from './wordpress';

const execFileAsync = promisify(execFile);

const root = path.resolve(__dirname, '../..');
// The zip leaves out WordPress's static files (the Playground fetches them on demand); the package has them here.
const STATIC_FILES = path.join(root, 'node_modules/@wp-playground/wordpress-builds/public/wp-6.5');
const SQLITE_ZIP = path.join(
  root,
  'node_modules/@wp-playground/wordpress-builds/src/sqlite-database-integration/sqlite-database-integration.zip',
);

/** Whether this machine has a PHP that can run WordPress on SQLite (Debian: php-cli, php-sqlite3). */
export function hasNativePhp(): boolean {
  try {
    return /pdo_sqlite/.test(execFileSync('php', ['-m'], { encoding: 'utf8' }));
  } catch {
    return false;
  }
}

/**
 * The same WordPress 6.5 and the same SQLite database as the Playground, served by the machine's own PHP
 * (with OPcache, several workers), as a host serves it. The Playground's WebAssembly PHP takes seconds per
 * request; a measure of the page's own loading needs a server that answers like a real one.
 */
export async function startNativeWordPress(options: {
  port: number;
  setupPhp: string;
  /** The site's host name as browsers reach it (a *.localhost name resolves to this machine in Chromium). */
  host?: string;
}): Promise<WordPress> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'credimo-wp-native-'));
  const wordpress = path.join(dir, 'wordpress');
  const url = `http://${options.host ?? '127.0.0.1'}:${options.port}`;
  new AdmZip(WORDPRESS_ZIP).extractAllTo(wordpress, true);
  cpSync(STATIC_FILES, wordpress, { recursive: true, filter: (source) => !source.endsWith('remote-asset-paths') });
  const plugins = path.join(wordpress, 'wp-content/plugins');
  new AdmZip(SQLITE_ZIP).extractAllTo(plugins, true);
  const sqlitePlugin = path.join(plugins, 'sqlite-database-integration');
  renameSync(path.join(plugins, 'sqlite-database-integration-main'), sqlitePlugin);
  writeFileSync(
    path.join(wordpress, 'wp-content/db.php'),
    readFileSync(path.join(sqlitePlugin, 'db.copy'), 'utf8')
      .replace('{SQLITE_IMPLEMENTATION_FOLDER_PATH}', sqlitePlugin)
      .replace('{SQLITE_PLUGIN}', 'sqlite-database-integration/load.php'),
  );
  symlinkSync(path.join(root, 'wordpress-plugin'), path.join(plugins, 'credimo'));
  const config = path.join(wordpress, 'wp-config.php');
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace(
      "define( 'WP_DEBUG', false );",
      `define( 'WP_DEBUG', false );\ndefine( 'WP_HOME', '${url}' );\ndefine( 'WP_SITEURL', '${url}' );`,
    ),
  );
  // php -S has no rewrite rules: files are served as they are, everything else goes to WordPress. The router
  // serves every file itself, as a host's server does: with its type, text compressed once, the rest as it is.
  // (Handing a file back to php -S with zlib.output_compression on sent a stray gzip header before the
  // response, and compressing here on top of it sent scripts gzipped twice.)
  const router = path.join(dir, 'router.php');
  writeFileSync(router, routerPhp());
  const setup = path.join(dir, 'setup.php');
  writeFileSync(
    setup,
    `<?php
$_SERVER['HTTP_HOST'] = '${new URL(url).host}';
require '${wordpress}/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
update_option('permalink_structure', '/%postname%/');
activate_plugin('credimo/credimo.php');
${options.setupPhp}
flush_rewrite_rules();
`,
  );
  execFileSync('php', [setup], { stdio: 'inherit' });

  const child: ChildProcess = spawn(
    'php',
    [
      '-d',
      'opcache.enable_cli=1',
      '-d',
      'zlib.output_compression=On',
      '-S',
      `127.0.0.1:${options.port}`,
      '-t',
      wordpress,
      router,
    ],
    // Its own process group: PHP_CLI_SERVER_WORKERS forks workers that a signal to the parent alone leaves
    // serving (holding the port and our stderr pipe), so the group is what gets stopped.
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' }, detached: true },
  );
  try {
    // Asked at the address PHP listens on: Node resolves no *.localhost name.
    await waitForAnswer(`http://127.0.0.1:${options.port}/`, child);
  } catch (error) {
    await stopProcessGroup(child);
    throw error;
  }
  let runs = 0;
  const phpFile = (code: string) => {
    const file = path.join(dir, `run-${runs++}.php`);
    writeFileSync(
      file,
      `<?php\n$_SERVER['HTTP_HOST'] = '${new URL(url).host}';\nrequire '${wordpress}/wp-load.php';\nrequire_once ABSPATH . 'wp-admin/includes/plugin.php';\n${code}\n`,
    );
    return file;
  };
  return {
    url,
    runPhp: (code: string) => execFileSync('php', [phpFile(code)], { encoding: 'utf8' }),
    // For PHP that asks this process's servers (the stack's): the synchronous run would hold their event loop.
    runPhpAsync: async (code: string) => (await execFileAsync('php', [phpFile(code)], { encoding: 'utf8' })).stdout,
    stop: async () => {
      await stopProcessGroup(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Stops the PHP server and every worker it forked: SIGTERM to the group, SIGKILL if any is left after 5 s. */
export async function stopProcessGroup(child: ChildProcess): Promise<void> {
  const group = child.pid;
  if (!group) return;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-group, signal);
      return true;
    } catch {
      return false; // ESRCH: no process of the group is left
    }
  };
  const goneWithin = async (ms: number) => {
    const deadline = Date.now() + ms;
    while (liveProcessesInGroup(group).length > 0) {
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return true;
  };
  if (!signalGroup('SIGTERM')) return;
  if (await goneWithin(5_000)) return;
  signalGroup('SIGKILL');
  await goneWithin(2_000);
}

async function waitForAnswer(url: string, child: ChildProcess): Promise<void> {
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`PHP exited with ${child.exitCode}:\n${errors}`);
    // Not followed: a site named otherwise sends this address on to its own name.
    const answer = await fetch(url, { redirect: 'manual' }).catch(() => null); // null: not listening yet
    if (answer && answer.status < 400) return;
    if (answer && answer.status >= 500) {
      throw new Error(`WordPress answered ${answer.status}: ${(await answer.text()).slice(0, 2000)}\n${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`WordPress on native PHP did not answer in 30 s:\n${errors}`);
}

/** Content types of the files WordPress, its themes and our plugin serve; text types are sent compressed. */
const FILE_TYPES: Record<string, { type: string; compress: boolean }> = {
  css: { type: 'text/css; charset=UTF-8', compress: true },
  js: { type: 'text/javascript; charset=UTF-8', compress: true },
  mjs: { type: 'text/javascript; charset=UTF-8', compress: true },
  json: { type: 'application/json', compress: true },
  svg: { type: 'image/svg+xml', compress: true },
  html: { type: 'text/html; charset=UTF-8', compress: true },
  txt: { type: 'text/plain; charset=UTF-8', compress: true },
  xml: { type: 'application/xml', compress: true },
  map: { type: 'application/json', compress: true },
  woff2: { type: 'font/woff2', compress: false },
  woff: { type: 'font/woff', compress: false },
  ttf: { type: 'font/ttf', compress: true },
  png: { type: 'image/png', compress: false },
  jpg: { type: 'image/jpeg', compress: false },
  jpeg: { type: 'image/jpeg', compress: false },
  gif: { type: 'image/gif', compress: false },
  webp: { type: 'image/webp', compress: false },
  avif: { type: 'image/avif', compress: false },
  ico: { type: 'image/x-icon', compress: false },
};

function routerPhp(): string {
  const types = Object.entries(FILE_TYPES)
    .map(([extension, { type, compress }]) => `'${extension}' => array('${type}', ${compress ? 'true' : 'false'})`)
    .join(', ');
  return `<?php
$file = __DIR__ . '/wordpress' . rawurldecode(parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH));
if ($file !== __DIR__ . '/wordpress/' && is_file($file) && pathinfo($file, PATHINFO_EXTENSION) !== 'php') {
  ini_set('zlib.output_compression', 'Off');
  $types = array(${types});
  [$type, $compress] = $types[strtolower(pathinfo($file, PATHINFO_EXTENSION))] ?? array('application/octet-stream', false);
  $etag = '"' . dechex(filemtime($file)) . '-' . dechex(filesize($file)) . '"';
  header("Content-Type: $type");
  header('Cache-Control: public, max-age=31536000');
  header("ETag: $etag");
  header('Vary: Accept-Encoding');
  if (($_SERVER['HTTP_IF_NONE_MATCH'] ?? '') === $etag) { http_response_code(304); return true; }
  $body = file_get_contents($file);
  if ($compress && strpos($_SERVER['HTTP_ACCEPT_ENCODING'] ?? '', 'gzip') !== false) {
    header('Content-Encoding: gzip');
    $body = gzencode($body, 6);
  }
  header('Content-Length: ' . strlen($body));
  if ($_SERVER['REQUEST_METHOD'] !== 'HEAD') echo $body;
  return true;
}
// WordPress's own scripts (wp-login.php, wp-admin/…) run as themselves, as a host's server runs them.
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
if ($file !== __DIR__ . '/wordpress/' && is_dir($file) && is_file(rtrim($file, '/') . '/index.php')) {
  $file = rtrim($file, '/') . '/index.php';
  $path = rtrim($path, '/') . '/index.php';
}
if ($file !== __DIR__ . '/wordpress/' && is_file($file) && pathinfo($file, PATHINFO_EXTENSION) === 'php') {
  $_SERVER['SCRIPT_NAME'] = $path;
  $_SERVER['PHP_SELF'] = $path;
  $_SERVER['SCRIPT_FILENAME'] = $file;
  chdir(dirname($file));
  require $file;
  return true;
}
$_SERVER['SCRIPT_NAME'] = '/index.php';
require __DIR__ . '/wordpress/index.php';
`;
}
