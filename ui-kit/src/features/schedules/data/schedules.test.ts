import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { atendeKeys } from '../../../data/query-keys';
import { writeScheduleEvent, bySendAt, type ScheduleDto } from './schedules';

function scheduleDto(partial: Partial<ScheduleDto>): ScheduleDto {
  const contact = { id: 1, name: 'Maria', number: '5511987650001', profilePicUrl: null };
  return {
    id: 1,
    body: 'Lembrete da consulta',
    contactId: 1,
    contact,
    userId: 1,
    sendAt: '2026-12-08T10:00:00.000Z',
    sentAt: null,
    status: 'PENDENTE',
    error: null,
    ticketId: null,
    messageId: null,
    mediaPath: null,
    mediaName: null,
    companyId: 3,
    createdAt: '2026-12-01T10:00:00.000Z',
    updatedAt: '2026-12-01T10:00:00.000Z',
    ...partial,
  };
}

const a = scheduleDto({ id: 1, sendAt: '2026-12-08T10:00:00.000Z' });
const b = scheduleDto({ id: 2, sendAt: '2026-12-09T10:00:00.000Z' });

function cache() {
  const queryClient = new QueryClient();
  const all = atendeKeys.schedules.list({});
  const searched = atendeKeys.schedules.list({ searchParam: 'maria' });
  queryClient.setQueryData<ScheduleDto[]>(all, [a, b]);
  queryClient.setQueryData<ScheduleDto[]>(searched, [b]);
  queryClient.setQueryData<ScheduleDto>(atendeKeys.schedules.detail(2), b);
  const read = (key: readonly unknown[]) => queryClient.getQueryData<ScheduleDto[]>(key)?.map((s) => s.id);
  return { queryClient, all, searched, read };
}

describe('schedules cache (the schedule channel)', () => {
  it('orders by sendAt then id', () => {
    expect([b, a].sort(bySendAt)).toEqual([a, b]);
  });

  it('a create takes its sendAt place in the whole list and marks a searched list stale', () => {
    const { queryClient, all, searched, read } = cache();
    writeScheduleEvent(queryClient, { action: 'create', schedule: scheduleDto({ id: 3, sendAt: '2026-12-08T12:00:00.000Z' }) });
    expect(read(all)).toEqual([1, 3, 2]);
    expect(read(searched)).toEqual([2]);
    expect(queryClient.getQueryState(searched)?.isInvalidated).toBe(true);
  });

  it('an update replaces by id everywhere (a sent one keeps its place), and the detail', () => {
    const { queryClient, all, searched } = cache();
    const sent = { ...b, status: 'ENVIADA' as const, sentAt: b.sendAt };
    writeScheduleEvent(queryClient, { action: 'update', schedule: sent });
    expect(queryClient.getQueryData<ScheduleDto[]>(all)?.[1].status).toBe('ENVIADA');
    expect(queryClient.getQueryData<ScheduleDto[]>(searched)?.[0].status).toBe('ENVIADA');
    expect(queryClient.getQueryData<ScheduleDto>(atendeKeys.schedules.detail(2))?.status).toBe('ENVIADA');
  });

  it('a delete removes it from every list', () => {
    const { queryClient, all, searched, read } = cache();
    writeScheduleEvent(queryClient, { action: 'delete', scheduleId: 2 });
    expect(read(all)).toEqual([1]);
    expect(read(searched)).toEqual([]);
  });
});
