/**
 * Jest environment for the specs that use Baileys (`@jest-environment ./test/baileys-environment.js` at the top of
 * the file). Baileys 7 is an ES module: jest's CommonJS runtime cannot load it, and a dynamic import() inside a test
 * needs --experimental-vm-modules. This environment module runs in the worker's own Node realm, where `require` is
 * Node's (which loads ES modules since Node 20.19), so it loads Baileys there once per test file, on first use, and
 * hands it to the test as `globalThis.loadBaileys()`. The other specs neither pay for it nor change.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS module by design: its require is Node's own */
const { TestEnvironment } = require('jest-environment-node');

class BaileysEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    let baileys;
    this.global.loadBaileys = () => (baileys ??= require('@whiskeysockets/baileys'));
  }
}

module.exports = BaileysEnvironment;
