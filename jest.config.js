/** Unit and component tests of the front end and shared rules (the API has its own HTTP tests). */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  // jsdom with Node's fetch, Request and streams, which React Router's data routers need.
  testEnvironment: 'jest-fixed-jsdom',
  // Jest's default leaves one core idle (cores - 1 workers, a single worker here): the suite is CPU-bound, so use all.
  maxWorkers: '100%',
  // Jest's 5 s default is a timing assertion on a busy machine: a form typed key by key takes 1.4 s here alone and
  // more than 5 s in CI beside the production build. A test that hangs still fails, after 30 s.
  testTimeout: 30_000,
  roots: ['<rootDir>/shared/src', '<rootDir>/shell', '<rootDir>/remotes', '<rootDir>/scripts'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  // typebox ships ES modules only.
  transformIgnorePatterns: ['/node_modules/(?!typebox/)'],
  moduleNameMapper: { '\\.css$': 'identity-obj-proxy' },
  setupFiles: ['<rootDir>/jest.polyfills.ts'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
};
