/** @jest-environment node */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SINGLETON_FILES } from '../webpack.config';

const sharedSrc = path.join(__dirname, '../shared/src');

/** Module-level state: a store, an atom, a cache, or a variable a module reassigns. */
const STATE =
  /^(export )?(const \w+(: [^=]+)? = (atom|atomWithStorage|createStore)\b|const \w+ = new (Map|Set)\b|let )/m;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('one session and one API client on any page, however @credimo/shared is imported', () => {
  test('every file of the shared package that holds state is a federated singleton of its own', () => {
    const stateful = sourceFiles(sharedSrc)
      .filter((file) => !file.includes(`${path.sep}contract${path.sep}`))
      .filter((file) => STATE.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(sharedSrc, file).split(path.sep).join('/'));
    expect(stateful.sort()).toEqual(Object.values(SINGLETON_FILES).sort());
  });
});
