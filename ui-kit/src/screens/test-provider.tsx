import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { AtendeProvider } from '../atende-provider';
import type { Locale } from '../i18n';
import { createMemoryStorage } from '../provider/storage';

export type Route = (request: Request) => Response | Promise<Response> | undefined;

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The real provider with a fake API: `routes` answer by method and path, anything else 404. */
export function fakeApi(routes: Record<string, Route>) {
  const calls: Request[] = [];
  const fetch = vi.fn(async (request: Request) => {
    calls.push(request.clone());
    const url = new URL(request.url);
    const handler = routes[`${request.method} ${decodeURIComponent(url.pathname)}`];
    return (await handler?.(request)) ?? json({ error: 'ERR_NOT_FOUND', message: 'not found' }, 404);
  });
  return { fetch, calls };
}

export function TestProvider({ fetch, children, locale = 'pt' }: { fetch: (r: Request) => Promise<Response>; children: ReactNode; locale?: Locale }) {
  return (
    <AtendeProvider apiUrl="http://api.test" fetch={fetch} realtime={false} whiteLabel={false} locale={locale} storage={createMemoryStorage()}>
      {children}
    </AtendeProvider>
  );
}
