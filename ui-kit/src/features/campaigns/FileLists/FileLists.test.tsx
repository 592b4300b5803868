import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { File as NodeFile } from 'node:buffer';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schema } from '../../../client';
import { expectNoA11yViolations } from '../../../test/a11y';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import type { FileList } from '../file-list-rules';
import { fileListDto, optionDto, sampleFileLists } from '../files-and-settings-story-data';
import { FileLists } from './FileLists';

// Saves chain several calls; under a loaded parallel run they take longer than the default second.
configure({ asyncUtilTimeout: 5000 });

type Permission = Schema<'Permission'>;
const ADMIN = { profile: 'admin' as const, permissions: ['session:self', 'campaigns:manage'] satisfies Permission[] };

/** An in-memory /files with the API's answers: lists by name, options in the order sent, files attached by option id. */
function filesApi(initial: FileList[] = sampleFileLists) {
  let rows = [...initial];
  let nextId = 100;
  let nextOption = 500;
  const uploads: { listId: number; ids: string[]; names: string[]; fileId: string | null; typeArch: string | null }[] = [];
  const find = (id: number) => rows.find((f) => f.id === id);
  const routes: Routes = {
    'GET /files': (request) => {
      const term = (new URL(request.url).searchParams.get('searchParam') ?? '').toLowerCase();
      const files = rows.filter((f) => f.name.toLowerCase().includes(term)).sort((a, b) => a.name.localeCompare(b.name));
      return json(200, { files, count: files.length, hasMore: false });
    },
    'POST /files': async (request) => {
      const body = (await request.json()) as { name: string; message: string; options: { name: string }[] };
      const id = nextId++;
      const row = fileListDto({
        id,
        name: body.name,
        message: body.message,
        options: body.options.map((o) => optionDto({ id: nextOption++, fileListId: id, name: o.name })),
      });
      rows.push(row);
      return json(201, row);
    },
  };
  const single = (id: number): Routes => ({
    [`PUT /files/${id}`]: async (request) => {
      const body = (await request.json()) as { name: string; message: string; options: { id?: number; name: string }[] };
      const old = find(id)!;
      const options = body.options.map((o) =>
        o.id ? { ...old.options.find((x) => x.id === o.id)!, name: o.name } : optionDto({ id: nextOption++, fileListId: id, name: o.name }),
      );
      rows = rows.map((f) => (f.id === id ? { ...f, name: body.name, message: body.message, options } : f));
      return json(200, find(id));
    },
    [`DELETE /files/${id}`]: () => {
      rows = rows.filter((f) => f.id !== id);
      return new Response(null, { status: 204 });
    },
    [`POST /files/uploadList/${id}`]: async (request) => {
      const form = await request.formData();
      const ids = form.getAll('id').map(String);
      const files = form.getAll('files') as File[];
      uploads.push({
        listId: id,
        ids,
        names: files.map((f) => f.name),
        fileId: form.get('fileId') as string | null,
        typeArch: form.get('typeArch') as string | null,
      });
      rows = rows.map((f) =>
        f.id === id
          ? {
              ...f,
              options: f.options.map((o) =>
                ids.includes(String(o.id)) ? { ...o, path: `fl${o.id}-x.png`, mediaName: files[ids.indexOf(String(o.id))].name } : o,
              ),
            }
          : f,
      );
      return json(201, find(id));
    },
  });
  for (const id of [...rows.map((f) => f.id), 100, 101]) Object.assign(routes, single(id));
  return { routes, uploads, rows: () => rows };
}

const choose = (index: number, file: unknown) => {
  const input = document.querySelectorAll<HTMLInputElement>('input[type=file]')[index];
  Object.defineProperty(input, 'files', { configurable: true, value: [file] });
  input.dispatchEvent(new Event('change', { bubbles: true }));
};

beforeEach(async () => {
  // jsdom's FormData and File do not cross into Node's Request (the one the fake API reads); a browser has one kind.
  const nodeForm = await new Response('a=1', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }).formData();
  vi.stubGlobal('FormData', nodeForm.constructor);
});

