import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../client';
import { writeCampaignEvent, deliveredPercent, type CampaignDto, type CampaignReportDto } from './campaigns';
import { atendeKeys } from '../../../data/query-keys';

type Page = components['schemas']['CampaignPageDto'];

const campaignDto = (over: Partial<CampaignDto>): CampaignDto => ({
  id: 1,
  name: 'A',
  status: 'INATIVA',
  confirmation: false,
  scheduledAt: null,
  startedAt: null,
  completedAt: null,
  whatsappId: null,
  contactListId: null,
  tagListId: null,
  fileListId: null,
  message1: '',
  message2: '',
  message3: '',
  message4: '',
  message5: '',
  confirmationMessage1: '',
  confirmationMessage2: '',
  confirmationMessage3: '',
  confirmationMessage4: '',
  confirmationMessage5: '',
  mediaPath: null,
  mediaName: null,
  companyId: 3,
  editable: 'all',
  contactList: null,
  whatsapp: null,
  tagList: null,
  fileList: null,
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  ...over,
});
const reportDto = (over: Partial<CampaignReportDto> = {}, campaign: Partial<CampaignDto> = {}): CampaignReportDto => ({
  campaign: campaignDto(campaign),
  valids: 120,
  confirmationRequested: 0,
  confirmed: 0,
  delivered: 45,
  planned: 124,
  pending: 70,
  sent: 50,
  failed: 1,
  skipped: 4,
  recipients: { planned: 70, sent: 5, delivered: 30, read: 15, confirmed: 0, failed: 4 },
  ...over,
});

function seeded() {
  const queryClient = new QueryClient();
  const a = campaignDto({ id: 1, name: 'A' });
  const b = campaignDto({ id: 2, name: 'B' });
  const page = (records = [b, a]): InfiniteData<Page> => ({ pages: [{ records, count: records.length, hasMore: false }], pageParams: [1] });
  queryClient.setQueryData(atendeKeys.campaigns.list({}), page());
  queryClient.setQueryData(atendeKeys.campaigns.list({ searchParam: 'a' }), page([a]));
  queryClient.setQueryData(atendeKeys.campaigns.detail(1), reportDto({}, { id: 1, name: 'A' }));
  const names = (filters = {}) => queryClient.getQueryData<InfiniteData<Page>>(atendeKeys.campaigns.list(filters))!.pages[0].records.map((c) => c.name);
  const count = (filters = {}) => queryClient.getQueryData<InfiniteData<Page>>(atendeKeys.campaigns.list(filters))!.pages[0].count;
  const report = () => queryClient.getQueryData<CampaignReportDto>(atendeKeys.campaigns.detail(1));
  return { queryClient, a, b, names, count, report };
}

describe('campaign cache', () => {
  it('create: on top of the unsearched list (once, whatever the repeats), a searched list only goes stale', () => {
    const { queryClient, names, count } = seeded();
    const c = campaignDto({ id: 3, name: 'C' });
    writeCampaignEvent(queryClient, { action: 'create', record: c });
    writeCampaignEvent(queryClient, { action: 'create', record: c });
    expect(names()).toEqual(['C', 'B', 'A']);
    expect(count()).toBe(3);
    expect(names({ searchParam: 'a' })).toEqual(['A']);
    expect(queryClient.getQueryState(atendeKeys.campaigns.list({ searchParam: 'a' }))?.isInvalidated).toBe(true);
  });

  it("update: replaced where it is, in every list and in the report's campaign", () => {
    const { queryClient, a, names, report } = seeded();
    writeCampaignEvent(queryClient, { action: 'update', record: { ...a, name: 'A2', status: 'CANCELADA' } });
    expect(names()).toEqual(['B', 'A2']);
    expect(names({ searchParam: 'a' })).toEqual(['A2']);
    expect(report()?.campaign).toMatchObject({ name: 'A2', status: 'CANCELADA' });
    expect(report()?.valids).toBe(120);
  });

  it('report: the report query takes it whole, the lists its campaign; a report not fetched stays unfetched', () => {
    const { queryClient, a, report, names } = seeded();
    const next = reportDto({ valids: 3, delivered: 2 }, { ...a, status: 'EM_ANDAMENTO' });
    writeCampaignEvent(queryClient, { action: 'report', report: next });
    expect(report()).toEqual(next);
    expect(queryClient.getQueryData<InfiniteData<Page>>(atendeKeys.campaigns.list({}))!.pages[0].records[1].status).toBe('EM_ANDAMENTO');
    writeCampaignEvent(queryClient, { action: 'report', report: reportDto({}, { id: 2, name: 'B' }) });
    expect(queryClient.getQueryData(atendeKeys.campaigns.detail(2))).toBeUndefined();
    expect(names()).toEqual(['B', 'A']);
  });

  it('delete: out of every list, the count follows', () => {
    const { queryClient, names, count } = seeded();
    writeCampaignEvent(queryClient, { action: 'delete', id: 1 });
    expect(names()).toEqual(['B']);
    expect(count()).toBe(1);
    expect(names({ searchParam: 'a' })).toEqual([]);
  });

  it('deliveredPercent: delivered over valids to a tenth, 0 without valids, 100 only when all delivered', () => {
    expect(deliveredPercent({ delivered: 45, valids: 120 })).toBe(37.5);
    expect(deliveredPercent({ delivered: 1, valids: 3 })).toBe(33.3);
    expect(deliveredPercent({ delivered: 0, valids: 0 })).toBe(0);
    expect(deliveredPercent({ delivered: 5, valids: 4 })).toBe(100);
    expect(deliveredPercent({ delivered: 2, valids: 3 })).toBe(66.7);
    expect(deliveredPercent({ delivered: 9999, valids: 10000 })).toBe(99.9);
  });
});
