import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { apiEntryArguments } from '../../api/test/api-bundle';

/** Runs `npm run ops -- …` as an operator would, against the given database settings; returns the link. */
export function opsLink(args: string[], env: NodeJS.ProcessEnv): string {
  const result = spawnSync(process.execPath, [...apiEntryArguments('ops'), ...args], {
    cwd: path.resolve(__dirname, '../../api'),
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`ops ${args.join(' ')} failed: ${result.stderr}`);
  const link = result.stdout.split('\n')[0];
  if (!link?.startsWith('http')) throw new Error(`ops printed no link: ${result.stdout}`);
  return link;
}
