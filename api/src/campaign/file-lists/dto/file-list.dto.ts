import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';
import { PageQueryDto } from '../../../common/http/pagination';
import { trim } from '../../../common/http/dto-helpers';
import { ID_MAX } from '../../../common/http/ids';
import type { MediaType } from '../../../ticket/messages/message.entity';
import type { FileList, FileListOption } from '../file-list.entity';

export const FILE_LIST_NAME_MAX = 100;
export const FILE_LIST_MESSAGE_MAX = 10_000;
export const FILE_LIST_OPTION_NAME_MAX = 1_000;
/** Files a list may hold (and an upload may carry at once). */
export const FILE_LIST_OPTIONS_MAX = 10;

export class FileListOptionInputDto {
  @ApiPropertyOptional({
    minimum: 1,
    description: 'An option this list already has: kept (renamed when name changed). Without it, a new option is added.',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  id?: number;

  @ApiPropertyOptional({ maxLength: FILE_LIST_OPTION_NAME_MAX, default: '', description: "The file's caption (multiline)" })
  @IsOptional()
  @IsString()
  @MaxLength(FILE_LIST_OPTION_NAME_MAX, { message: 'Too Long!' })
  name?: string;

  @ApiPropertyOptional({ description: "Sent by the spec's client; ignored (the kind is told from the uploaded file's bytes)" })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  mediaType?: string;
}

export class SaveFileListDto {
  @ApiProperty({ minLength: 3, maxLength: FILE_LIST_NAME_MAX, example: 'Catálogo de verão' })
  @Transform(trim)
  @IsNotEmpty({ message: 'Obrigatório' })
  @IsString({ message: 'Obrigatório' })
  @MinLength(3, { message: 'nome muito curto' })
  @MaxLength(FILE_LIST_NAME_MAX, { message: 'Too Long!' })
  name!: string;

  @ApiProperty({ maxLength: FILE_LIST_MESSAGE_MAX, description: 'Sent with the files' })
  @Transform(trim)
  @IsNotEmpty({ message: 'Obrigatório' })
  @IsString({ message: 'Obrigatório' })
  @MaxLength(FILE_LIST_MESSAGE_MAX, { message: 'Too Long!' })
  message!: string;

  @ApiPropertyOptional({
    type: [FileListOptionInputDto],
    maxItems: FILE_LIST_OPTIONS_MAX,
    description:
      'The whole list of options, in order. On update: options sent with an id are kept (and renamed), those without are added, ' +
      "and the list's options not sent are deleted with their stored files. Omitted on update: the options stay as they are. " +
      'Files are attached afterwards with POST /files/uploadList/{fileListId}, naming the option ids this call answers (same order).',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(FILE_LIST_OPTIONS_MAX, { message: `At most ${FILE_LIST_OPTIONS_MAX} files` })
  @ValidateNested({ each: true })
  @Type(() => FileListOptionInputDto)
  options?: FileListOptionInputDto[];

  @ApiPropertyOptional({ description: 'Ignored: the owner is the caller' })
  @IsOptional()
  userId?: unknown;
}

export class ListFileListsDto extends PageQueryDto {
  @ApiPropertyOptional({ description: "Ignored: the company is the caller's" })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  companyId?: string;
}

/** The multipart fields next to `files`; each repeats once per file, in the same order as the files. */
export class UploadFileListDto {
  @ApiPropertyOptional({ description: 'The i-th value is the id of the option the i-th file belongs to (one per file)' })
  @IsOptional()
  id?: string | string[];

  @ApiPropertyOptional({ description: "The file list's id, as the spec's client sends it (once or per file); each value must be this list's id" })
  @IsOptional()
  fileId?: string | string[];

  @ApiPropertyOptional({ description: 'Ignored (the kind is told from the bytes)' })
  @IsOptional()
  mediaType?: string | string[];

  @ApiPropertyOptional({ description: 'Ignored (captions are saved with PUT /files/{id})' })
  @IsOptional()
  name?: string | string[];

  @ApiPropertyOptional({ description: "Sent as 'fileList' by the spec's client; not used" })
  @IsOptional()
  typeArch?: string | string[];
}

export class FileListOptionDto {
  @ApiProperty() id!: number;
  @ApiProperty() fileListId!: number;
  @ApiProperty({ description: "The file's caption" }) name!: string;
  @ApiProperty({ nullable: true, type: String, description: 'Server-made name of the stored file; null until a file is uploaded' }) path!: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    example: 'image',
    description: "The file's kind, told from its bytes: a MediaType (image, audio, video or application); null until a file is uploaded",
  })
  mediaType!: MediaType | null;
  @ApiProperty({ nullable: true, type: String, description: "The uploaded file's original name, for display" }) mediaName!: string | null;
}

export class FileListDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() message!: string;
  @ApiProperty({ nullable: true, type: Number, description: 'Who created it' }) userId!: number | null;
  @ApiProperty() companyId!: number;
  @ApiProperty({ type: [FileListOptionDto], description: 'In the order the dialog shows them' }) options!: FileListOptionDto[];
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

export class FileListPageDto {
  @ApiProperty({ type: [FileListDto] }) files!: FileListDto[];
  @ApiProperty() count!: number;
  @ApiProperty() hasMore!: boolean;
}

export function mapFileListOption(o: FileListOption): FileListOptionDto {
  return {
    id: o.id,
    fileListId: o.fileList.id,
    name: o.name,
    path: o.media.path,
    mediaType: o.mediaType ?? null,
    mediaName: o.media.name,
  };
}

/** The options must be loaded. */
export function mapFileList(f: FileList): FileListDto {
  return {
    id: f.id,
    name: f.name,
    message: f.message,
    userId: f.userId ?? null,
    companyId: f.companyId,
    options: f.options
      .getItems()
      .slice()
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map(mapFileListOption),
    createdAt: f.createdAt,
    updatedAt: f.updatedAt,
  };
}

/** Realtime events carry this same shape (see realtime-events.ts). */
declare module '../../../realtime/realtime-events' {
  interface RealtimeEntities {
    fileList: FileListDto;
  }
}
