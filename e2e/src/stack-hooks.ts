import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { type Stack, startStack } from '../../scripts/stack';
import { launchTestBrowser } from './browser';
import { stackPorts } from './ports';

export interface StackUnderTest {
  readonly stack: Stack;
  readonly browser: Browser;
}

type StackEnv = NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv | Promise<NodeJS.ProcessEnv>);

/**
 * The product's stack and a Chromium for one describe block: started in its `before`, stopped in its `after`.
 * `stack` and `browser` are read inside its tests and hooks, once `before` has run. `env` may be a function, for
 * what must happen first (an ops link made on the database before the API opens it, a fake provider started).
 */
export function withStack(env: StackEnv): StackUnderTest {
  let stack: Stack | null = null;
  let browser: Browser | null = null;
  before(async () => {
    stack = await startStack({ env: typeof env === 'function' ? await env() : env, log: () => {} });
    browser = await launchTestBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
  });
  const started = <T>(value: T | null, name: string): T => {
    if (value === null) throw new Error(`the ${name} is read before the describe block's before hook has run`);
    return value;
  };
  return {
    get stack() {
      return started(stack, 'stack');
    },
    get browser() {
      return started(browser, 'browser');
    },
  };
}

/**
 * A stack whose customers take loans through the pages: the sandbox decides within a second, operators sign with
 * `operatorSecret`, and the account's first paint may take a busy machine up to 5 s.
 */
export const loanStackEnv = (
  base: number,
  operatorSecret: string,
  extra: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv => ({
  ...stackPorts(base),
  SANDBOX_DECISION_DELAY_SECONDS: '1',
  OPERATOR_SECRET: operatorSecret,
  ACCOUNT_PAINT_TIMEOUT_MS: '5000',
  ...extra,
});
