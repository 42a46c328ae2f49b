// Mutation testing: `npm run test:mutation`. A bench, not a CI step: it takes minutes on 2 cores.
// Each entry of MUTATED is a rule room whose tests must kill its mutants. The API's money room runs under node:test
// and has its own config (stryker.api.config.mjs, `npm run test:mutation:api`).
/** @type {string[]} */
const MUTATED = ['shared/src/domain/**/*.ts'];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  // The front end's jest config, narrowed to the mutated rooms' tests so each mutant runs only what can kill it.
  jest: {
    projectType: 'custom',
    configFile: 'jest.config.js',
    config: { roots: ['<rootDir>/shared/src'] },
    enableFindRelatedTests: true,
  },
  // The sandbox copy needs only what the mutated rooms' tests import.
  ignorePatterns: ['/api', '/e2e', '/bench', '/wordpress-plugin', '/shell', '/remotes', '/.tsbuild', '/.data', '/dist'],
  mutate: [...MUTATED, '!**/*.test.ts', '!**/index.ts'],
  coverageAnalysis: 'perTest',
  // The clear-text reporter prints the score per file; the HTML report is for reading the survivors.
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: '.stryker/report.html' },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: false, reportScoreTable: true },
  tempDirName: '.stryker/tmp',
  concurrency: 2,
  thresholds: { high: 90, low: 75, break: null },
  ignoreStatic: true,
};
