/**
 * Tells the runner (`test/run.ts`, `e2e/run.ts`) which files of a worker failed: a failed top-level suite is a
 * failed file (`file-worker.ts` runs each file in a suite named after it).
 * Writes nothing itself; the spec reporter beside it writes the worker's report. Plain JavaScript: node loads
 * reporters before any loader.
 */
export default async function* shardReporter(source) {
  for await (const event of source) {
    if (event.type === 'test:fail' && event.data.nesting === 0) process.send?.({ failed: event.data.name });
    // Every top-level test is a file's suite: anything else was called from a running test's body, where the
    // worker no longer follows which suite it belongs to (`test-registration.mjs`). Call it as `t.test` there.
    else if (event.type === 'test:pass' && event.data.nesting === 0 && !/\.test\.tsx?$/.test(event.data.name)) {
      process.send?.({ failed: `${event.data.name} (a test outside its file's suite)` });
    }
  }
  yield ''; // a reporter is a generator of output; this one's output is its messages
}
