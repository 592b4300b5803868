/** @type {import('jest').Config} */
module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', JSON.parse(require('fs').readFileSync(__dirname + '/.swcrc', 'utf8'))] },
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  // Two cores on the reference machine; each test file gets its own database, so files run in parallel safely.
  maxWorkers: 2,
  testTimeout: 30000,
  forceExit: true,
};
