import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AtendeProvider } from '@atende/ui-kit';
import { CampaignReportPage } from './CampaignReportPage';
import { CampaignsPage } from './CampaignsPage';

const user = {
  id: 3,
  name: 'Ana',
  email: 'ana@x.com',
  profile: 'admin',
  super: false,
  companyId: 1,
  permissions: ['session:self', 'campaigns:manage'],
  features: { useCampaigns: true },
  queues: [],
  allTicket: 'disabled',
  company: { id: 1, name: 'Demo' },
};

const campaign = {
  id: 7,
  name: 'Natal',
  status: 'EM_ANDAMENTO',
  confirmation: false,
  scheduledAt: '2026-12-20T12:00:00.000Z',
  startedAt: '2026-12-20T12:00:00.000Z',
  completedAt: null,
  whatsappId: 1,
  contactListId: 2,
  tagListId: null,
  fileListId: null,
  ...Object.fromEntries(
    [1, 2, 3, 4, 5].flatMap((n) => [
      [`message${n}`, ''],
      [`confirmationMessage${n}`, ''],
    ]),
  ),
  mediaPath: null,
  mediaName: null,
  companyId: 1,
  editable: 'none',
  contactList: { id: 2, name: 'Clientes' },
  whatsapp: { id: 1, name: 'Loja' },
  tagList: null,
  fileList: null,
  createdAt: '2026-12-01T12:00:00.000Z',
  updatedAt: '2026-12-01T12:00:00.000Z',
};

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

afterEach(() => localStorage.clear());

function renderAt(path: string) {
  localStorage.setItem('token', JSON.stringify('t'));
  localStorage.setItem('user', JSON.stringify(user));
  const fetch = vi.fn(async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/campaigns') return json({ records: [campaign], count: 1, hasMore: false });
    if (pathname === '/campaigns/7')
      return json({ campaign, valids: 4, confirmationRequested: 0, confirmed: 0, delivered: 1, planned: 4, pending: 3, sent: 1, failed: 0, skipped: 0 });
    return new Response(JSON.stringify({ error: 'ERR_NOT_FOUND', message: '' }), { status: 404 });
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <AtendeProvider apiUrl="http://api.test" fetch={fetch} realtime={false} whiteLabel={false}>
        <Routes>
          <Route path="/campaigns" element={<CampaignsPage />} />
          <Route path="/campaign/:campaignId/report" element={<CampaignReportPage />} />
        </Routes>
      </AtendeProvider>
    </MemoryRouter>,
  );
}

describe('the campaign pages', () => {
  it('/campaigns lists the campaigns with a link to each report', async () => {
    renderAt('/campaigns');
    expect(await screen.findByRole('heading', { level: 1, name: 'Campanhas (1)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Relatório da campanha Natal' })).toHaveAttribute('href', '/campaign/7/report');
  });

  it('/campaign/:campaignId/report shows that campaign’s report, with a link back', async () => {
    renderAt('/campaign/7/report');
    expect(await screen.findByRole('heading', { level: 1, name: 'Relatório da Natal' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Entregues de válidos' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByRole('link', { name: /Campanhas/ })).toHaveAttribute('href', '/campaigns');
  });
});
