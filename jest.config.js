// One jest run covers every workspace; each workspace is a jest "project".
// The browser tests (e2e/) have their own config and run with `npm run test:e2e`.
const swc = (jsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: jsx, decorators: false },
      transform: jsx ? { react: { runtime: 'automatic' } } : undefined,
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const front = (name) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'jsdom',
  transform: { '^.+\\.(t|j)sx?$': swc(true) },
  setupFilesAfterEnv: ['<rootDir>/../jest.setup.front.ts'],
  moduleNameMapper: {
    '\\.(css|png|svg|jpg)$': '<rootDir>/../jest.file-stub.js',
    // ofetch's browser build is ESM only; its CommonJS build behaves the same.
    '^ofetch$': '<rootDir>/../node_modules/ofetch/dist/index.cjs',
  },
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
});

module.exports = {
  projects: [
    front('shared'),
    front('shell'),
    // One project per remote of the registry (remotes.json).
    ...require('./remotes.json').remotes.map((remote) => front(remote.folder)),
    {
      displayName: 'api',
      rootDir: '<rootDir>/api',
      testEnvironment: 'node',
      transform: { '^.+\\.(t|j)sx?$': swc(false) },
      // Some dependencies ship only ES modules (jose, oidc-provider, the `cookie` inside
      // light-my-request); swc turns them into CommonJS for jest. The pattern looks at the
      // innermost node_modules folder of the path.
      transformIgnorePatterns: ['/node_modules/(?!(jose|oidc-provider|cookie)/)(?!.*/node_modules/)'],
      testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/src/**/*.test.ts'],
      globalSetup: '<rootDir>/test/global-setup.ts',
      globalTeardown: '<rootDir>/test/global-teardown.ts',
      // Each test file creates and migrates its own database in beforeAll: 60 s per test and hook
      // (jest ignores `testTimeout` inside a project, so the setup file sets it).
      setupFilesAfterEnv: ['<rootDir>/test/setup-timeout.ts'],
    },
  ],
};
