import { describe, expect, it } from 'vitest';
import { clearRedirect, rememberRedirect, storedRedirect } from './redirect';

describe('stored redirect', () => {
  it('keeps /tickets/ paths only, until cleared', () => {
    rememberRedirect('/contacts');
    expect(storedRedirect()).toBeNull();
    rememberRedirect('/tickets/42');
    expect(storedRedirect()).toBe('/tickets/42');
    clearRedirect();
    expect(storedRedirect()).toBeNull();
  });
});
