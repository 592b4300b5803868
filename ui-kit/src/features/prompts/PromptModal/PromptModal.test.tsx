import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../provider/api-error';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { promptBody } from '../prompt-rules';
import { samplePrompts, sampleQueues } from '../prompt-story-data';
import { PromptModal, type PromptModalProps } from './PromptModal';

configure({ asyncUtilTimeout: 5000 });

const TEXT = 'Você é a assistente virtual da Loja Exemplo. Responda com educação e em poucas frases.';

function renderModal(props: Partial<PromptModalProps> = {}) {
  const onSave = vi.fn<PromptModalProps['onSave']>(async () => undefined);
  const onOpenChange = vi.fn();
  const utils = render(
    <AtendeRoot>
      <PromptModal isOpen onOpenChange={onOpenChange} queues={sampleQueues} onSave={onSave} {...props} />
    </AtendeRoot>,
  );
  const dialog = () => screen.getByRole('dialog');
  const field = (name: string | RegExp) => within(dialog()).getByRole('textbox', { name });
  const save = () => userEvent.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
  const pick = async (select: RegExp, option: string) => {
    await userEvent.click(within(dialog()).getByRole('button', { name: select }));
    await userEvent.click(await screen.findByRole('option', { name: option }));
  };
  return { ...utils, onSave, onOpenChange, dialog, field, save, pick };
}

/** The API key input (a password input has no textbox role). */
const apiKeyInput = (dialog: HTMLElement) => within(dialog).getByLabelText<HTMLInputElement>(/^Chave da API/);

describe('PromptModal', () => {
  it("validates with the spec's texts ('Muito curto!', 'Informe o setor') and the key; axe-clean", async () => {
    const { save, field, onSave, dialog } = renderModal();
    expect(screen.getByRole('heading', { name: 'Adicionar prompt' })).toBeInTheDocument();
    expect(field(/^Prompt/)).toHaveAttribute('rows', '10');
    await userEvent.type(field(/^Nome/), 'Ana');
    await userEvent.type(field(/^Prompt/), 'Curto demais.');
    await save();
    expect(await within(dialog()).findAllByText('Muito curto!')).toHaveLength(2);
    expect(within(dialog()).getByText('Informe o setor')).toBeInTheDocument();
    expect(within(dialog()).getByText('Obrigatório')).toBeInTheDocument();
    expect(apiKeyInput(dialog())).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
    await expectNoA11yViolations(dialog());
  }, 30_000);

  it('adds with the defaults; the key field shows and hides; model and base URL sit under Avançado', async () => {
    const { save, field, onSave, onOpenChange, dialog, pick } = renderModal();
    await userEvent.type(field(/^Nome/), 'Assistente');
    const key = apiKeyInput(dialog());
    expect(key).toHaveAttribute('type', 'password');
    await userEvent.type(key, 'sk-123');
    await userEvent.click(within(dialog()).getAllByRole('button', { name: 'Mostrar senha' })[0]);
    expect(key).toHaveAttribute('type', 'text');
    await userEvent.type(field(/^Prompt/), TEXT);
    await pick(/Setor/, 'Suporte');
    await pick(/Voz$/, 'nova');
    expect(field(/^Temperatura/)).toHaveValue('1');
    expect(field(/^Máximo de tokens/)).toHaveValue('100');
    expect(field(/^Máximo de mensagens/)).toHaveValue('10');
    const advanced = within(dialog()).getByText('Avançado').closest('details')!;
    expect(advanced).not.toHaveAttribute('open');
    await userEvent.click(within(dialog()).getByText('Avançado'));
    expect(advanced).toHaveAttribute('open');
    expect(field(/^Modelo/)).toHaveValue('gpt-4o-mini');
    await userEvent.type(field(/^URL base/), 'http://localhost:11434/v1');
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(promptBody(onSave.mock.calls[0][0])).toEqual({
      name: 'Assistente',
      prompt: TEXT,
      apiKey: 'sk-123',
      queueId: 2,
      voice: 'nova',
      voiceRegion: null,
      temperature: 1,
      maxTokens: 100,
      maxMessages: 10,
      model: 'gpt-4o-mini',
      baseUrl: 'http://localhost:11434/v1',
    });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  }, 30_000);

  it('edits: a stored key is said in the placeholder and kept when left blank; numbers are checked', async () => {
    const { save, field, onSave, dialog } = renderModal({ prompt: samplePrompts[1] });
    expect(screen.getByRole('heading', { name: 'Editar prompt' })).toBeInTheDocument();
    expect(apiKeyInput(dialog())).toHaveAttribute('placeholder', 'Uma chave está salva; deixe em branco para mantê-la');
    expect(apiKeyInput(dialog())).toHaveValue('');
    await userEvent.clear(field(/^Temperatura/));
    await userEvent.type(field(/^Temperatura/), '3');
    await save();
    expect(await within(dialog()).findByText('Entre 0 e 2')).toBeInTheDocument();
    await userEvent.clear(field(/^Temperatura/));
    await userEvent.type(field(/^Temperatura/), '0,7');
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    const body = promptBody(onSave.mock.calls[0][0]);
    expect(body).not.toHaveProperty('apiKey');
    expect(body).not.toHaveProperty('voiceKey');
    expect(body).toMatchObject({ name: 'Suporte técnico com voz', queueId: 2, voice: 'nova', temperature: 0.7, maxTokens: 300 });
  }, 30_000);

  it('a prompt whose queue was deleted asks for one; an API field error lands on its field (advanced opens)', async () => {
    const onSave = vi
      .fn<PromptModalProps['onSave']>()
      .mockRejectedValueOnce(new ApiRequestError(400, { error: 'ERR_VALIDATION', message: 'bad', fields: [{ field: 'baseUrl', messages: ['URL inválida'] }] }));
    const { save, dialog, pick } = renderModal({ prompt: samplePrompts[2], onSave });
    await save();
    expect(await within(dialog()).findByText('Informe o setor')).toBeInTheDocument();
    await pick(/Setor/, 'Financeiro');
    await save();
    expect(await within(dialog()).findByText('URL inválida')).toBeInTheDocument();
    expect(within(dialog()).getByText('Avançado').closest('details')).toHaveAttribute('open');
  }, 30_000);
});
