import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../client';
import { expectNoA11yViolations } from '../../../test/a11y';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn } from '../../../test/signed-in';
import { reportDto } from '../campaign-story-data';
import { CampaignReport } from './CampaignReport';

type Permission = Schema<'Permission'>;
const ADMIN = { profile: 'admin' as const, permissions: ['session:self', 'campaigns:manage'] satisfies Permission[] };
const bar = () => screen.getByRole('progressbar', { name: 'Entregues de válidos' });

describe('CampaignReport (connected)', { timeout: 20_000 }, () => {
  it('reads GET /campaigns/{id}, follows the report events, and reads it again after it sees FINALIZADA', async () => {
    let reads = 0;
    const routes = {
      'GET /campaigns/4': () => {
        reads++;
        return json(
          200,
          reads === 1
            ? reportDto({ valids: 3, delivered: 0, sent: 0, pending: 3, planned: 3 })
            : reportDto({ valids: 3, delivered: 3, sent: 3, pending: 0, planned: 3 }, { status: 'FINALIZADA' }),
        );
      },
    };
    const { emit, container } = renderSignedIn(<CampaignReport campaignId={4} reloadAfterFinishMs={300} />, routes, ADMIN);
    expect(await screen.findByRole('heading', { name: 'Relatório da Black Friday' })).toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-valuenow', '0');
    await expectNoA11yViolations(container);

    const live = (delivered: number, status: 'EM_ANDAMENTO' | 'FINALIZADA') =>
      emit('campaign', { action: 'report', report: reportDto({ valids: 3, delivered, sent: 3, pending: 0, planned: 3 }, { status }) });
    live(1, 'EM_ANDAMENTO');
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuenow', '33.3'));
    // Another campaign's report changes nothing here.
    emit('campaign', { action: 'report', report: reportDto({ valids: 9, delivered: 9 }, { id: 7, name: 'Outra' }) });
    live(2, 'FINALIZADA');
    await waitFor(() => expect(screen.getByRole('status', { name: 'Status: Finalizada' })).toBeInTheDocument());
    expect(bar()).toHaveAttribute('aria-valuenow', '66.7');
    expect(reads).toBe(1);
    // The last deliveries come with the read after the pause.
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuenow', '100'), { timeout: 3000 });
    expect(reads).toBe(2);
  });

  it('a campaign opened finished is not read again', async () => {
    let reads = 0;
    const routes = {
      'GET /campaigns/4': () => {
        reads++;
        return json(200, reportDto({ valids: 3, delivered: 3 }, { status: 'FINALIZADA' }));
      },
    };
    renderSignedIn(<CampaignReport campaignId={4} reloadAfterFinishMs={50} />, routes, ADMIN);
    await screen.findByRole('status', { name: 'Status: Finalizada' });
    await new Promise((r) => setTimeout(r, 300));
    expect(reads).toBe(1);
  });

  it('a campaign that does not exist: the load failure', async () => {
    renderSignedIn(<CampaignReport campaignId={99} />, {}, ADMIN);
    expect(await screen.findByText('Não foi possível carregar o relatório da campanha', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('tells an attendant the page is for admins', async () => {
    const { api } = renderSignedIn(<CampaignReport campaignId={4} />, {}, { profile: 'user', permissions: ['session:self'] });
    expect(await screen.findByText('Somente administradores veem e alteram as campanhas.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.startsWith('/campaigns'))).toBe(false);
  });
});