describe('FileLists (connected)', () => {
  it('lists GET /files with the count; axe-clean', async () => {
    const api = filesApi();
    const { container } = renderSignedIn(<FileLists />, api.routes, ADMIN);
    expect(await screen.findByRole('heading', { name: 'Listas de arquivos (3)' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /^Boas-vindas/ })).toBeInTheDocument();
    await expectNoA11yViolations(container);
  }, 15_000);

  it('creates a list with two files: POST /files, then both files to their options in one multipart upload', async () => {
    const api = filesApi([]);
    const { api: calls } = renderSignedIn(<FileLists />, api.routes, ADMIN);
    await screen.findByText('Nenhuma lista de arquivos');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar lista de arquivos' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Catálogo');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Mensagem/ }), 'Veja');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adicionar arquivo' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adicionar arquivo' }));
    const names = within(dialog).getAllByRole('textbox', { name: /^Descrição do arquivo/ });
    await userEvent.type(names[0], 'Foto');
    await userEvent.type(names[1], 'Tabela');
    choose(0, new NodeFile([new Uint8Array([0x89, 0x50])], 'foto.png', { type: 'image/png' }));
    choose(1, new NodeFile(['%PDF'], 'tabela.pdf', { type: 'application/pdf' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));

    expect(await screen.findByText('Lista de arquivos salva com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posted = calls.calls.find((c) => c.method === 'POST' && c.path === '/files');
    expect(JSON.parse(posted!.body)).toEqual({ name: 'Catálogo', message: 'Veja', options: [{ name: 'Foto' }, { name: 'Tabela' }] });
    expect(api.uploads).toEqual([{ listId: 100, ids: ['500', '501'], names: ['foto.png', 'tabela.pdf'], fileId: '100', typeArch: 'fileList' }]);
    const row = await screen.findByRole('row', { name: /^Catálogo/ });
    expect(within(row).getByText('2 arquivos')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Listas de arquivos (1)' })).toBeInTheDocument();
  }, 15_000);

  it('edits: kept options keep their ids, a removed one is left out; deletes after confirmation', async () => {
    const api = filesApi();
    const { api: calls } = renderSignedIn(<FileLists />, api.routes, ADMIN);
    const row = await screen.findByRole('row', { name: /^Boas-vindas/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Editar Boas-vindas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar lista de arquivos' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remover arquivo 2' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls.calls.some((c) => c.method === 'PUT' && c.path === '/files/1')).toBe(true));
    const put = calls.calls.find((c) => c.method === 'PUT' && c.path === '/files/1');
    expect(JSON.parse(put!.body).options).toEqual([{ id: 11, name: 'Catálogo' }]);
    expect(api.uploads).toEqual([]);
    expect(await within(screen.getByRole('row', { name: /^Boas-vindas/ })).findByText('1 arquivo')).toBeInTheDocument();

    await userEvent.click(within(screen.getByRole('row', { name: /^Só texto/ })).getByRole('button', { name: 'Excluir Só texto' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Excluir a lista Só texto?' })).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Lista de arquivos excluída com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /^Só texto/ })).not.toBeInTheDocument());
  }, 15_000);

  it('follows company-{id}-file: a created list appears in its place, an update replaces it, a delete removes it', async () => {
    const api = filesApi();
    const { emit } = renderSignedIn(<FileLists />, api.routes, ADMIN);
    await screen.findByRole('row', { name: /^Boas-vindas/ });
    const made = fileListDto({ id: 9, name: 'Cardápio', message: 'Hoje tem feijoada' });
    emit('file', { action: 'create', files: made });
    const names = () => screen.getAllByRole('rowheader').map((c) => c.textContent);
    await waitFor(() => expect(names()).toEqual(['Boas-vindas', 'Cardápio', 'Promoção de Natal', 'Só texto']));
    emit('file', { action: 'update', files: { ...made, options: [optionDto({ id: 90, fileListId: 9, path: 'fl90-x.pdf', mediaName: 'menu.pdf' })] } });
    expect(await within(screen.getByRole('row', { name: /^Cardápio/ })).findByText('1 arquivo')).toBeInTheDocument();
    emit('file', { action: 'delete', fileId: 9 });
    await waitFor(() => expect(names()).toEqual(['Boas-vindas', 'Promoção de Natal', 'Só texto']));
  }, 15_000);

  it('tells an attendant the page is for admins and calls nothing', async () => {
    const api = filesApi();
    const { api: calls } = renderSignedIn(<FileLists />, api.routes, { profile: 'user', permissions: ['session:self'] });
    expect(await screen.findByText('Somente administradores veem e alteram as listas de arquivos.')).toBeInTheDocument();
    expect(calls.calls.filter((c) => c.path.startsWith('/files'))).toEqual([]);
  }, 15_000);
});
