import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../client';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn } from '../../../test/signed-in';
import { useFileListOptions } from './file-lists';
import { useCampaignSettings } from './campaign-settings';
import type { FileListDto } from './file-lists';

const fileListDto = (overrides: Partial<FileListDto> & { id: number }): FileListDto => ({
  name: 'Lista',
  message: 'Mensagem',
  userId: 7,
  companyId: 3,
  options: [],
  createdAt: '2026-12-01T12:00:00.000Z',
  updatedAt: '2026-12-01T12:00:00.000Z',
  ...overrides,
});

// Saves chain several calls; under a loaded parallel run they take longer than the default second.
configure({ asyncUtilTimeout: 5000 });

type Permission = Schema<'Permission'>;
const ADMIN = { profile: 'admin' as const, permissions: ['session:self', 'campaigns:manage'] satisfies Permission[] };

function Choices() {
  const choices = useFileListOptions();
  return <p data-testid="choices">{choices.data?.map((c) => `${c.id}:${c.name}`).join(',') ?? 'loading'}</p>;
}

function Intervals() {
  const settings = useCampaignSettings();
  return (
    <p data-testid="settings">
      {settings.data ? `${settings.data.messageInterval}/${settings.data.longerIntervalAfter}/${settings.data.greaterInterval}` : 'loading'}
    </p>
  );
}

describe('file list choices and campaign settings hooks', () => {
  it('useFileListOptions reads every page of GET /files as { id, name } and follows the file events', async () => {
    const pages: string[] = [];
    const lists = Array.from({ length: 23 }, (_, i) => fileListDto({ id: i + 1, name: `Lista ${String(i + 1).padStart(2, '0')}` }));
    const { emit } = renderSignedIn(
      <Choices />,
      {
        'GET /files': (request) => {
          const page = Number(new URL(request.url).searchParams.get('pageNumber'));
          pages.push(String(page));
          return json(200, { files: lists.slice((page - 1) * 20, page * 20), count: lists.length, hasMore: page * 20 < lists.length });
        },
      },
      ADMIN,
    );
    const text = () => screen.getByTestId('choices').textContent ?? '';
    await waitFor(() => expect(text().split(',')).toHaveLength(23));
    expect(pages).toEqual(['1', '2']);
    expect(text().startsWith('1:Lista 01,2:Lista 02')).toBe(true);
    emit('file', { action: 'create', files: fileListDto({ id: 50, name: 'A primeira' }) });
    await waitFor(() => expect(text().startsWith('50:A primeira,1:Lista 01')).toBe(true));
    emit('file', { action: 'update', files: fileListDto({ id: 1, name: 'Zeta' }) });
    await waitFor(() => expect(text().endsWith('23:Lista 23,1:Zeta')).toBe(true));
    emit('file', { action: 'delete', fileId: 50 });
    await waitFor(() => expect(text().startsWith('2:Lista 02')).toBe(true));
  });

  it('useCampaignSettings reads GET /campaign-settings', async () => {
    renderSignedIn(
      <Intervals />,
      { 'GET /campaign-settings': () => json(200, { messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 300, variables: [] }) },
      ADMIN,
    );
    await waitFor(() => expect(screen.getByTestId('settings')).toHaveTextContent('5/0/300'));
  });
});
