// File lists (GET/POST/PUT/DELETE /files, the files at /files/uploadList/{fileListId}): a message with files that
// campaigns send. The API announces every change on `company-{id}-file` (to admins); the realtime cache and the
// mutations write the same answers into the cache, so both paths land on the same state.
import { writePaged } from '../../../data/cache-writes';
import { useInfiniteQuery, useQuery, type InfiniteData, type QueryClient, type UseInfiniteQueryResult, type UseQueryResult } from '@tanstack/react-query';
import type { components } from '../../../client';
import { unwrap } from '../../../provider/api-error';
import { useApiClient } from '../../../provider/context';
import { removeFromPages } from '../../../data/cache-updaters';
import { useApiMutation } from '../../../data/mutations';
import type { PagedList, QueryOptions } from '../../../data/queries';
import { atendeKeys, type SearchFilters } from '../../../data/query-keys';
import { multipartBody, multipartForm } from '../../../data/multipart';

type Schemas = components['schemas'];
export type FileListDto = Schemas['FileListDto'];
export type FileListOptionDto = Schemas['FileListOptionDto'];
export type SaveFileListBody = Schemas['SaveFileListDto'];
type FileListPage = Schemas['FileListPageDto'];
/** A file list as a choice (the campaign dialog's file-list select). */
export interface FileListChoice {
  id: number;
  name: string;
}

/** The API's order: name, then id. */
export const byFileListName = (a: FileListDto, b: FileListDto): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);

function flattenFileLists(data: InfiniteData<FileListPage>): PagedList<FileListDto> {
  const seen = new Set<number>();
  const items = data.pages.flatMap((page) => page.files).filter((f) => !seen.has(f.id) && Boolean(seen.add(f.id)));
  return { items, count: data.pages[0]?.count ?? 0, hasMore: data.pages[data.pages.length - 1]?.hasMore ?? false };
}

/**
 * GET /files: the company's file lists by name with their options, 20 a page (`fetchNextPage()` loads more);
 * `searchParam` matches the name or the message. Needs campaigns:manage and the plan's useCampaigns.
 */
export function useFileLists(filters: SearchFilters = {}, options: QueryOptions = {}): UseInfiniteQueryResult<PagedList<FileListDto>> {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: atendeKeys.fileLists.list(filters),
    initialPageParam: 1,
    getNextPageParam: (last: FileListPage, _all: unknown, pageNumber: number) => (last.hasMore ? pageNumber + 1 : undefined),
    queryFn: ({ pageParam, signal }) => unwrap(client.GET('/files', { params: { query: { ...filters, pageNumber: pageParam } }, signal })),
    select: flattenFileLists,
    ...options,
  });
}

/** GET /files/{id}: one list with its options. */
export function useFileList(id: number, options: QueryOptions = {}): UseQueryResult<FileListDto> {
  const client = useApiClient();
  return useQuery({
    queryKey: atendeKeys.fileLists.detail(id),
    queryFn: ({ signal }) => unwrap(client.GET('/files/{id}', { params: { path: { id } }, signal })),
    ...options,
  });
}

/** Pages read at most for the choice list (20 each): a company has a handful of file lists. */
const CHOICE_PAGES_MAX = 50;

/**
 * Every file list of the company as `{ id, name }`, by name: the campaign dialog's file-list choice (the spec's
 * GET /files with companyId; the company is always the caller's). Kept live by the `file` events.
 */
export function useFileListOptions(options: QueryOptions = {}): UseQueryResult<FileListChoice[]> {
  const client = useApiClient();
  return useQuery({
    queryKey: atendeKeys.fileLists.listAll(),
    queryFn: async ({ signal }) => {
      const all: FileListChoice[] = [];
      for (let pageNumber = 1; pageNumber <= CHOICE_PAGES_MAX; pageNumber++) {
        const page = await unwrap(client.GET('/files', { params: { query: { pageNumber } }, signal }));
        all.push(...page.files.map(({ id, name }) => ({ id, name })));
        if (!page.hasMore) break;
      }
      return all;
    },
    ...options,
  });
}

const byChoiceName = (a: FileListChoice, b: FileListChoice) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);

