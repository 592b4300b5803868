import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../provider/api-error';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { sampleCampaigns, sampleChoices } from '../campaign-story-data';
import type { Campaign } from '../campaign-rules';
import { CampaignModal, type CampaignModalProps } from './CampaignModal';

function renderModal(campaign: Campaign | null = null, props: Partial<CampaignModalProps> = {}) {
  const onSave = vi.fn<CampaignModalProps['onSave']>(async () => undefined);
  const onOpenChange = vi.fn();
  const utils = render(
    <AtendeRoot locale="pt">
      <CampaignModal isOpen onOpenChange={onOpenChange} campaign={campaign} onSave={onSave} {...sampleChoices} {...props} />
    </AtendeRoot>,
  );
  const dialog = () => screen.getByRole('dialog');
  return { ...utils, onSave, onOpenChange, dialog };
}

const save = () => userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Salvar' }));

// A dialog of many fields: typing through it takes a few seconds under jsdom.
describe('CampaignModal', { timeout: 20_000 }, () => {
  it('adds: name checked (Obrigatório, Too Short!), tag and file lists default to Nenhuma, the variables listed; axe-clean', async () => {
    const { onSave, dialog, baseElement } = renderModal();
    expect(screen.getByRole('dialog', { name: 'Nova campanha' })).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: /Lista de Tags/ })).toHaveTextContent('Nenhuma');
    expect(within(dialog()).getByRole('button', { name: /Lista de Arquivos/ })).toHaveTextContent('Nenhuma');
    expect(within(dialog()).getByText(/Variáveis disponíveis: \{nome\}, \{numero\}, \{email\}, \{empresa\}, \{cupom\}/)).toBeInTheDocument();
    expect(
      within(dialog())
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Msg. 1', 'Msg. 2', 'Msg. 3', 'Msg. 4', 'Msg. 5']);
    await expectNoA11yViolations(baseElement);

    await save();
    expect(await within(dialog()).findByText('Obrigatório')).toBeInTheDocument();
    const name = within(dialog()).getByRole('textbox', { name: /^Nome/ });
    await userEvent.type(name, 'A');
    await save();
    expect(await within(dialog()).findByText('Muito curto!')).toBeInTheDocument();
    await userEvent.click(name);
    await userEvent.paste('x'.repeat(50));
    await save();
    expect(await within(dialog()).findByText('Muito longo!')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('fills every field: connection, contact list, schedule, messages in their tabs, confirmation messages once confirmation is on', async () => {
    const { onSave, onOpenChange, dialog } = renderModal();
    await userEvent.type(within(dialog()).getByRole('textbox', { name: /^Nome/ }), 'Natal');
    await userEvent.click(within(dialog()).getByRole('button', { name: /Conexão/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Vendas' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: /Lista de Contatos/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Leads' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: /Lista de Tags/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Interessado' }));
    expect(within(dialog()).queryByRole('textbox', { name: 'Mensagem de confirmação 1' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog()).getByRole('switch', { name: 'Confirmação' }));
    await userEvent.type(within(dialog()).getByRole('textbox', { name: 'Mensagem 1' }), 'Olá {{nome}');
    await userEvent.type(within(dialog()).getByRole('textbox', { name: 'Mensagem de confirmação 1' }), 'Posso enviar?');
    await userEvent.click(within(dialog()).getByRole('tab', { name: 'Msg. 3' }));
    await userEvent.type(within(dialog()).getByRole('textbox', { name: 'Mensagem 3' }), 'Oi');
    const when = dialog().querySelector<HTMLInputElement>('input[type="datetime-local"]')!;
    await userEvent.type(when, '2026-12-20T09:30');
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    const { values, file, removeMedia } = onSave.mock.calls[0][0];
    expect(values).toMatchObject({
      name: 'Natal',
      whatsappId: 2,
      contactListId: 11,
      tagListId: 20,
      fileListId: 0,
      confirmation: true,
      scheduledAt: '2026-12-20T09:30',
      message1: 'Olá {nome}',
      message3: 'Oi',
      confirmationMessage1: 'Posso enviar?',
    });
    expect(file).toBeNull();
    expect(removeMedia).toBe(false);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("puts the API's field errors on their fields, showing the message's tab", async () => {
    const onSave = vi.fn(async () => {
      throw new ApiRequestError(400, {
        error: 'ERR_CAMPAIGN_INCOMPLETE',
        message: 'A scheduled campaign needs…',
        fields: [
          { field: 'whatsappId', messages: ['Obrigatório'] },
          { field: 'contactListId', messages: ['Choose a contact list or a tag'] },
          { field: 'message1', messages: ['Obrigatório'] },
        ],
      });
    });
    const { dialog } = renderModal(null, { onSave });
    await userEvent.type(within(dialog()).getByRole('textbox', { name: /^Nome/ }), 'Natal');
    await userEvent.click(within(dialog()).getByRole('tab', { name: 'Msg. 2' }));
    await save();
    expect(await within(dialog()).findByText('Escolha uma lista de contatos ou uma lista de tags')).toBeInTheDocument();
    expect(within(dialog()).getByRole('tab', { name: 'Msg. 1' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog()).getAllByText('Obrigatório')).toHaveLength(2);
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(/Para programar a campanha/);
  });

  it("a cancelled campaign ('messages'): only the messages editable, Save shown", async () => {
    const { dialog, onSave } = renderModal(sampleCampaigns[2]);
    expect(screen.getByRole('dialog', { name: 'Editar campanha' })).toBeInTheDocument();
    expect(within(dialog()).getByText('Campanha cancelada: só as mensagens podem ser alteradas.')).toBeInTheDocument();
    expect(within(dialog()).getByRole('textbox', { name: /^Nome/ })).toHaveAttribute('readonly');
    expect(within(dialog()).getByRole('button', { name: /Conexão/ })).toBeDisabled();
    expect(within(dialog()).getByRole('textbox', { name: 'Mensagem 1' })).not.toHaveAttribute('readonly');
    expect(within(dialog()).getByText('folheto_promo.pdf')).toBeInTheDocument();
    expect(within(dialog()).queryByRole('button', { name: /Remover anexo/ })).not.toBeInTheDocument();
    await expectNoA11yViolations(dialog());
    await userEvent.type(within(dialog()).getByRole('textbox', { name: 'Mensagem 1' }), ' Volte!');
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0][0].values.message1).toBe('Olá {nome}, a Black Friday começou! Volte!');
  });

  it("a campaign that is sending ('none'): everything read only, no Save", async () => {
    const { dialog } = renderModal(sampleCampaigns[1]);
    expect(screen.getByRole('dialog', { name: 'Campanha' })).toBeInTheDocument();
    expect(within(dialog()).getByText(/não pode mais ser alterada/)).toBeInTheDocument();
    expect(within(dialog()).queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(within(dialog()).getByRole('textbox', { name: 'Mensagem 1' })).toHaveAttribute('readonly');
    expect(within(dialog()).queryByRole('button', { name: 'Escolher arquivo' })).not.toBeInTheDocument();
    await expectNoA11yViolations(dialog());
  });

  it('attaches a file (shown with underscores) and removes the current one', async () => {
    const onSave = vi.fn<CampaignModalProps['onSave']>(async () => undefined);
    const { dialog } = renderModal(sampleCampaigns[0], { onSave: onSave });
    const input = dialog().querySelector<HTMLInputElement>('input[type=file]')!;
    await userEvent.upload(input, new File(['x'], 'promo de natal.png', { type: 'image/png' }));
    expect(within(dialog()).getByText('promo_de_natal.png')).toBeInTheDocument();
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0][0].file?.name).toBe('promo de natal.png');
  });

  it('marks the current attachment for removal', async () => {
    const editable = { ...sampleCampaigns[2], editable: 'all' as const, status: 'INATIVA' as const };
    const { dialog, onSave } = renderModal(editable);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Remover anexo folheto_promo.pdf' }));
    expect(within(dialog()).getByText('O anexo será removido ao salvar.')).toBeInTheDocument();
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0][0]).toMatchObject({ file: null, removeMedia: true });
  });
});
