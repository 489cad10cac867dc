// Browser tests: the real server (`tsx api/src/server.ts`, embedded identity provider, the built
// shell and remotes) started once by test/support/global-setup.ts, driven by playwright-core
// with Debian's Chromium. `npm run test:e2e` at the root builds the front end first.
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // One browser and one server: the files run one after another (the package script passes
  // --runInBand too); a page load can take seconds on a busy two-core machine.
  maxWorkers: 1,
  testTimeout: 180_000,
};
