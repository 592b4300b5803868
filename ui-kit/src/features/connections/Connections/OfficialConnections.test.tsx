import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../client';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import type { Connection } from '../connection-rules';
import { officialConnectionDto, sampleConnections, sampleQueues, sampleTemplates } from '../story-data';
import { Connections } from './Connections';

type Permission = Schema<'Permission'>;
const ADMIN = {
  profile: 'admin' as const,
  permissions: [
    'session:self',
    'connections-page:addConnection',
    'connections-page:actionButtons',
    'connections-page:editOrDeleteConnection',
    'connections:manage',
  ] satisfies Permission[],
};

function renderPage(extra: Routes, initial: Connection[] = sampleConnections.slice(0, 2)) {
  const store = { connections: [...initial] };
  const routes: Routes = { 'GET /whatsapp': () => json(200, store.connections), 'GET /queue': () => json(200, sampleQueues), ...extra };
  const utils = renderSignedIn(<Connections />, routes, ADMIN);
  const sent = (method: string, path: string) =>
    utils.api.calls.filter((c) => c.method === method && c.path === path).map((c) => (c.body ? (JSON.parse(c.body) as unknown) : undefined));
  return { ...utils, sent };
}

describe('Connections (connected): the official API', () => {
  /** Long values pasted, as an admin copying them from Meta's app does (typing them key by key took most of the test's time). */
  const pasteInto = async (field: HTMLElement, text: string) => {
    await userEvent.click(field);
    await userEvent.paste(text);
  };

  it('adds a Meta connection with its credentials; after the token, its modal opens again on the webhook and syncs its templates', async () => {
    const created = officialConnectionDto({ id: 9, name: 'Meta vendas', templatePurposes: {}, status: 'OPENING' });
    const { sent } = renderPage({
      'POST /whatsapp': () => json(201, { ...created, token: 'atd_new-token-0123456789' }),
      'GET /whatsapp/9/templates': () => json(200, []),
      'POST /whatsapp/9/templates/sync': () => json(200, sampleTemplates),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Adicionar WhatsApp' }));
    const add = await screen.findByRole('dialog', { name: 'Adicionar WhatsApp' });
    await pasteInto(within(add).getByRole('textbox', { name: /^Nome/ }), 'Meta vendas');
    await userEvent.click(within(add).getByRole('radio', { name: /API oficial/ }));
    await pasteInto(within(add).getByRole('textbox', { name: /ID do número/ }), '106540352242922');
    await pasteInto(within(add).getByRole('textbox', { name: /ID da conta/ }), '102290129340398');
    await pasteInto(within(add).getByLabelText(/Token de acesso permanente/), 'EAAG-token');
    await pasteInto(within(add).getByLabelText(/Chave secreta do app/), 'segredo');
    await userEvent.click(within(add).getByRole('button', { name: 'Salvar' }));

    const tokenDialog = await screen.findByRole('dialog', { name: 'Token da API de mensagens' });
    expect(sent('POST', '/whatsapp')).toEqual([
      expect.objectContaining({
        name: 'Meta vendas',
        provider: 'cloud',
        cloudPhoneNumberId: '106540352242922',
        cloudBusinessAccountId: '102290129340398',
        cloudAccessToken: 'EAAG-token',
        cloudAppSecret: 'segredo',
      }),
    ]);
    await userEvent.click(within(tokenDialog).getByRole('button', { name: 'Pronto, guardei o token' }));

    // No QR code: the connection's modal instead, with what to paste in the Meta app.
    const edit = await screen.findByRole('dialog', { name: 'Editar WhatsApp' });
    expect(screen.queryByRole('dialog', { name: /^Conectar/ })).toBeNull();
    const webhook = within(edit).getByRole('region', { name: 'Webhook da Meta' });
    expect(within(webhook).getByRole('textbox', { name: 'URL de callback' })).toHaveValue(created.webhookUrl);
    const templates = within(edit).getByRole('region', { name: 'Modelos de mensagem' });
    expect(await within(templates).findByText('Nenhum modelo aprovado ainda. Sincronize para buscar os modelos da conta.')).toBeInTheDocument();

    await userEvent.click(within(templates).getByRole('button', { name: 'Sincronizar modelos' }));
    expect(await within(templates).findByText('Modelos sincronizados: 4.')).toBeInTheDocument();
    expect(within(templates).getAllByRole('listitem')).toHaveLength(3);
    expect(sent('POST', '/whatsapp/9/templates/sync')).toHaveLength(1);
  });

  it('saves the template chosen for an automatic message: PUT sends only that purpose; the list shows the type, quality and limit', async () => {
    const official = officialConnectionDto();
    const { sent } = renderPage(
      {
        'GET /whatsapp/7/templates': () => json(200, sampleTemplates),
        'PUT /whatsapp/7': () => json(200, { ...official, updatedAt: '2026-03-14T15:00:00.000Z' }),
      },
      [official, ...sampleConnections.slice(0, 1)],
    );
    const row = await screen.findByRole('row', { name: /^Oficial Meta\b/ });
    expect(within(row).getByText('API oficial')).toBeInTheDocument();
    expect(within(row).getByText('Qualidade alta')).toBeInTheDocument();
    expect(within(row).getByText('Limite: 1K/dia')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Editar Oficial Meta' }));
    const edit = await screen.findByRole('dialog', { name: 'Editar WhatsApp' });
    const templates = within(edit).getByRole('region', { name: 'Modelos de mensagem' });
    await userEvent.click(await within(templates).findByRole('button', { name: /Campanhas/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'boas_vindas (en_US)' }));
    await userEvent.type(within(templates).getByRole('textbox', { name: 'Campanhas: variável 1' }), '{{{{firstName}}');
    await userEvent.click(within(edit).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent('PUT', '/whatsapp/7')).toHaveLength(1));
    const body = sent('PUT', '/whatsapp/7')[0] as Record<string, unknown>;
    expect(body.templatePurposes).toEqual({ campaign: { name: 'boas_vindas', language: 'en_US', params: ['{{firstName}}'] } });
    expect(body).not.toHaveProperty('cloudAccessToken');
    expect(body).not.toHaveProperty('cloudAppSecret');
  });
});
