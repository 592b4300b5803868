import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { File as NodeFile } from 'node:buffer';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schema } from '../../../client';
import { expectNoA11yViolations } from '../../../test/a11y';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import { toLocalInput, type Campaign } from '../campaign-rules';
import { campaignDto, sampleCampaigns, sampleChoices } from '../campaign-story-data';
import { Campaigns } from './Campaigns';

type Permission = Schema<'Permission'>;
const ADMIN = { profile: 'admin' as const, permissions: ['session:self', 'campaigns:manage'] satisfies Permission[] };

/** An in-memory /campaigns with the API's answers (newest first) and the dialog's choices. */
function campaignsApi(initial: Campaign[] = sampleCampaigns) {
  let rows = [...initial];
  let nextId = 100;
  const uploads: { id: number; name: string }[] = [];
  const searches: (string | null)[] = [];
  const find = (id: number) => rows.find((c) => c.id === id)!;
  const put = (c: Campaign) => {
    rows = rows.map((r) => (r.id === c.id ? c : r));
    return c;
  };
  const routes: Routes = {
    'GET /campaigns': (request) => {
      const params = new URL(request.url).searchParams;
      searches.push(params.get('searchParam'));
      if (params.get('pageNumber') !== '1') throw new Error('a new search starts at page 1');
      const term = (params.get('searchParam') ?? '').toLowerCase();
      const records = rows.filter((c) => c.name.toLowerCase().includes(term));
      return json(200, { records, count: records.length, hasMore: false });
    },
    'POST /campaigns': async (request) => {
      const body = (await request.json()) as Partial<Campaign>;
      const made = campaignDto({
        ...body,
        id: nextId++,
        status: body.scheduledAt ? 'PROGRAMADA' : 'INATIVA',
        contactList: null,
        whatsapp: null,
      });
      rows = [made, ...rows];
      return json(201, made);
    },
    'GET /whatsapp': () => json(200, sampleChoices.whatsapps),
    'GET /contact-lists/list': () =>
      json(
        200,
        sampleChoices.contactLists.map((c) => ({ ...c, contactsCount: 3 })),
      ),
    'GET /tags/list': () => json(200, sampleChoices.tags),
    'GET /files': () => json(200, { files: sampleChoices.fileLists, count: 1, hasMore: false }),
    'GET /campaign-settings': () => json(200, { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [{ key: 'cupom', value: 'X' }] }),
  };
  const single = (id: number): Routes => ({
    [`PUT /campaigns/${id}`]: async (request) => json(200, put({ ...find(id), ...((await request.json()) as Partial<Campaign>) })),
    [`DELETE /campaigns/${id}`]: () => {
      rows = rows.filter((c) => c.id !== id);
      return new Response(null, { status: 204 });
    },
    [`POST /campaigns/${id}/cancel`]: () =>
      find(id).status === 'EM_ANDAMENTO'
        ? json(200, put({ ...find(id), status: 'CANCELADA', editable: 'messages' }))
        : json(409, { error: 'ERR_CAMPAIGN_STATUS', message: `Only a campaign in EM_ANDAMENTO can become CANCELADA; this one is ${find(id).status}` }),
    [`POST /campaigns/${id}/restart`]: () =>
      find(id).status === 'CANCELADA'
        ? json(200, put({ ...find(id), status: 'EM_ANDAMENTO', editable: 'none' }))
        : json(409, { error: 'ERR_CAMPAIGN_STATUS', message: 'Only a campaign in CANCELADA can become EM_ANDAMENTO' }),
    [`POST /campaigns/${id}/media-upload`]: async (request) => {
      const file = (await request.formData()).get('file') as File;
      uploads.push({ id, name: file.name });
      return json(201, put({ ...find(id), mediaName: file.name.replace(/\s+/g, '_'), mediaPath: 'c.png' }));
    },
  });
  for (const id of [...rows.map((c) => c.id), 100, 101]) Object.assign(routes, single(id));
  return { routes, uploads, searches, rows: () => rows, put };
}

