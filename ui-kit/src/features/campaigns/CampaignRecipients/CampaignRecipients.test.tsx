import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Schema } from '../../../client';
import { expectNoA11yViolations } from '../../../test/a11y';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn } from '../../../test/signed-in';
import { reportDto } from '../campaign-story-data';
import { CampaignReport } from '../CampaignReport/CampaignReport';

type Permission = Schema<'Permission'>;
type Recipient = Schema<'CampaignRecipientDto'>;
const ADMIN = { profile: 'admin' as const, permissions: ['session:self', 'campaigns:manage'] satisfies Permission[] };

const recipient = (i: number, over: Partial<Recipient> = {}): Recipient => ({
  number: `55119000${String(i).padStart(5, '0')}`,
  name: `Pessoa ${String(i).padStart(2, '0')}`,
  state: 'delivered',
  plannedAt: '2026-11-27T11:00:00.000Z',
  sentAt: '2026-11-27T11:01:00.000Z',
  confirmationRequestedAt: null,
  confirmedAt: null,
  ack: 3,
  ...over,
});

/** 25 recipients: the first failed without WhatsApp, the second planned; the API's filters applied to them. */
const ALL = Array.from({ length: 25 }, (_, i) =>
  recipient(i, i === 0 ? { state: 'failed', reason: 'no-whatsapp', sentAt: null, ack: null } : i === 1 ? { state: 'planned', sentAt: null, ack: null } : {}),
);
function page(request: Request) {
  const q = new URL(request.url).searchParams;
  const state = q.get('state');
  const search = q.get('searchParam');
  const matching = ALL.filter((r) => (!state || r.state === state) && (!search || r.name.includes(search) || r.number.includes(search)));
  const n = Number(q.get('pageNumber') ?? 1);
  return json(200, { recipients: matching.slice((n - 1) * 20, n * 20), count: matching.length, hasMore: matching.length > n * 20 });
}

afterEach(() => vi.restoreAllMocks());

describe('CampaignRecipients (the per-recipient report)', { timeout: 30_000 }, () => {
  it('lists the recipients with their state, filters by state with the counts and by search, loads more, and downloads the CSV with the filters', async () => {
    const exports: { query: string; auth: string | null }[] = [];
    const routes = {
      'GET /campaigns/4': () => json(200, reportDto()),
      'GET /campaigns/4/recipients': page,
      'GET /campaigns/4/recipients/export': (request: Request) => {
        exports.push({ query: new URL(request.url).search, auth: request.headers.get('Authorization') });
        return new Response('\uFEFFnumber;name;state\n551190000000;Pessoa 00;failed\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv; charset=utf-8' },
        });
      },
    };
    const blobs: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:recipients';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const user = userEvent.setup();
    const { api, container } = renderSignedIn(<CampaignReport campaignId={4} />, routes, ADMIN);

    const table = await screen.findByRole('grid', { name: /Destinatários/ });
    const failed = await within(table).findByRole('row', { name: /Pessoa 00/ });
    expect(within(failed).getByText('Falha: sem WhatsApp')).toBeInTheDocument();
    expect(within(failed).getByText(`+${ALL[0].number}`)).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Pessoa 01/ })).toHaveTextContent('Planejado');
    expect(within(table).getAllByRole('row')).toHaveLength(21); // the header and 20
    expect(screen.getByRole('heading', { name: /25 destinatários/ })).toBeInTheDocument();
    await expectNoA11yViolations(container);

    // Load more: the second page.
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await within(table).findByRole('row', { name: /Pessoa 24/ });
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();

    // The state filter names each state with the report's count.
    await user.click(screen.getByRole('button', { name: /Situação/ }));
    expect(screen.getByRole('option', { name: 'Todas (124)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Entregue (30)' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Falha (4)' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(api.calls.some((c) => c.path === '/campaigns/4/recipients')).toBe(true);

    await user.click(screen.getByRole('button', { name: /Situação/ }));
    await user.click(screen.getByRole('option', { name: 'Todas (124)' }));
    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar nome ou número' }), 'Pessoa 1');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11)); // Pessoa 10 to 19
    await user.click(screen.getByRole('button', { name: /Situação/ }));
    await user.click(screen.getByRole('option', { name: 'Planejado (70)' }));
    await waitFor(() => expect(within(table).getByText('Nenhum destinatário')).toBeInTheDocument());

    // The CSV through the authenticated client, with the current filters.
    await user.click(screen.getByRole('button', { name: 'Baixar CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(exports).toHaveLength(1);
    const query = new URLSearchParams(exports[0].query);
    expect(query.get('state')).toBe('planned');
    expect(query.get('searchParam')).toBe('Pessoa 1');
    expect(exports[0].auth).toMatch(/^Bearer /);
    expect(names).toEqual(['campaign-4-recipients-planned.csv']);
    const bytes = new Uint8Array(await blobs[0].arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('a failed download is told', async () => {
    const routes = {
      'GET /campaigns/4': () => json(200, reportDto()),
      'GET /campaigns/4/recipients': page,
      'GET /campaigns/4/recipients/export': () => json(500, { error: 'ERR_INTERNAL', message: 'boom' }),
    };
    const user = userEvent.setup();
    renderSignedIn(<CampaignReport campaignId={4} />, routes, ADMIN);
    await screen.findByRole('row', { name: /Pessoa 00/ });
    await user.click(screen.getByRole('button', { name: 'Baixar CSV' }));
    expect(await screen.findByText('Não foi possível baixar o CSV')).toBeInTheDocument();
  });

  it('reads the rows again when a report event moves the counts', async () => {
    let state: Recipient['state'] = 'planned';
    const routes = {
      'GET /campaigns/4': () => json(200, reportDto()),
      'GET /campaigns/4/recipients': () => json(200, { recipients: [recipient(1, { state })], count: 1, hasMore: false }),
    };
    const { emit } = renderSignedIn(<CampaignReport campaignId={4} />, routes, ADMIN);
    expect(await screen.findByRole('row', { name: /Pessoa 01/ })).toHaveTextContent('Planejado');
    state = 'read';
    emit('campaign', { action: 'report', report: reportDto({ recipients: { planned: 69, sent: 5, delivered: 30, read: 16, confirmed: 0, failed: 4 } }) });
    await waitFor(() => expect(screen.getByRole('row', { name: /Pessoa 01/ })).toHaveTextContent('Lido'));
  });
});