/**
 * A created or changed file list into the cache: its detail (when fetched), the choice list and every page list. An
 * unsearched list holds every list by name, so it takes its sorted place; a searched one replaces its copy, and a
 * new list (which the search may or may not match) marks it stale.
 */
export function writeFileList(queryClient: QueryClient, fileList: FileListDto, kind: 'create' | 'update'): void {
  queryClient.setQueryData<FileListDto>(atendeKeys.fileLists.detail(fileList.id), (old) => (old === undefined ? undefined : fileList));
  queryClient.setQueryData<FileListChoice[]>(atendeKeys.fileLists.listAll(), (old) =>
    old === undefined ? undefined : [...old.filter((c) => c.id !== fileList.id), { id: fileList.id, name: fileList.name }].sort(byChoiceName),
  );
  writePaged<FileListPage, 'files'>(queryClient, atendeKeys.fileLists.lists(), 'files', fileList, byFileListName, kind);
}

/** A deleted file list out of every list; its detail query is reset. */
export function removeFileList(queryClient: QueryClient, id: number): void {
  void queryClient.resetQueries({ queryKey: atendeKeys.fileLists.detail(id), exact: true });
  queryClient.setQueryData<FileListChoice[]>(atendeKeys.fileLists.listAll(), (old) => old?.filter((c) => c.id !== id));
  queryClient.setQueriesData<InfiniteData<FileListPage>>({ queryKey: atendeKeys.fileLists.lists() }, (data) => removeFromPages(data, 'files', id));
}

/** POST /files: the list and its options (without files yet); the answer names the options' ids, in the same order. */
export function useCreateFileList() {
  return useApiMutation((client, body: SaveFileListBody) => client.POST('/files', { body }), {
    onSuccess: (fileList, _body, queryClient) => writeFileList(queryClient, fileList, 'create'),
  });
}

/**
 * PUT /files/{id}: name and message; `options` is the whole list: those with an id are kept (renamed), those
 * without are added, the others deleted with their files.
 */
export function useUpdateFileList() {
  return useApiMutation((client, { id, body }: { id: number; body: SaveFileListBody }) => client.PUT('/files/{id}', { params: { path: { id } }, body }), {
    onSuccess: (fileList, _vars, queryClient) => writeFileList(queryClient, fileList, 'update'),
  });
}

/** DELETE /files/{id}: the list and its stored files. */
export function useDeleteFileList() {
  return useApiMutation((client, id: number) => client.DELETE('/files/{id}', { params: { path: { id } } }), {
    onSuccess: (_data, id, queryClient) => removeFileList(queryClient, id),
  });
}

/** A file for one option of a list. */
export interface FileListUpload {
  optionId: number;
  file: File;
  /** The option's caption (sent as the spec's client does; the API keeps the one saved with PUT). */
  name?: string;
}

/**
 * The multipart form of POST /files/uploadList/{fileListId}, as the spec's client sends it: fileId and typeArch
 * 'fileList', then per file `files`, `mediaType`, `name` and `id` (the option the file belongs to).
 */
export function fileListUploadForm(fileListId: number, uploads: FileListUpload[]): FormData {
  return multipartForm([
    ['fileId', fileListId],
    ['typeArch', 'fileList'],
    ...uploads.flatMap((upload) => [
      ['files', upload.file] as const,
      ['mediaType', upload.file.type] as const,
      ['name', upload.name ?? ''] as const,
      ['id', upload.optionId] as const,
    ]),
  ]);
}

/**
 * POST /files/uploadList/{fileListId}: each file to its option, replacing that option's file. The API tells the kind
 * from the bytes (415 otherwise; 413 past WhatsApp's size). Answers the list with its options' new files.
 */
export function useUploadFileListFiles() {
  return useApiMutation(
    (client, { id, uploads }: { id: number; uploads: FileListUpload[] }) =>
      client.POST('/files/uploadList/{fileListId}', { params: { path: { fileListId: id } }, body: multipartBody(fileListUploadForm(id, uploads)) }),
    { onSuccess: (fileList, _vars, queryClient) => writeFileList(queryClient, fileList, 'update') },
  );
}
