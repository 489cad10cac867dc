// Each API test file creates and migrates its own database in beforeAll, which takes seconds on a
// loaded 2-core machine: 60 s per test and hook. A longer wait is a hang, not slowness. (jest
// ignores `testTimeout` inside a project's configuration, hence this file.)
jest.setTimeout(60_000);
