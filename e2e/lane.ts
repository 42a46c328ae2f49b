import { runFilesFromRunner } from '../api/test/file-worker';
import { closeSharedBrowser } from './src/browser';

/**
 * One lane of the browser tests' runner (`run.ts`): one process runs the lane's files one after another, with one
 * browser for all of them (`launchTestBrowser` hands each file a handle that closes only its own contexts). Each
 * file still starts its own stack and WordPress.
 */
void runFilesFromRunner(closeSharedBrowser);
