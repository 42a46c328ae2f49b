/**
 * `npm test`: jest and the API suite side by side. The API suite waits about a fifth of its time (the sandbox's
 * delays, the job queue's polls, the processes its tests start), and jest fills that time on two cores instead of
 * running before it. The API runner's progress shows as it goes; jest's report is printed whole when jest ends,
 * so the two never interleave. Fails when either fails. `npm run test:unit` and `npm run test:api` run one each,
 * and take arguments.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

function jest(): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [require.resolve('jest/bin/jest')], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code, signal) => resolve({ code: signal ? 1 : (code ?? 1), output }));
  });
}

function apiSuite(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'test:api'], { cwd: root, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

async function main(): Promise<void> {
  const started = performance.now();
  const [unit, api] = await Promise.all([
    jest().then((result) => {
      console.log(`\n##### jest (${result.code === 0 ? 'passed' : 'FAILED'})\n${result.output.trimEnd()}\n#####\n`);
      return result.code;
    }),
    apiSuite(),
  ]);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `\n# npm test: jest ${unit === 0 ? 'passed' : 'FAILED'}, API ${api === 0 ? 'passed' : 'FAILED'}, in ${seconds} s`,
  );
  process.exit(unit === 0 && api === 0 ? 0 : 1);
}

void main();
