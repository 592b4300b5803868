import { lazy, type ComponentType } from 'react';

/**
 * A route's screen as a separate chunk, fetched the first time the route renders (under the
 * Suspense of the private layout): its code, and vendor code only it uses, stay out of the
 * initial JavaScript that the sign-in pages load.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}
