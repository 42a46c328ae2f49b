import asyncHooks from 'node:async_hooks';

/**
 * Preloaded (`--import`) in the test runners' worker processes (`file-workers.ts`), before node's test runner loads.
 *
 * Node's test runner learns which suite a `test()`, `describe()` or `before()` call belongs to from an async hook
 * that follows every promise and timer from a suite's function to what it starts, and forgets each when it is
 * destroyed. It stays on while the tests run too, where nothing asks it: there it only costs, a record and a
 * destroy callback for every promise the API makes, about a tenth of a worker's CPU.
 * This wraps that one hook so a worker can turn it on while a file registers its tests (`registering`) and off
 * while they run (`running`). Tests called from a running test's body find no suite and would run at the top
 * level: the workers' reporter (`shard-reporter.mjs`) fails the run when anything does.
 * Plain JavaScript: it loads before tsx.
 */
// The runner turns its hook on when it sets up (at the first suite, while a file registers) and off when it ends.
let hook = null;
let runnerWantsIt = false;
let registering = false;
const apply = () => (runnerWantsIt && registering ? hook?.enable() : hook?.disable());

globalThis[Symbol.for('credimo.test-registration')] = {
  registering: () => {
    registering = true;
    apply();
  },
  running: () => {
    registering = false;
    apply();
  },
};

const createHook = asyncHooks.createHook;
asyncHooks.createHook = (callbacks) => {
  if (!(new Error().stack ?? '').includes('internal/test_runner/harness')) return createHook(callbacks);
  asyncHooks.createHook = createHook;
  hook = createHook(callbacks);
  const wrapped = {
    enable: () => {
      runnerWantsIt = true;
      apply();
      return wrapped;
    },
    disable: () => {
      runnerWantsIt = false;
      apply();
      return wrapped;
    },
  };
  return wrapped;
};
