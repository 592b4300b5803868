import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../../client';
import { expectNoA11yViolations } from '../../../../test/a11y';
import { json } from '../../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../../test/signed-in';
import type { EmbedKey } from '../embed-key-rules';
import { sampleEmbedKeys } from '../story-data';
import { EmbedKeys } from './EmbedKeys';

const ADMIN = { profile: 'admin' as const, permissions: ['session:self', 'embed-keys:manage'] as Schema<'Permission'>[] };
const SECRET = 'sEcReT_only_once_0123456789abcdefghijklmnopq';

/** An in-memory /embed-keys with the API's rules: newest first, the secret only in the create's answer, 409 once revoked. */
function embedKeysApi(initial: EmbedKey[] = sampleEmbedKeys) {
  let rows = [...initial];
  let lists = 0;
  const find = (id: number) => rows.find((k) => k.id === id);
  const routes: Routes = {
    'GET /embed-keys': () => {
      lists += 1;
      return json(200, rows);
    },
    'POST /embed-keys': async (request) => {
      const body = (await request.json()) as Pick<EmbedKey, 'name' | 'allowedOrigins'>;
      const row: EmbedKey = { id: 9, keyId: 'ek_New4Key5Id6Xy7Z', ...body, createdAt: '2026-11-29T19:00:00.000Z', lastUsedAt: null, revokedAt: null };
      rows = [row, ...rows];
      return json(201, { ...row, secret: SECRET });
    },
  };
  for (const id of [...rows.map((k) => k.id), 9]) {
    routes[`PUT /embed-keys/${id}`] = async (request) => {
      if (find(id)?.revokedAt) return json(409, { error: 'ERR_EMBED_KEY_REVOKED', message: 'This embed key was revoked and cannot change' });
      const body = (await request.json()) as Partial<EmbedKey>;
      rows = rows.map((k) => (k.id === id ? { ...k, ...body } : k));
      return json(200, find(id));
    };
    routes[`DELETE /embed-keys/${id}`] = () => {
      rows = rows.map((k) => (k.id === id ? { ...k, revokedAt: k.revokedAt ?? '2026-11-29T19:30:00.000Z' } : k));
      return json(200, find(id));
    };
  }
  return { routes, lists: () => lists };
}

function renderPage(routes: Routes, user: Partial<Schema<'SessionUserDto'>> = ADMIN) {
  const utils = renderSignedIn(<EmbedKeys />, routes, user);
  const sent = (method: string, path: string) =>
    utils.api.calls.filter((c) => c.method === method && c.path === path).map((c) => (c.body ? (JSON.parse(c.body) as unknown) : undefined));
  return { ...utils, sent };
}

const row = (name: string) => screen.getByRole('rowheader', { name }).closest('[role="row"]') as HTMLElement;

describe('EmbedKeys (connected)', () => {
  it('lists GET /embed-keys; axe-clean', async () => {
    const api = embedKeysApi();
    const { container } = renderPage(api.routes);
    expect(await screen.findByRole('heading', { name: 'Chaves de incorporação (3)' })).toBeInTheDocument();
    expect(within(row('Piloto')).getByText('Revogada')).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('creates a key (POST), shows its secret once, then the list has the key and the secret is gone', async () => {
    const api = embedKeysApi();
    const { sent } = renderPage(api.routes);
    await screen.findByRole('heading', { name: 'Chaves de incorporação (3)' });
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    const form = await screen.findByRole('dialog', { name: 'Adicionar chave de incorporação' });
    await userEvent.type(within(form).getByRole('textbox', { name: /^Nome/ }), 'Loja');
    await userEvent.type(within(form).getByRole('textbox', { name: /^Origens permitidas/ }), 'https://Loja.com.br/{Enter}http://localhost:5173');
    await userEvent.click(within(form).getByRole('button', { name: 'Criar chave' }));
    const secret = await screen.findByRole('dialog', { name: 'Chave criada: Loja' });
    expect(sent('POST', '/embed-keys')).toEqual([{ name: 'Loja', allowedOrigins: ['https://loja.com.br', 'http://localhost:5173'] }]);
    expect(within(secret).getByRole('textbox', { name: 'Segredo' })).toHaveValue(SECRET);
    expect(within(secret).getByRole('alert')).toHaveTextContent('não será mostrado de novo');
    await userEvent.click(within(secret).getByRole('button', { name: 'Copiei o segredo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Into the list from the answer (no refetch), and the secret nowhere on the page any more.
    expect(screen.getByRole('heading', { name: 'Chaves de incorporação (4)' })).toBeInTheDocument();
    expect(within(row('Loja')).getByText('ek_New4Key5Id6Xy7Z')).toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain(SECRET);
    expect(api.lists()).toBe(1);
  });

  it("edits a key's origins (PUT)", async () => {
    const api = embedKeysApi();
    const { sent } = renderPage(api.routes);
    await screen.findByRole('heading', { name: 'Chaves de incorporação (3)' });
    await userEvent.click(screen.getByRole('button', { name: 'Editar Portal do parceiro' }));
    const form = await screen.findByRole('dialog', { name: 'Editar chave de incorporação' });
    const origins = within(form).getByRole('textbox', { name: /^Origens permitidas/ });
    await userEvent.clear(origins);
    await userEvent.type(origins, 'https://novo.parceiro.com.br');
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('PUT', '/embed-keys/2')).toEqual([{ name: 'Portal do parceiro', allowedOrigins: ['https://novo.parceiro.com.br'] }]);
    expect(within(row('Portal do parceiro')).getByText('https://novo.parceiro.com.br')).toBeInTheDocument();
    expect(await screen.findByText('Chave salva.')).toBeInTheDocument();
  });

  it('revokes after the confirmation (DELETE): the row turns Revogada from the answer, without edit or revoke', async () => {
    const api = embedKeysApi();
    const { sent } = renderPage(api.routes);
    await screen.findByRole('heading', { name: 'Chaves de incorporação (3)' });
    await userEvent.click(screen.getByRole('button', { name: 'Revogar Portal 2027 (rotação)' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revogar a chave Portal 2027 (rotação)?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revogar' }));
    expect(await screen.findByText('Chave revogada.')).toBeInTheDocument();
    expect(sent('DELETE', '/embed-keys/3')).toHaveLength(1);
    const revoked = row('Portal 2027 (rotação)');
    expect(within(revoked).getByText('Revogada')).toBeInTheDocument();
    expect(within(revoked).queryByRole('button', { name: /Editar|Revogar/ })).toBeNull();
    expect(api.lists()).toBe(1);
  });

  it('without embed-keys:manage says so and calls nothing', async () => {
    const api = embedKeysApi();
    const { sent } = renderPage(api.routes, { profile: 'user', permissions: ['session:self'] });
    expect(await screen.findByText('Somente administradores veem e alteram as chaves de incorporação.')).toBeInTheDocument();
    expect(sent('GET', '/embed-keys')).toEqual([]);
  });
});
