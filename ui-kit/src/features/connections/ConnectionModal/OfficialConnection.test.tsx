import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../provider/api-error';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { connectionBody } from '../connection-rules';
import { connectionDto, officialConnectionDto, sampleQueues, sampleTemplates } from '../story-data';
import { ConnectionModal, type ConnectionModalProps } from './ConnectionModal';

function renderModal(props: Partial<ConnectionModalProps> = {}, theme: 'light' | 'dark' = 'light') {
  const onSave = vi.fn<ConnectionModalProps['onSave']>(async () => undefined);
  const utils = render(
    <AtendeRoot theme={theme}>
      <ConnectionModal isOpen onOpenChange={vi.fn()} queues={sampleQueues} onSave={onSave} {...props} />
    </AtendeRoot>,
  );
  const dialog = () => screen.getByRole('dialog');
  const save = () => userEvent.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
  const region = (name: string) => within(dialog()).queryByRole('region', { name });
  return { ...utils, onSave, dialog, save, region };
}

describe('ConnectionModal: the official API', () => {
  it('adds: the type choice (keyboard too) shows the credentials for WhatsApp, required, and sends provider cloud; axe-clean', async () => {
    const { dialog, save, onSave, region } = renderModal();
    const types = within(dialog()).getByRole('radiogroup', { name: 'Tipo de conexão' });
    expect(within(types).getByRole('radio', { name: /QR code/ })).toBeChecked();
    expect(region('API oficial do WhatsApp')).toBeNull();

    // Arrow keys move the choice, as in any radio group.
    await userEvent.click(within(types).getByRole('radio', { name: /QR code/ }));
    await userEvent.keyboard('{ArrowRight}');
    expect(within(types).getByRole('radio', { name: /API oficial/ })).toBeChecked();
    const credentials = region('API oficial do WhatsApp')!;
    expect(within(credentials).getByLabelText(/Token de acesso permanente/)).toHaveAttribute('type', 'password');
    expect(within(credentials).getByLabelText(/Chave secreta do app/)).toHaveAttribute('type', 'password');
    // Before the first save there is no webhook yet, nor templates to choose.
    expect(region('Webhook da Meta')).toHaveTextContent('aparecem depois de salvar');
    expect(region('Modelos de mensagem')).toHaveTextContent('Salve a conexão para sincronizar');

    await userEvent.type(within(dialog()).getByRole('textbox', { name: /^Nome/ }), 'Oficial');
    await userEvent.type(within(credentials).getByRole('textbox', { name: /ID do número/ }), '12ab');
    await save();
    expect(await within(credentials).findByText('Somente números (até 40 dígitos)')).toBeInTheDocument();
    expect(within(credentials).getAllByText('Obrigatório')).toHaveLength(3);
    expect(onSave).not.toHaveBeenCalled();

    await userEvent.clear(within(credentials).getByRole('textbox', { name: /ID do número/ }));
    await userEvent.type(within(credentials).getByRole('textbox', { name: /ID do número/ }), '106540352242922');
    await userEvent.type(within(credentials).getByRole('textbox', { name: /ID da conta/ }), '102290129340398');
    await userEvent.type(within(credentials).getByLabelText(/Token de acesso permanente/), 'EAAG-token');
    await userEvent.type(within(credentials).getByLabelText(/Chave secreta do app/), 'segredo');
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(connectionBody(onSave.mock.calls[0][0], 'create')).toMatchObject({
      name: 'Oficial',
      provider: 'cloud',
      cloudPhoneNumberId: '106540352242922',
      cloudBusinessAccountId: '102290129340398',
      cloudAccessToken: 'EAAG-token',
      cloudAppSecret: 'segredo',
    });
    await expectNoA11yViolations(dialog());
  });

  it('adds the sandbox’s official mode without credentials; a QR-code connection sends none', async () => {
    const { dialog, save, onSave, region } = renderModal();
    await userEvent.click(within(dialog()).getByRole('radio', { name: /API oficial/ }));
    await userEvent.click(within(dialog()).getByRole('button', { name: /Provedor/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sandbox (simulado)' }));
    expect(region('API oficial do WhatsApp')).toBeNull();
    expect(region('Modelos de mensagem')).not.toBeNull();
    await userEvent.type(within(dialog()).getByRole('textbox', { name: /^Nome/ }), 'Demonstração');
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const body = connectionBody(onSave.mock.calls[0][0], 'create');
    expect(body.provider).toBe('sandbox_cloud');
    expect(body).not.toHaveProperty('cloudAccessToken');
    expect(connectionBody({ ...onSave.mock.calls[0][0], connectionType: 'qrcode' }, 'create')).toMatchObject({ provider: 'sandbox' });
  });

  it('edits: secrets are never prefilled (blank keeps them), the webhook URL and verify token show with copy buttons', async () => {
    const { dialog, save, onSave, region } = renderModal({ connection: officialConnectionDto() });
    expect(within(dialog()).queryByRole('radiogroup')).toBeNull();
    expect(within(dialog()).getByRole('button', { name: /Provedor/ })).toHaveTextContent('WhatsApp (API oficial)');
    const credentials = region('API oficial do WhatsApp')!;
    expect(within(credentials).getByRole('textbox', { name: /ID do número/ })).toHaveValue('106540352242922');
    for (const label of [/Token de acesso permanente/, /Chave secreta do app/]) {
      const input = within(credentials).getByLabelText(label);
      expect(input).toHaveValue('');
      expect(input).not.toBeRequired();
    }
    expect(within(credentials).getAllByText('Salvo — deixe em branco para manter.')).toHaveLength(2);

    const webhook = region('Webhook da Meta')!;
    expect(webhook).toHaveTextContent('WhatsApp > Configuração > Webhook');
    expect(within(webhook).getByRole('textbox', { name: 'URL de callback' })).toHaveValue('https://atende.example.com/whatsapp-cloud/7/webhook');
    expect(within(webhook).getByRole('textbox', { name: 'Token de verificação' })).toHaveValue('k3Jx9QvT1mZp7Lr2Wn8Bc5Yd0Hs4Ga6Ef_Ui-Oq3Xa');
    expect(within(webhook).getByRole('button', { name: 'Copiar URL de callback' })).toBeInTheDocument();
    expect(within(webhook).getByRole('button', { name: 'Copiar Token de verificação' })).toBeInTheDocument();

    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const body = connectionBody(onSave.mock.calls[0][0], 'update');
    expect(body).toMatchObject({ cloudPhoneNumberId: '106540352242922', cloudBusinessAccountId: '102290129340398' });
    expect(body).not.toHaveProperty('cloudAccessToken');
    expect(body).not.toHaveProperty('cloudAppSecret');
    expect(body).not.toHaveProperty('provider');
    expect(body).not.toHaveProperty('templatePurposes');
  });

  it('chooses a template per automatic message among the approved ones, with an input per variable; only changes go', async () => {
    const onSyncTemplates = vi.fn(async () => 4);
    const { dialog, save, onSave, region } = renderModal({ connection: officialConnectionDto(), templates: sampleTemplates, onSyncTemplates }, 'dark');
    const templates = region('Modelos de mensagem')!;
    // The approved templates are listed; the one in review is not offered.
    expect(
      within(templates)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('boas_vindas'), expect.stringContaining('atendimento_encerrado'), expect.stringContaining('boas_vindas')]);
    expect(within(templates).getByRole('button', { name: /Saudação/ })).toHaveTextContent('boas_vindas (pt_BR)');
    expect(within(templates).getByRole('textbox', { name: 'Saudação: variável 1' })).toHaveValue('{{firstName}}');

    await userEvent.click(within(templates).getByRole('button', { name: /Conclusão/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Nenhum modelo', 'boas_vindas (pt_BR)', 'atendimento_encerrado (pt_BR)', 'boas_vindas (en_US)']);
    await userEvent.click(screen.getByRole('option', { name: 'atendimento_encerrado (pt_BR)' }));
    const first = within(templates).getByRole('textbox', { name: 'Conclusão: variável 1' });
    const second = within(templates).getByRole('textbox', { name: 'Conclusão: variável 2' });
    await save();
    expect(await within(templates).findAllByText('Obrigatório')).toHaveLength(2);
    await userEvent.type(first, '{{{{name}}');
    await userEvent.type(second, '{{{{protocol}}');

    await userEvent.click(within(templates).getByRole('button', { name: 'Sincronizar modelos' }));
    await waitFor(() => expect(onSyncTemplates).toHaveBeenCalledTimes(1));
    expect(await within(templates).findByText('Modelos sincronizados: 4.')).toBeInTheDocument();

    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(connectionBody(onSave.mock.calls[0][0], 'update').templatePurposes).toEqual({
      farewell: { name: 'atendimento_encerrado', language: 'pt_BR', params: ['{{name}}', '{{protocol}}'] },
    });
    await expectNoA11yViolations(dialog());
  });

  it("clears a purpose with 'Nenhum modelo'; the API's template error lands on that purpose", async () => {
    const onSave = vi
      .fn<ConnectionModalProps['onSave']>()
      .mockRejectedValueOnce(
        new ApiRequestError(404, {
          error: 'ERR_TEMPLATE_NOT_FOUND',
          message: 'No approved template',
          fields: [{ field: 'templatePurposes.greeting', messages: ['No approved template boas_vindas (pt_BR) on this connection'] }],
        }),
      )
      .mockResolvedValueOnce(undefined);
    const { dialog, save } = renderModal({ onSave, connection: officialConnectionDto(), templates: sampleTemplates, onSyncTemplates: vi.fn(async () => 0) });
    await userEvent.click(within(dialog()).getByRole('button', { name: /Saudação/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'boas_vindas (en_US)' }));
    await save();
    expect(await within(dialog()).findByText('No approved template boas_vindas (pt_BR) on this connection')).toBeInTheDocument();
    await userEvent.click(within(dialog()).getByRole('button', { name: /Saudação/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Nenhum modelo' }));
    expect(within(dialog()).queryByRole('textbox', { name: /Saudação: variável/ })).toBeNull();
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    expect(connectionBody(onSave.mock.calls[1][0], 'update').templatePurposes).toEqual({ greeting: null });
  });

  it('a QR-code connection has neither credentials, webhook nor templates', () => {
    const { region } = renderModal({ connection: connectionDto(), templates: sampleTemplates, onSyncTemplates: vi.fn(async () => 0) });
    for (const name of ['API oficial do WhatsApp', 'Webhook da Meta', 'Modelos de mensagem']) expect(region(name)).toBeNull();
  });
});
