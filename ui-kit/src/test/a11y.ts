import axe from 'axe-core';
import { expect } from 'vitest';

/** Runs axe-core on a rendered subtree and fails with a readable list of violations. */
export async function expectNoA11yViolations(container: Element): Promise<void> {
  const results = await axe.run(container, {
    // jsdom computes no layout or colours, so contrast can only be checked in a browser.
    rules: { 'color-contrast': { enabled: false } },
  });
  const violations = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(violations).toEqual([]);
}
