/**
 * bench:headers: Mozilla's HTTP Observatory (@mdn/mdn-http-observatory, run locally) on the customer app's page,
 * a remote's entry and the API (JSON and the SECCI page), printing every test. Over plain HTTP on localhost every
 * test must pass except the two a TLS front provides (the redirect to HTTPS, HSTS); exits 1 otherwise.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { stackPorts } from '../../e2e/src/ports';
import { startStack } from '../../scripts/stack';

/** Only HTTPS can pass these: the redirect from http: to https: and Strict-Transport-Security. */
const NEEDS_TLS = new Set(['redirection', 'strict-transport-security']);

interface TestOutput {
  result: string;
  pass: boolean | null;
}

/**
 * The Observatory is installed on first use into .cache/, not with the product: its install scripts download
 * certificate lists and build pg-native from source, which a fresh offline `npm ci` cannot do. Without scripts it runs.
 */
const OBSERVATORY = '@mdn/mdn-http-observatory@1.4.8';
const cacheDir = path.resolve(__dirname, '../../.cache/observatory');

function installObservatory(): string {
  const manifest = path.join(cacheDir, 'node_modules/@mdn/mdn-http-observatory/package.json');
  if (!existsSync(manifest)) {
    mkdirSync(cacheDir, { recursive: true });
    console.log(`Installing ${OBSERVATORY} into .cache/observatory (first run only)...`);
    execFileSync(
      'npm',
      ['install', '--prefix', cacheDir, '--ignore-scripts', '--no-save', '--no-audit', '--no-fund', OBSERVATORY],
      { stdio: 'inherit' },
    );
  }
  return path.dirname(createRequire(manifest).resolve('./package.json'));
}

const observatoryRoot = installObservatory();

/** The package's install script downloads the HSTS preload list; offline, an empty list serves for localhost. */
function ensurePreloadList(): void {
  const file = path.join(observatoryRoot, 'conf/hsts-preload.json');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '{}');
  }
}

async function observatory() {
  ensurePreloadList();
  // The package's scan() ignores a path; its retriever and tests take one, so the API is scanned where it answers.
  const retrieverPath = path.join(observatoryRoot, 'src/retriever/retriever.js');
  const constantsPath = path.join(observatoryRoot, 'src/constants.js');
  const { retrieve } = await import(retrieverPath);
  const { ALL_TESTS } = await import(constantsPath);
  const { scan: grade } = await import(path.join(observatoryRoot, 'src/scanner/index.js'));
  return async (address: URL) => {
    // The Observatory's own grade, for the site's root page (the customer app), as its web page would show it.
    if (address.pathname === '/') {
      const graded = (await grade(address.host)) as { scan: { grade: string; score: number } };
      console.log(
        `  grade ${graded.scan.grade}, score ${graded.scan.score}/100 (plain HTTP: the two TLS tests cost 40)`,
      );
    }
    const retrieved = await retrieve(address.host, { path: `${address.pathname}${address.search}` });
    if (!retrieved.responses.auto) throw new Error(`${address} did not answer`);
    return (ALL_TESTS as Array<(r: unknown) => TestOutput>).map((test) => {
      const output = test(retrieved);
      return { test: testName(test.name), ...output };
    });
  };
}

/** contentSecurityPolicyTest -> content-security-policy */
const testName = (fn: string) =>
  fn
    .replace(/Test$/, '')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase();

async function main() {
  const stack = await startStack({ env: { ...stackPorts(3900), LOG_LEVEL: 'warn' }, log: () => {} });
  let failed = 0;
  try {
    const scan = await observatory();
    const targets: Array<[string, URL]> = [
      ['customer app', new URL('/', stack.urls.app.replace('localhost', '127.0.0.1'))],
      ['API (JSON)', new URL('/v2/products', stack.urls.api.replace('localhost', '127.0.0.1'))],
      [
        'API (SECCI page)',
        new URL('/v2/products/1/prices/30/30000/offer/html', stack.urls.api.replace('localhost', '127.0.0.1')),
      ],
      [
        'remote entry',
        new URL(
          stack.urls.remotes.calculator.replace('localhost', '127.0.0.1').replace('mf-manifest.json', 'remoteEntry.js'),
        ),
      ],
    ];
    for (const [label, address] of targets) {
      console.log(`\n${label}: ${address}`);
      for (const output of await scan(address)) {
        const excused = !output.pass && NEEDS_TLS.has(output.test);
        if (!output.pass && !excused) failed++;
        const mark = output.pass ? 'pass' : excused ? 'n/a (needs HTTPS)' : 'FAIL';
        console.log(`  ${mark.padEnd(18)} ${output.test.padEnd(28)} ${output.result}`);
      }
    }
  } finally {
    await stack.stop();
  }
  console.log(failed ? `\n${failed} test(s) failed` : '\nevery test that plain HTTP allows passes');
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
