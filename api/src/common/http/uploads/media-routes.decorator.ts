import { applyDecorators, Delete, Post, Type } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { Endpoint, EndpointOptions } from '../endpoint.decorator';
import { CommonError, ErrorDef } from '../errors';
import { Upload, UploadOptions, UploadTarget } from './upload.decorator';

/** What a record's two media routes share: who owns the record, what its file may be, who may change it. */
export interface MediaRoutesOptions extends Pick<EndpointOptions, 'permission' | 'feature'> {
  /** The record's service: its `assertUploadTarget` refuses (404, 409...) before a byte of the body is read. */
  target: Type<UploadTarget>;
  /** Largest file in bytes (413 ERR_PAYLOAD_TOO_LARGE beyond it). */
  maxBytes: UploadOptions['maxBytes'];
  /** What the file may be, for the API docs. */
  file: string;
  /** The spec's client sends a `typeArch` field with the file: documented as not used (`MediaUploadDto` takes it). */
  typeArch?: boolean;
  /** The record as both routes answer it. */
  ok: Type;
  /** The record's own refusals, answered by both routes (not found, already sent, not editable). */
  errors: ErrorDef[];
}

/** The text of one of the two routes. */
export interface MediaRouteText {
  summary: string;
  description?: string;
}

/**
 * A record's attachment routes (spec: `POST /<records>/{id}/media-upload`, `DELETE` the same path), declared once per
 * controller and used on its two handlers:
 *
 *     const media = mediaRoutes({ target: HolidaysService, maxBytes, file: 'PNG or JPEG image', permission, ok, errors });
 *     @media.upload({ summary: 'Attach an image…' }) uploadHolidayMedia(ctx, id, @UploadedFile() file) {…}
 *     @media.remove({ summary: "Remove a holiday's image" }) deleteHolidayMedia(ctx, id) {…}
 *
 * The upload takes one file in the `file` field through `@Upload` (streamed to disk, the target's refusal first) and
 * answers 201; both routes answer the record, and their error lists are the record's plus what an upload can fail
 * with (ERR_VALIDATION, ERR_PAYLOAD_TOO_LARGE, ERR_UNSUPPORTED_MEDIA_TYPE).
 */
export function mediaRoutes(options: MediaRoutesOptions) {
  const access = { permission: options.permission, ...(options.feature ? { feature: options.feature } : {}) };
  return {
    upload: (text: MediaRouteText): MethodDecorator =>
      applyDecorators(
        Post(':id/media-upload'),
        Upload({
          field: 'file',
          maxBytes: options.maxBytes,
          target: { service: options.target },
          doc: { file: options.file, ...(options.typeArch ? { fields: { typeArch: 'Not used' } } : {}) },
        }),
        Endpoint({
          ...text,
          ...access,
          status: 201,
          ok: options.ok,
          errors: [CommonError.ERR_VALIDATION, CommonError.ERR_PAYLOAD_TOO_LARGE, CommonError.ERR_UNSUPPORTED_MEDIA_TYPE, ...options.errors],
        }),
      ),
    remove: (text: MediaRouteText): MethodDecorator =>
      applyDecorators(Delete(':id/media-upload'), Endpoint({ ...text, ...access, ok: options.ok, errors: [CommonError.ERR_VALIDATION, ...options.errors] })),
  };
}

/** The text fields of a media upload: the spec's client sends `typeArch`, which the server does not use (it reads the file's bytes). */
export class MediaUploadDto {
  @ApiPropertyOptional({ description: "Sent by the spec's client; not used (the type is told from the file's bytes)" })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  typeArch?: string;
}
