import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import { scheduleDto, storyContacts, storyContactsPage } from '../story-data';
import { ScheduleDialog } from './ScheduleDialog';

function pickFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  Object.defineProperty(input, 'files', { configurable: true, value: [file] });
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('ScheduleDialog (connected)', () => {
  it('creates the schedule, then uploads its image, and says so; axe-clean', async () => {
    const uploads: number[] = [];
    const onSaved = vi.fn();
    const routes: Routes = {
      'GET /contacts': (request: Request) => json(200, storyContactsPage(request)),
      'POST /schedules': async (request) => json(201, scheduleDto({ id: 12, ...((await request.json()) as object) })),
      'POST /schedules/12/media-upload': async (request) => {
        // jsdom's FormData round trip keeps neither the name nor the bytes: that one upload happened is what is checked.
        uploads.push(((await request.formData()).get('file') as Blob | null)?.size ?? 0);
        return json(201, scheduleDto({ id: 12, mediaName: 'mapa.png', mediaPath: 'sc12-0123456789abcdef.png' }));
      },
    };
    const { container } = renderSignedIn(<ScheduleDialog isOpen onOpenChange={vi.fn()} contact={storyContacts[0]} onSaved={onSaved} />, routes);
    const dialog = await screen.findByRole('dialog', { name: 'Novo agendamento' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Mensagem/ }), 'Segue o mapa da loja');
    pickFile(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'mapa.png', { type: 'image/png' }));
    await within(dialog).findByText('mapa.png');
    await expectNoA11yViolations(container);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(await screen.findByText('Agendamento salvo com sucesso!')).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 12, mediaName: 'mapa.png' }));
  });

  it('a refused save (already sent) toasts the error and keeps the modal open', async () => {
    const schedule = scheduleDto({ id: 5 });
    const routes: Routes = {
      'GET /contacts': (request: Request) => json(200, storyContactsPage(request)),
      'PUT /schedules/5': () => json(409, { error: 'ERR_SCHEDULE_ALREADY_SENT', message: 'sent' }),
    };
    renderSignedIn(<ScheduleDialog isOpen onOpenChange={vi.fn()} schedule={schedule} />, routes);
    const dialog = await screen.findByRole('dialog', { name: 'Editar agendamento' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Este agendamento já foi enviado e não pode mais ser alterado.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Editar agendamento' })).toBeInTheDocument();
  });
});
