import { spreadChunkScripts } from './chunk-loading';

describe("the shell's chunk scripts are inserted one task each (total blocking time)", () => {
  test('each script webpack asks for is inserted later, in its own deferred step, with the same arguments', () => {
    const inserted: unknown[][] = [];
    const runtime = { l: (...args: unknown[]) => void inserted.push(args) };
    const steps: Array<() => void> = [];
    spreadChunkScripts(runtime, (run) => void steps.push(run));
    const done = () => {};
    runtime.l('/a.js', done, 'chunk-1', 1);
    runtime.l('/b.js', done, 'chunk-2', 2);
    expect(inserted).toEqual([]);
    expect(steps).toHaveLength(2);
    steps[0]?.();
    expect(inserted).toEqual([['/a.js', done, 'chunk-1', 1]]);
    steps[1]?.();
    expect(inserted).toEqual([
      ['/a.js', done, 'chunk-1', 1],
      ['/b.js', done, 'chunk-2', 2],
    ]);
  });

  test('a runtime without a script loader is left alone', () => {
    const runtime: { l?: () => void } = {};
    spreadChunkScripts(runtime);
    expect(runtime.l).toBeUndefined();
  });
});
