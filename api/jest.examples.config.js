/** `npm run openapi:examples`: the recorder of api/openapi-examples.json, outside `npm test` (see test/examples). */
const base = require('./jest.config');

/** @type {import('jest').Config} */
module.exports = { ...base, testMatch: ['<rootDir>/test/examples/*.examples-spec.ts'], maxWorkers: 1 };
