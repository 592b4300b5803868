/** ESM-only packages jest compiles (see transform). */
const ESM_ONLY = 'htmlparser2|domhandler|domutils|dom-serializer|domelementtype|entities';

/** @type {import('jest').Config} */
module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', JSON.parse(require('fs').readFileSync(__dirname + '/.swcrc', 'utf8'))],
    // sanitize-html (CommonJS) needs htmlparser2 12 and its helpers, which are ESM-only: Node 20.19+ requires them
    // natively, jest's module registry cannot, so jest compiles just these to CommonJS.
    [`node_modules/(${ESM_ONLY})/.+\\.js$`]: ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY})/)`],
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  // Two cores on the reference machine; each test file gets its own database, so files run in parallel safely.
  maxWorkers: 2,
  testTimeout: 30000,
  forceExit: true,
};
