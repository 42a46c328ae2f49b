import { runFilesFromRunner } from './file-worker.js';

/** One of the API runner's worker processes (`test/run.ts`): it runs the files the runner hands it. */
await runFilesFromRunner();
