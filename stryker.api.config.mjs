// Mutation testing of the API's money room: `npm run test:mutation:api`. A bench, not a CI step.
// The API's tests run under node:test, so this uses Stryker's tap runner: each test file is one "test", and a mutant
// runs only the files whose run reached it (per-test coverage at file granularity).

/**
 * The money room's rules: the ledger's balance check and recipes, what a loan owes today, the state machine's table
 * and the servicing rules. The functions that write them (ledger.ts `post`, transitions.ts `transition`) are guarded
 * by the database's own constraints and covered by the API tests on PGlite and PostgreSQL; a mutant there would cost
 * a database per run, so they are not mutated here.
 */
const MUTATED = [
  'api/src/domain/ledger-rules.ts',
  'api/src/domain/servicing-rules.ts',
  'api/src/domain/transition-table.ts',
];

/** Pure rule tests: a second or two each. */
const TEST_FILES = ['api/test/money-rules.test.ts', 'api/test/servicing-rules.test.ts'];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'tap',
  tap: {
    testFiles: TEST_FILES,
    nodeArgs: ['--require', '{{hookFile}}', '--import', 'tsx', '--test-reporter=tap', '{{testFile}}'],
    forceBail: true,
  },
  ignorePatterns: [
    '/e2e',
    '/bench',
    '/wordpress-plugin',
    '/shell',
    '/remotes',
    '/.tsbuild',
    '/.data',
    '/dist',
    '/.cache',
  ],
  mutate: MUTATED,
  coverageAnalysis: 'perTest',
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: '.stryker/api-report.html' },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: false, reportScoreTable: true },
  tempDirName: '.stryker/tmp-api',
  concurrency: 2,
  timeoutMS: 60000,
  thresholds: { high: 90, low: 75, break: null },
  ignoreStatic: true,
};
