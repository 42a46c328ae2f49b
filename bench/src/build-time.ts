/** `npm run bench:build`: a clean production build of the shell and the four remotes, timed. */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from '../../scripts/build';
import { budgets, report, root } from './budgets';

async function main() {
  rmSync(path.join(root, 'dist'), { recursive: true, force: true });
  rmSync(path.join(root, 'node_modules/.cache'), { recursive: true, force: true });
  const { seconds } = await build();
  if (
    !report('Production build', [
      { name: 'shell + 4 remotes, clean', value: seconds, budget: budgets.time.productionBuildSeconds, unit: 's' },
    ])
  ) {
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
