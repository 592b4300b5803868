import type { FileListDto, FileListOptionDto, SaveFileListBody } from './data/file-lists';
import { compose, maxLength, minLength, required, type Rule } from '../../forms/validators';

export type FileList = FileListDto;
export type FileListOption = FileListOptionDto;

/** The API's limits (SaveFileListDto). */
export const FILE_LIST_NAME_MAX = 100;
export const FILE_LIST_MESSAGE_MAX = 10_000;
export const FILE_LIST_OPTION_NAME_MAX = 1_000;
export const FILE_LIST_OPTIONS_MAX = 10;
/** WhatsApp's largest file (video and documents; images and audio stop at 16 MB, which the API checks by kind). */
export const FILE_LIST_FILE_MAX_BYTES = 64 * 1024 * 1024;
/** What the file picker offers: what the API accepts (told from the bytes there). */
export const FILE_LIST_ACCEPTED_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'audio/ogg',
  'audio/mpeg',
  'audio/mp4',
  'audio/wav',
  'video/mp4',
  'video/webm',
  'application/pdf',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
];

const trimmed =
  (rule: Rule<unknown>): Rule<unknown> =>
  (value) =>
    rule(typeof value === 'string' ? value.trim() : value);

/** Spec §5: name required ('Obrigatório'), at least 3 characters ('nome muito curto'). */
export const fileListNameRule: Rule<unknown> = trimmed(
  compose(
    required('fileLists.validation.required'),
    minLength(3, 'fileLists.validation.nameTooShort'),
    maxLength(FILE_LIST_NAME_MAX, 'fileLists.validation.tooLong'),
  ),
);
/** Spec §5: message required ('Obrigatório'). */
export const fileListMessageRule: Rule<unknown> = trimmed(
  compose(required('fileLists.validation.required'), maxLength(FILE_LIST_MESSAGE_MAX, 'fileLists.validation.tooLong')),
);
export const fileListOptionNameRule: Rule<unknown> = maxLength(FILE_LIST_OPTION_NAME_MAX, 'fileLists.validation.tooLong');

/** One file option of the dialog: an existing option (`optionId`) or a new one, with a newly picked file or none. */
export interface FileListOptionValues {
  optionId?: number;
  name: string;
  /** A file picked in this dialog, uploaded after the save. */
  file: File | null;
  /** The option's current file (its original name), when it has one. */
  currentFile: string | null;
}

/** What the dialog hands to its caller on save. */
export interface FileListFormValues {
  name: string;
  message: string;
  options: FileListOptionValues[];
}

/** The body of POST /files or PUT /files/{id}: the whole option list in order (ids for the kept ones). */
export function fileListBody(values: FileListFormValues): SaveFileListBody {
  return {
    name: values.name.trim(),
    message: values.message.trim(),
    options: values.options.map((o) => (o.optionId !== undefined ? { id: o.optionId, name: o.name } : { name: o.name })),
  };
}

/** The files to upload after a save: the saved list answers its options in the order sent. */
export function uploadsAfterSave(values: FileListFormValues, saved: Pick<FileList, 'options'>): { optionId: number; file: File; name: string }[] {
  return values.options.flatMap((o, i) => {
    const option = saved.options[i];
    return o.file && option ? [{ optionId: option.id, file: o.file, name: o.name }] : [];
  });
}

/** Spec §4: the search text is lower-cased (and trimmed) before it is sent. */
export const searchParamOf = (text: string): string => text.trim().toLowerCase();

/** How many of the list's options carry a file. */
export const filesOf = (list: Pick<FileList, 'options'>): number => list.options.filter((o) => o.path).length;
