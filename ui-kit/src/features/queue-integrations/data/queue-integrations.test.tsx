import { configure, screen, waitFor } from '@testing-library/react';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../client';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn } from '../../../test/signed-in';
import { atendeKeys } from '../../../data/query-keys';
import { useQueueIntegrationOptions, writeQueueIntegration, type CreatedQueueIntegrationDto, type QueueIntegrationDto } from './queue-integrations';

configure({ asyncUtilTimeout: 5000 });

const dto = (overrides: Partial<QueueIntegrationDto> & { id: number }): QueueIntegrationDto => ({
  type: 'webhook',
  name: 'Hook',
  projectName: 'Hook',
  hasJsonContent: false,
  language: 'pt-BR',
  urlN8N: 'https://hooks.exemplo.com',
  urlFrontend: null,
  typebotDelayMessage: 1000,
  typebotExpires: 1,
  typebotKeywordFinish: null,
  typebotKeywordRestart: null,
  typebotRestartMessage: null,
  typebotSlug: null,
  typebotUnknownMessage: null,
  secretHint: 'whsec_…abcd',
  companyId: 3,
  createdAt: '2026-12-01T12:00:00.000Z',
  updatedAt: '2026-12-01T12:00:00.000Z',
  ...overrides,
});

type Permission = Schema<'Permission'>;
const ADMIN = { profile: 'admin' as const, permissions: ['session:self', 'automation:manage'] satisfies Permission[] };

function Choices() {
  const choices = useQueueIntegrationOptions();
  return <p data-testid="choices">{choices.data?.map((c) => `${c.id}:${c.name}:${c.type}`).join(',') ?? 'loading'}</p>;
}

describe('queue integration hooks', () => {
  it('query keys live under atende/queueIntegrations', () => {
    expect(atendeKeys.queueIntegrations.listAll()[1]).toBe('queueIntegrations');
    expect(atendeKeys.queueIntegrations.detail(4)).toContain(4);
  });

  it('useQueueIntegrationOptions reads every page and follows the queueIntegration events', async () => {
    const pages: string[] = [];
    const all = Array.from({ length: 21 }, (_, i) => dto({ id: i + 1, name: `Hook ${String(i + 1).padStart(2, '0')}` }));
    const { emit } = renderSignedIn(
      <Choices />,
      {
        'GET /queueIntegration': (request) => {
          const page = Number(new URL(request.url).searchParams.get('pageNumber'));
          pages.push(String(page));
          return json(200, { queueIntegrations: all.slice((page - 1) * 20, page * 20), count: all.length, hasMore: page * 20 < all.length });
        },
      },
      ADMIN,
    );
    const text = () => screen.getByTestId('choices').textContent ?? '';
    await waitFor(() => expect(text().split(',')).toHaveLength(21));
    expect(pages).toEqual(['1', '2']);
    emit('queueIntegration', { action: 'create', queueIntegration: dto({ id: 50, name: 'A primeira', type: 'typebot' }) });
    await waitFor(() => expect(text().startsWith('50:A primeira:typebot,1:Hook 01')).toBe(true));
    emit('queueIntegration', { action: 'delete', integrationId: 50 });
    await waitFor(() => expect(text().startsWith('1:Hook 01')).toBe(true));
  });

  it('a create answer is written without its one-time secret', () => {
    const queryClient = new QueryClient();
    type Page = Schema<'QueueIntegrationPageDto'>;
    queryClient.setQueryData<InfiniteData<Page>>(atendeKeys.queueIntegrations.list({}), {
      pages: [{ queueIntegrations: [], count: 0, hasMore: false }],
      pageParams: [1],
    });
    queryClient.setQueryData(atendeKeys.queueIntegrations.detail(7), dto({ id: 7 }));
    const created: CreatedQueueIntegrationDto = { ...dto({ id: 7, name: 'Novo' }), secret: 'whsec_do-not-keep' };
    writeQueueIntegration(queryClient, created, 'create');
    const page = queryClient.getQueryData<InfiniteData<Page>>(atendeKeys.queueIntegrations.list({}));
    expect(JSON.stringify(page)).not.toContain('whsec_do-not-keep');
    expect(page?.pages[0].queueIntegrations.map((q) => q.name)).toEqual(['Novo']);
    expect(JSON.stringify(queryClient.getQueryData(atendeKeys.queueIntegrations.detail(7)))).not.toContain('whsec_do-not-keep');
  });
});
