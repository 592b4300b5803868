import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { integrationBody } from '../queue-integration-rules';
import { sampleIntegrations } from '../queue-integration-story-data';
import { QueueIntegrationModal, type QueueIntegrationModalProps } from './QueueIntegrationModal';

configure({ asyncUtilTimeout: 5000 });

function renderModal(props: Partial<QueueIntegrationModalProps> = {}) {
  const onSave = vi.fn<QueueIntegrationModalProps['onSave']>(async () => undefined);
  const onTest = vi.fn<QueueIntegrationModalProps['onTest']>(async () => ({ ok: true, reply: 'Olá! Sou o agente.' }));
  const onOpenChange = vi.fn();
  const utils = render(
    <AtendeRoot>
      <QueueIntegrationModal isOpen onOpenChange={onOpenChange} onSave={onSave} onTest={onTest} {...props} />
    </AtendeRoot>,
  );
  const dialog = () => screen.getByRole('dialog');
  const field = (name: string | RegExp) => within(dialog()).getByRole('textbox', { name });
  const save = () => userEvent.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
  const pick = async (select: RegExp, option: string) => {
    await userEvent.click(within(dialog()).getByRole('button', { name: select }));
    await userEvent.click(await screen.findByRole('option', { name: option }));
  };
  return { ...utils, onSave, onTest, onOpenChange, dialog, field, save, pick };
}

describe('QueueIntegrationModal', () => {
  it("validates a Typebot with the spec's texts (name 'Required'/'Too Short!', URL and slug required); axe-clean", async () => {
    const { save, field, onSave, dialog } = renderModal();
    expect(screen.getByRole('heading', { name: 'Adicionar integração' })).toBeInTheDocument();
    expect(field(/^Expirar em minutos/)).toHaveValue('1');
    expect(field(/^Intervalo entre mensagens/)).toHaveValue('1000');
    await save();
    expect(await within(dialog()).findAllByText('Obrigatório')).toHaveLength(3);
    await userEvent.type(field(/^Nome/), 'a');
    await save();
    expect(await within(dialog()).findByText('Muito curto!')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await expectNoA11yViolations(dialog());
  }, 30_000);

  it('shows the fields of each type; n8n takes name and URL only and saves its name as project name', async () => {
    const { pick, field, save, onSave, dialog } = renderModal();
    await pick(/Tipo$/, 'N8N');
    expect(within(dialog()).queryByRole('textbox', { name: /slug/i })).not.toBeInTheDocument();
    expect(within(dialog()).getByText('O segredo de assinatura é criado ao salvar.')).toBeInTheDocument();
    await userEvent.type(field(/^Nome/), 'Fluxo');
    await userEvent.type(field(/^URL/), 'ftp://x');
    await save();
    expect(await within(dialog()).findByText('URL inválida')).toBeInTheDocument();
    await userEvent.clear(field(/^URL/));
    await userEvent.type(field(/^URL/), 'https://n8n.exemplo.com/webhook/1');
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(integrationBody(onSave.mock.calls[0][0])).toEqual({ type: 'n8n', name: 'Fluxo', projectName: 'Fluxo', urlN8N: 'https://n8n.exemplo.com/webhook/1' });

    await pick(/Tipo$/, 'DialogFlow');
    expect(field(/^Conteúdo JSON/)).toHaveAttribute('rows', '5');
    expect(within(dialog()).getByRole('button', { name: /Linguagem$/ })).toHaveTextContent('Português');
    expect(within(dialog()).queryByRole('textbox', { name: /^URL/ })).not.toBeInTheDocument();
  }, 30_000);

  it("DialogFlow: Test sends project, JSON and language and shows the agent's answer or the failure", async () => {
    const { pick, field, onTest, dialog } = renderModal();
    await pick(/Tipo$/, 'DialogFlow');
    await userEvent.type(field(/^Nome\s*\*?$/), 'Agente');
    await userEvent.type(field(/^Nome do projeto/), 'meu-projeto');
    await userEvent.click(field(/^Conteúdo JSON/));
    await userEvent.paste('{"client_email":"a@b.c","private_key":"k"}');
    await pick(/Linguagem$/, 'Inglês');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Testar' }));
    expect(await within(dialog()).findByText('Olá! Sou o agente.')).toBeInTheDocument();
    expect(onTest).toHaveBeenCalledWith({ projectName: 'meu-projeto', jsonContent: '{"client_email":"a@b.c","private_key":"k"}', language: 'en' });
    onTest.mockResolvedValueOnce({ ok: false, error: 'Project meu-projeto not found' });
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Testar' }));
    expect(await within(dialog()).findByText('Project meu-projeto not found')).toBeInTheDocument();
  }, 30_000);

  it('editing DialogFlow with a stored key: the JSON may stay blank and Test names the integration', async () => {
    const { save, onSave, onTest, dialog } = renderModal({ integration: sampleIntegrations[0] });
    expect(screen.getByRole('heading', { name: 'Editar integração' })).toBeInTheDocument();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Testar' }));
    await waitFor(() => expect(onTest).toHaveBeenCalledWith({ projectName: 'atende-agent-123', jsonContent: null, language: 'pt-BR', id: 4 }));
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(integrationBody(onSave.mock.calls[0][0])).toEqual({
      type: 'dialogflow',
      name: 'Agente DialogFlow',
      projectName: 'atende-agent-123',
      language: 'pt-BR',
    });
  }, 30_000);

  it('editing a webhook shows the secret hint and rotates it', async () => {
    const onRotateSecret = vi.fn(async () => undefined);
    const { dialog } = renderModal({ integration: sampleIntegrations[3], onRotateSecret });
    expect(within(dialog()).getByText('Segredo de assinatura: whsec_…a7Rt')).toBeInTheDocument();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Gerar novo segredo' }));
    expect(onRotateSecret).toHaveBeenCalled();
  }, 30_000);
});
