import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../client';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn } from '../../../test/signed-in';
import { atendeKeys } from '../../../data/query-keys';
import { usePromptOptions, type PromptDto } from './prompts';

configure({ asyncUtilTimeout: 5000 });

const promptDto = (overrides: Partial<PromptDto> & { id: number }): PromptDto => ({
  name: 'Prompt',
  prompt: 'x'.repeat(50),
  hasApiKey: true,
  queueId: 1,
  queue: { id: 1, name: 'Vendas' },
  voice: 'texto',
  hasVoiceKey: false,
  voiceRegion: null,
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
  model: 'gpt-4o-mini',
  baseUrl: null,
  companyId: 3,
  createdAt: '2026-12-01T12:00:00.000Z',
  updatedAt: '2026-12-01T12:00:00.000Z',
  ...overrides,
});

type Permission = Schema<'Permission'>;
const ADMIN = { profile: 'admin' as const, permissions: ['session:self', 'automation:manage'] satisfies Permission[] };

function Choices() {
  const choices = usePromptOptions();
  return <p data-testid="choices">{choices.data?.map((c) => `${c.id}:${c.name}`).join(',') ?? 'loading'}</p>;
}

describe('prompt hooks', () => {
  it('query keys live under atende/prompts', () => {
    expect(atendeKeys.prompts.listAll()[1]).toBe('prompts');
    expect(atendeKeys.prompts.detail(4)).toContain(4);
  });

  it('usePromptOptions reads every page of GET /prompt as { id, name } and follows the prompt events', async () => {
    const pages: string[] = [];
    const all = Array.from({ length: 22 }, (_, i) => promptDto({ id: i + 1, name: `Prompt ${String(i + 1).padStart(2, '0')}` }));
    const { emit } = renderSignedIn(
      <Choices />,
      {
        'GET /prompt': (request) => {
          const page = Number(new URL(request.url).searchParams.get('pageNumber'));
          pages.push(String(page));
          return json(200, { prompts: all.slice((page - 1) * 20, page * 20), count: all.length, hasMore: page * 20 < all.length });
        },
      },
      ADMIN,
    );
    const text = () => screen.getByTestId('choices').textContent ?? '';
    await waitFor(() => expect(text().split(',')).toHaveLength(22));
    expect(pages).toEqual(['1', '2']);
    emit('prompt', { action: 'create', prompt: promptDto({ id: 50, name: 'A primeira' }) });
    await waitFor(() => expect(text().startsWith('50:A primeira,1:Prompt 01')).toBe(true));
    emit('prompt', { action: 'update', prompt: promptDto({ id: 1, name: 'Zeta' }) });
    await waitFor(() => expect(text().endsWith('22:Prompt 22,1:Zeta')).toBe(true));
    emit('prompt', { action: 'delete', promptId: 50 });
    await waitFor(() => expect(text().startsWith('2:Prompt 02')).toBe(true));
  });
});
