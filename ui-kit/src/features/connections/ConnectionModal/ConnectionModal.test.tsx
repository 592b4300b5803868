import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../provider/api-error';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { connectionBody } from '../connection-rules';
import { connectionDto, sampleQueues } from '../story-data';
import { ConnectionModal, type ConnectionModalProps } from './ConnectionModal';

function renderModal(props: Partial<ConnectionModalProps> = {}) {
  const onSave = vi.fn<ConnectionModalProps['onSave']>(async () => undefined);
  const onOpenChange = vi.fn();
  const utils = render(
    <AtendeRoot>
      <ConnectionModal isOpen onOpenChange={onOpenChange} queues={sampleQueues} onSave={onSave} {...props} />
    </AtendeRoot>,
  );
  const dialog = () => screen.getByRole('dialog');
  const field = (name: string | RegExp) => within(dialog()).getByRole('textbox', { name });
  const save = () => userEvent.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
  return { ...utils, onSave, onOpenChange, dialog, field, save };
}

describe('ConnectionModal', () => {
  it('validates the name: Required, Too Short!, Too Long!; axe-clean', async () => {
    const { save, field, onSave, dialog } = renderModal();
    expect(screen.getByRole('heading', { name: 'Adicionar WhatsApp' })).toBeInTheDocument();
    await save();
    expect(await within(dialog()).findByText('Obrigatório')).toBeInTheDocument();
    expect(field(/Nome/)).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(field(/Nome/), 'A');
    await save();
    expect(await within(dialog()).findByText('Muito curto!')).toBeInTheDocument();
    await userEvent.clear(field(/Nome/));
    await userEvent.type(field(/Nome/), 'x'.repeat(51));
    await save();
    expect(await within(dialog()).findByText('Muito longo!')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await expectNoA11yViolations(dialog());
  });

  it('adds with every field of the spec’s modal', async () => {
    const { save, field, onSave, onOpenChange, dialog } = renderModal({ prompts: [{ id: 7, name: 'Assistente de vendas' }] });
    await userEvent.type(field(/Nome/), 'Vendas');
    await userEvent.click(within(dialog()).getByRole('switch', { name: 'Padrão' }));
    await userEvent.click(within(dialog()).getByRole('checkbox', { name: 'Vendas' }));
    await userEvent.click(within(dialog()).getByRole('checkbox', { name: 'Financeiro' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: /Provedor/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sandbox (simulado)' }));
    for (const [label, text] of [
      ['Mensagem de saudação', 'Olá!'],
      ['Mensagem de conclusão', 'Até logo'],
      ['Mensagem de fora de expediente', 'Estamos fechados'],
      ['Mensagem de avaliação', 'Dê uma nota'],
      ['Mensagem de transferência', 'Transferindo'],
      ['Mensagem de encerramento por inatividade', 'Encerrado por inatividade'],
    ]) {
      await userEvent.type(field(label), text);
    }
    await userEvent.click(within(dialog()).getByRole('button', { name: /Redirecionar para a fila/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Suporte' }));
    await userEvent.clear(field(/Redirecionar após/));
    await userEvent.type(field(/Redirecionar após/), '15');
    await userEvent.clear(field(/Encerrar chats abertos/));
    await userEvent.type(field(/Encerrar chats abertos/), '120');
    await userEvent.clear(field(/Intervalo do chatbot/));
    await userEvent.type(field(/Intervalo do chatbot/), '2');
    expect(field(/Máximo de envios do chatbot/)).toHaveValue('3');
    await userEvent.click(within(dialog()).getByRole('button', { name: /Prompt/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Assistente de vendas' }));
    await save();
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        name: 'Vendas',
        isDefault: true,
        queueIds: ['2', '3'],
        greetingMessage: 'Olá!',
        complationMessage: 'Até logo',
        outOfHoursMessage: 'Estamos fechados',
        ratingMessage: 'Dê uma nota',
        transferMessage: 'Transferindo',
        expiresInactiveMessage: 'Encerrado por inatividade',
        provider: 'sandbox',
        connectionType: 'qrcode',
        cloudPhoneNumberId: '',
        cloudBusinessAccountId: '',
        cloudAccessToken: '',
        cloudAppSecret: '',
        sendIdQueue: '1',
        timeSendQueue: '15',
        expiresTicket: '120',
        timeUseBotQueues: '2',
        maxUseBotQueues: '3',
        promptId: '7',
      }),
    );
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('leaves the prompt select out without the prompts (plan without AI prompts) and keeps the stored prompt', async () => {
    const { save, onSave, dialog } = renderModal({ connection: connectionDto({ promptId: 4 }) });
    expect(within(dialog()).queryByRole('button', { name: /Prompt/ })).toBeNull();
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ promptId: '4' })));
  });

  it("offers 'Nenhum' and the prompts; an edit shows the connection's prompt", async () => {
    const { dialog } = renderModal({ connection: connectionDto({ promptId: 8 }), prompts: [{ id: 8, name: 'Suporte IA' }] });
    expect(within(dialog()).getByRole('button', { name: /Prompt/ })).toHaveTextContent('Suporte IA');
    await userEvent.click(within(dialog()).getByRole('button', { name: /Prompt/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Nenhum', 'Suporte IA']);
  });

  it("integration select: 'Nenhuma' and the company's integrations; an edit shows the connection's; left out without them", async () => {
    const { save, onSave, dialog } = renderModal({
      connection: connectionDto({ integrationId: 5 }),
      integrations: [
        { id: 5, name: 'Typebot de vendas' },
        { id: 6, name: 'Fluxo n8n' },
      ],
    });
    const select = within(dialog()).getByRole('button', { name: /Integração/ });
    expect(select).toHaveTextContent('Typebot de vendas');
    await userEvent.click(select);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Nenhuma', 'Typebot de vendas', 'Fluxo n8n']);
    await userEvent.click(screen.getByRole('option', { name: 'Fluxo n8n' }));
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ integrationId: '6' })));
    expect(connectionBody(onSave.mock.calls[0][0], 'update').integrationId).toBe(6);
  });

  it('leaves the integration select out without the integrations (plan without integrations): the body keeps the stored one', async () => {
    const { save, onSave, dialog } = renderModal({ connection: connectionDto({ integrationId: 5 }) });
    expect(within(dialog()).queryByRole('button', { name: /Integração/ })).toBeNull();
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(connectionBody(onSave.mock.calls[0][0], 'update')).not.toHaveProperty('integrationId');
  });

  it('refuses minutes that are not whole numbers from 0 to 43200', async () => {
    const { save, field, onSave, dialog } = renderModal();
    await userEvent.type(field(/Nome/), 'Vendas');
    await userEvent.clear(field(/Encerrar chats abertos/));
    await userEvent.type(field(/Encerrar chats abertos/), '99999');
    await userEvent.clear(field(/Máximo de envios/));
    await userEvent.type(field(/Máximo de envios/), '1.5');
    await save();
    expect(await within(dialog()).findByText('Informe um número inteiro de 0 a 43200')).toBeInTheDocument();
    expect(within(dialog()).getByText('Informe um número inteiro de 0 a 100')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('edits with the current values; the provider is shown and cannot change', () => {
    const { field, dialog } = renderModal({
      connection: connectionDto({
        name: 'Suporte',
        provider: 'sandbox',
        isDefault: true,
        queues: [{ id: 1, name: 'Suporte', color: '#7C4DFF' }],
        greetingMessage: 'Oi',
      }),
    });
    expect(screen.getByRole('heading', { name: 'Editar WhatsApp' })).toBeInTheDocument();
    expect(field(/Nome/)).toHaveValue('Suporte');
    expect(field('Mensagem de saudação')).toHaveValue('Oi');
    expect(within(dialog()).getByRole('switch', { name: 'Padrão' })).toBeChecked();
    expect(within(dialog()).getByText('Para que ela deixe de ser a padrão, torne outra conexão a padrão.')).toBeInTheDocument();
    expect(within(dialog()).getByRole('checkbox', { name: 'Suporte' })).toBeChecked();
    expect(within(dialog()).getByRole('button', { name: /Provedor/ })).toBeDisabled();
    expect(within(dialog()).getByRole('button', { name: /Provedor/ })).toHaveTextContent('Sandbox (simulado)');
  });

  it('shows a taken name on the name field and ERR_NO_OTHER_WHATSAPP on the default switch, and stays open', async () => {
    const onSave = vi
      .fn<ConnectionModalProps['onSave']>()
      .mockRejectedValueOnce(
        new ApiRequestError(409, { error: 'ERR_WAPP_NAME_ALREADY_EXISTS', message: 'taken', fields: [{ field: 'name', messages: ['Already in use'] }] }),
      )
      .mockRejectedValueOnce(new ApiRequestError(400, { error: 'ERR_NO_OTHER_WHATSAPP', message: 'default' }));
    const { save, dialog, onOpenChange } = renderModal({ onSave, connection: connectionDto({ name: 'Suporte', isDefault: true }) });
    await save();
    expect(await within(dialog()).findByText('Já existe uma conexão com este nome.')).toBeInTheDocument();
    await userEvent.click(within(dialog()).getByRole('switch', { name: 'Padrão' }));
    await save();
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Deve haver pelo menos um WhatsApp padrão.');
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it('puts the API’s field errors on their fields; one the form lacks shows above it', async () => {
    const onSave = vi
      .fn<ConnectionModalProps['onSave']>()
      .mockRejectedValueOnce(
        new ApiRequestError(400, { error: 'ERR_VALIDATION', message: 'bad', fields: [{ field: 'sendIdQueue', messages: ['Unknown queue'] }] }),
      )
      .mockRejectedValueOnce(
        new ApiRequestError(400, { error: 'ERR_VALIDATION', message: 'bad', fields: [{ field: 'promptId', messages: ['Unknown prompt'] }] }),
      );
    const { save, field, dialog } = renderModal({ onSave });
    await userEvent.type(field(/Nome/), 'Vendas');
    await save();
    expect(await within(dialog()).findByText('Unknown queue')).toBeInTheDocument();
    await save();
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Alguns campos não são válidos.');
  });

  it('shows the token’s hint; a new token and turning it off each ask first', async () => {
    const onRotateToken = vi.fn(async () => undefined);
    const onRevokeToken = vi.fn(async () => undefined);
    const { dialog } = renderModal({ connection: connectionDto({ name: 'Suporte' }), tokenHint: 'atd_5Yk…F2gE', onRotateToken, onRevokeToken });
    const section = within(dialog()).getByRole('region', { name: 'Token da API de mensagens' });
    expect(section).toHaveTextContent('Token atual: atd_5Yk…F2gE');

    await userEvent.click(within(section).getByRole('button', { name: 'Gerar novo token' }));
    const rotate = await screen.findByRole('alertdialog', { name: 'Gerar um novo token?' });
    expect(rotate).toHaveTextContent('O token atual deixa de funcionar na hora');
    await userEvent.click(within(rotate).getByRole('button', { name: 'Gerar novo token' }));
    await waitFor(() => expect(onRotateToken).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await userEvent.click(within(section).getByRole('button', { name: 'Desativar token' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Desativar o token?' })).getByRole('button', { name: 'Desativar' }));
    await waitFor(() => expect(onRevokeToken).toHaveBeenCalledTimes(1));
  });

  it('without a token says so and makes one without asking', async () => {
    const onRotateToken = vi.fn(async () => undefined);
    const { dialog } = renderModal({ connection: connectionDto({ name: 'Suporte' }), tokenHint: null, onRotateToken, onRevokeToken: vi.fn() });
    const section = within(dialog()).getByRole('region', { name: 'Token da API de mensagens' });
    expect(section).toHaveTextContent('Nenhum token');
    expect(within(section).queryByRole('button', { name: 'Desativar token' })).toBeNull();
    await userEvent.click(within(section).getByRole('button', { name: 'Gerar novo token' }));
    expect(onRotateToken).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('has no token section when adding, and waits for the queues', () => {
    renderModal({ queues: undefined });
    expect(screen.queryByRole('region', { name: 'Token da API de mensagens' })).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Carregando filas...' })).toBeInTheDocument();
  });
});
