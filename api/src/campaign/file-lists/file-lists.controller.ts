import { Body, Controller, Delete, Get, HttpStatus, Param, Post, Put, Query, Res, UploadedFiles } from '@nestjs/common';
import type { Response } from 'express';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { Upload } from '../../common/http/uploads/upload.decorator';
import { CommonError } from '../../common/http/errors';
import { IdPipe } from '../../common/http/ids';
import { WHATSAPP_SEND_LIMITS } from '../../common/infra/media-type';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { FILE_LIST_OPTIONS_MAX, FileListDto, FileListPageDto, ListFileListsDto, SaveFileListDto, UploadFileListDto } from './dto/file-list.dto';
import { FileListError } from './file-list.errors';
import { FileListsService, UploadedFileListFile } from './file-lists.service';
import { Audit } from '../../common/http/audit.decorator';

const FILE_MAX_BYTES = Math.max(...Object.values(WHATSAPP_SEND_LIMITS));
const ACCESS = "File lists of the caller's company; another company's is 404.";

@ApiTags('files')
@Audit({ target: 'file-list' })
@Controller('files')
export class FileListsController {
  constructor(private readonly fileLists: FileListsService) {}

  @Get()
  @Endpoint({
    summary: 'File lists by name, 20 a page, with their options',
    description: `${ACCESS} searchParam matches name or message. Also the campaign dialog's file-list choice (companyId is ignored).`,
    permission: 'campaigns:manage',
    feature: 'useCampaigns',
    ok: FileListPageDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  listFileLists(@Ctx() ctx: RequestContext, @Query() query: ListFileListsDto): Promise<FileListPageDto> {
    return this.fileLists.list(ctx, query);
  }

  @Get(':id')
  @Endpoint({
    summary: 'A file list with its options',
    description: ACCESS,
    permission: 'campaigns:manage',
    feature: 'useCampaigns',
    ok: FileListDto,
    errors: [CommonError.ERR_VALIDATION, FileListError.ERR_FILE_LIST_NOT_FOUND],
  })
  getFileList(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<FileListDto> {
    return this.fileLists.get(ctx, id);
  }

  @Post()
  @Endpoint({
    summary: 'Create a file list owned by the caller',
    description: 'Its options are created without files; attach them with POST /files/uploadList/{fileListId}.',
    permission: 'campaigns:manage',
    feature: 'useCampaigns',
    status: 201,
    ok: FileListDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  createFileList(@Ctx() ctx: RequestContext, @Body() body: SaveFileListDto): Promise<FileListDto> {
    return this.fileLists.create(ctx, body);
  }

  @Put(':id')
  @Endpoint({
    summary: 'Update a file list and its options',
    description: `${ACCESS} Options sent with an id are kept and renamed, those without one added, the rest deleted with their files.`,
    permission: 'campaigns:manage',
    feature: 'useCampaigns',
    ok: FileListDto,
    errors: [CommonError.ERR_VALIDATION, FileListError.ERR_FILE_LIST_NOT_FOUND],
  })
  updateFileList(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: SaveFileListDto): Promise<FileListDto> {
    return this.fileLists.update(ctx, id, body);
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Delete a file list and its stored files',
    description: `${ACCESS} Messages already sent keep their own copies.`,
    permission: 'campaigns:manage',
    feature: 'useCampaigns',
    status: 204,
    errors: [CommonError.ERR_VALIDATION, FileListError.ERR_FILE_LIST_NOT_FOUND],
  })
  deleteFileList(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<void> {
    return this.fileLists.remove(ctx, id);
  }

  @Post('uploadList/:fileListId')
  @Upload({
    field: 'files',
    maxFiles: FILE_LIST_OPTIONS_MAX,
    maxBytes: FILE_MAX_BYTES,
    maxFields: 10 * FILE_LIST_OPTIONS_MAX,
    target: { service: FileListsService, param: 'fileListId' },
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['files', 'id'],
      properties: {
        files: {
          type: 'array',
          maxItems: FILE_LIST_OPTIONS_MAX,
          items: { type: 'string', format: 'binary' },
          description:
            'Images, audio, video, PDF or Office/zip documents (told from their content), within WhatsApp size per kind (16 MB images and audio, 64 MB others)',
        },
        id: { type: 'array', items: { type: 'string' }, description: 'Per file, in the same order: the id of the option it belongs to' },
        fileId: { type: 'array', items: { type: 'string' }, description: "The file list's id (optional, once or per file)" },
        mediaType: { type: 'array', items: { type: 'string' }, description: 'Ignored: the kind is told from the bytes' },
        name: { type: 'array', items: { type: 'string' }, description: 'Ignored: captions are saved with PUT /files/{id}' },
        typeArch: { type: 'string', description: "Sent as 'fileList'; not used" },
      },
    },
  })
  @Endpoint({
    summary: "Attach files to a file list's options",
    description:
      `${ACCESS} The i-th file goes to the option named by the i-th id, replacing that option's file. Files are stored under ` +
      'server-made names; mediaName keeps the original name. Nothing is stored unless every file and id is accepted. ' +
      "No files and no ids (the original's modal sends this after every save): 200 with the list unchanged.",
    permission: 'campaigns:manage',
    feature: 'useCampaigns',
    status: 201,
    ok: FileListDto,
    errors: [CommonError.ERR_VALIDATION, CommonError.ERR_PAYLOAD_TOO_LARGE, CommonError.ERR_UNSUPPORTED_MEDIA_TYPE, FileListError.ERR_FILE_LIST_NOT_FOUND],
  })
  @ApiOkResponse({ type: FileListDto, description: "No files and no ids (the original system's clients send this after every save): the list, unchanged" })
  uploadFileListFiles(
    @Ctx() ctx: RequestContext,
    @Param('fileListId', IdPipe) fileListId: number,
    @UploadedFiles() files: UploadedFileListFile[] | undefined,
    @Body() body: UploadFileListDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<FileListDto> {
    if (!files?.length) res.status(HttpStatus.OK);
    return this.fileLists.upload(ctx, fileListId, files, body);
  }
}
