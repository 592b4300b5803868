/**
 * Fault tests (`npm run test:faults`): real API processes started from the production build (`dist/`, built by the
 * script first), killed, restarted and cut off from Redis or PostgreSQL. One file at a time: each owns the machine's
 * timing while it kills and restarts processes.
 */
const base = require('./jest.config.js');

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  testMatch: ['<rootDir>/test/faults/**/*.fault-spec.ts'],
  maxWorkers: 1,
  testTimeout: 300_000,
};