beforeEach(async () => {
  // jsdom's FormData and File do not cross into Node's Request (the one the fake API reads); a browser has one kind.
  const nodeForm = await new Response('a=1', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }).formData();
  vi.stubGlobal('FormData', nodeForm.constructor);
});

const names = () => screen.getAllByRole('rowheader').map((c) => c.textContent);

describe('Campaigns (connected)', { timeout: 20_000 }, () => {
  it('lists GET /campaigns with the count and report links; axe-clean', async () => {
    const api = campaignsApi();
    const { container } = renderSignedIn(<Campaigns reportHref={(c) => `/campaign/${c.id}/report`} />, api.routes, ADMIN);
    expect(await screen.findByRole('heading', { name: 'Campanhas (5)' })).toBeInTheDocument();
    expect(names()).toEqual(['Natal 2026', 'Black Friday', 'Reativação', 'Pesquisa de satisfação', 'Rascunho']);
    expect(within(screen.getByRole('row', { name: /^Black Friday/ })).getByRole('link', { name: /Relatório/ })).toHaveAttribute('href', '/campaign/4/report');
    await expectNoA11yViolations(container);
  });

  it('searches lower-cased after the debounce, from page 1', async () => {
    const api = campaignsApi();
    renderSignedIn(<Campaigns />, api.routes, ADMIN);
    await screen.findByRole('heading', { name: 'Campanhas (5)' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Pesquisar' }), 'NATAL');
    await waitFor(() => expect(names()).toEqual(['Natal 2026']), { timeout: 3000 });
    // Typed in one go, searched once (debounced), lower-cased.
    expect(api.searches).toEqual([null, 'natal']);
  });

  it('creates a campaign through the dialog, then uploads its attachment; the new one is on top', async () => {
    const api = campaignsApi();
    const { api: calls } = renderSignedIn(<Campaigns />, api.routes, ADMIN);
    await screen.findByRole('heading', { name: 'Campanhas (5)' });
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova campanha' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Ano Novo');
    await userEvent.click(within(dialog).getByRole('button', { name: /Conexão/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Atendimento' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /Lista de Contatos/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Clientes VIP' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Mensagem 1' }), 'Feliz ano novo');
    expect(within(dialog).getByText(/\{cupom\}/)).toBeInTheDocument();
    await userEvent.upload(
      dialog.querySelector<HTMLInputElement>('input[type=file]')!,
      new NodeFile(['x'], 'cartão ano novo.png', { type: 'image/png' }) as unknown as File,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Campanha salva com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posted = JSON.parse(calls.calls.find((c) => c.method === 'POST' && c.path === '/campaigns')!.body);
    expect(posted).toMatchObject({
      name: 'Ano Novo',
      whatsappId: 1,
      contactListId: 10,
      tagListId: null,
      fileListId: null,
      confirmation: false,
      scheduledAt: null,
      message1: 'Feliz ano novo',
    });
    expect(api.uploads).toEqual([{ id: 100, name: 'cartão ano novo.png' }]);
    expect(names()[0]).toBe('Ano Novo');
  });

  it('an attachment for a campaign starting within the hour: saved as a draft, the file attached, then scheduled', async () => {
    const api = campaignsApi();
    const { api: calls } = renderSignedIn(<Campaigns />, api.routes, ADMIN);
    await screen.findByRole('heading', { name: 'Campanhas (5)' });
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova campanha' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Agora');
    await userEvent.type(dialog.querySelector<HTMLInputElement>('input[type="datetime-local"]')!, toLocalInput(new Date().toISOString()));
    await userEvent.upload(dialog.querySelector<HTMLInputElement>('input[type=file]')!, new NodeFile(['x'], 'a.png', { type: 'image/png' }) as unknown as File);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Campanha salva com sucesso!')).toBeInTheDocument();
    const writes = calls.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(writes).toEqual(['POST /campaigns', 'POST /campaigns/100/media-upload', 'PUT /campaigns/100']);
    expect(JSON.parse(calls.calls.find((c) => c.method === 'POST' && c.path === '/campaigns')!.body).scheduledAt).toBeNull();
    const scheduled = JSON.parse(calls.calls.find((c) => c.method === 'PUT')!.body);
    expect(Object.keys(scheduled)).toEqual(['scheduledAt']);
    expect(Math.abs(new Date(scheduled.scheduledAt).getTime() - Date.now())).toBeLessThan(120_000);
  });

  it('stops and restarts; an error shows in an error toast with its message', async () => {
    const api = campaignsApi();
    renderSignedIn(<Campaigns />, api.routes, ADMIN);
    const row = await screen.findByRole('row', { name: /^Black Friday/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Parar campanha Black Friday' }));
    expect(await screen.findByText('Campanha interrompida')).toBeInTheDocument();
    expect(await within(screen.getByRole('row', { name: /^Black Friday/ })).findByText('Cancelada')).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('row', { name: /^Black Friday/ })).getByRole('button', { name: 'Reiniciar campanha Black Friday' }));
    expect(await screen.findByText('Campanha reiniciada')).toBeInTheDocument();
    expect(await within(screen.getByRole('row', { name: /^Black Friday/ })).findByText('Em Andamento')).toBeInTheDocument();

    // Finished behind the page's back: the stop answers 409.
    api.put({ ...api.rows().find((c) => c.id === 4)!, status: 'FINALIZADA' });
    await userEvent.click(within(screen.getByRole('row', { name: /^Black Friday/ })).getByRole('button', { name: 'Parar campanha Black Friday' }));
    expect(await screen.findByText('A campanha não está num estado que permita esta ação.')).toBeInTheDocument();
  });

  it('deletes after the confirmation', async () => {
    const api = campaignsApi();
    renderSignedIn(<Campaigns />, api.routes, ADMIN);
    await userEvent.click(within(await screen.findByRole('row', { name: /^Rascunho/ })).getByRole('button', { name: 'Excluir Rascunho' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Excluir a campanha Rascunho?' })).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Campanha excluída com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(names()).not.toContain('Rascunho'));
  });

  it('follows company-{id}-campaign: create on top, update replaced in place, report updates the status, delete removes', async () => {
    const api = campaignsApi();
    const { emit } = renderSignedIn(<Campaigns />, api.routes, ADMIN);
    await screen.findByRole('heading', { name: 'Campanhas (5)' });
    const made = campaignDto({ id: 9, name: 'Dia das Mães' });
    emit('campaign', { action: 'create', record: made });
    await waitFor(() => expect(names()[0]).toBe('Dia das Mães'));
    expect(screen.getByRole('heading', { name: 'Campanhas (6)' })).toBeInTheDocument();
    emit('campaign', { action: 'update', record: { ...sampleCampaigns[3], name: 'Pesquisa NPS' } });
    await waitFor(() => expect(names()[4]).toBe('Pesquisa NPS'));
    emit('campaign', {
      action: 'report',
      report: {
        campaign: { ...made, status: 'EM_ANDAMENTO' },
        valids: 3,
        confirmationRequested: 0,
        confirmed: 0,
        delivered: 1,
        planned: 3,
        pending: 2,
        sent: 1,
        failed: 0,
        skipped: 0,
      },
    });
    expect(await within(screen.getByRole('row', { name: /^Dia das Mães/ })).findByText('Em Andamento')).toBeInTheDocument();
    emit('campaign', { action: 'delete', id: 9 });
    await waitFor(() => expect(names()).not.toContain('Dia das Mães'));
  });

  it('tells an attendant the page is for admins and calls nothing', async () => {
    const api = campaignsApi();
    const { api: calls } = renderSignedIn(<Campaigns />, api.routes, { profile: 'user', permissions: ['session:self'] });
    expect(await screen.findByText('Somente administradores veem e alteram as campanhas.')).toBeInTheDocument();
    expect(calls.calls.some((c) => c.path.startsWith('/campaigns'))).toBe(false);
  });
});
