import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import type { MessageTemplate } from '../message-template.entity';

export const TEMPLATE_STATUSES = ['APPROVED', 'PENDING', 'REJECTED', 'PAUSED', 'DISABLED'] as const;

/** A synced message template of an official connection. */
export class MessageTemplateDto {
  @ApiProperty() id!: number;
  @ApiProperty() whatsappId!: number;
  @ApiProperty({ example: 'boas_vindas' }) name!: string;
  @ApiProperty({ example: 'pt_BR' }) language!: string;
  @ApiProperty({ example: 'APPROVED', description: 'APPROVED, PENDING, REJECTED, PAUSED, DISABLED: only APPROVED ones can be sent' }) status!: string;
  @ApiProperty({ example: 'UTILITY', description: 'MARKETING, UTILITY, AUTHENTICATION' }) category!: string;
  @ApiProperty({ example: 'Olá {{1}}, seu atendimento {{2}} foi aberto.', description: 'The body with its variables as {{1}}, {{2}}, ...' })
  body!: string;
  @ApiPropertyOptional({ nullable: true, type: String }) header!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) footer!: string | null;
  @ApiProperty({ description: 'How many body variables it takes (values sent in order)' }) params!: number;
  @ApiProperty() syncedAt!: Date;
}

export function mapMessageTemplate(t: MessageTemplate): MessageTemplateDto {
  return {
    id: t.id,
    whatsappId: t.whatsappId,
    name: t.name,
    language: t.language,
    status: t.status,
    category: t.category,
    body: t.body,
    header: t.header ?? null,
    footer: t.footer ?? null,
    params: t.params,
    syncedAt: t.syncedAt,
  };
}

export class ListMessageTemplatesDto {
  @ApiPropertyOptional({
    enum: TEMPLATE_STATUSES,
    enumName: 'TemplateStatus',
    description: 'Only templates with this status (APPROVED: those that can be sent)',
  })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.toUpperCase() : value))
  @IsOptional()
  @IsIn(TEMPLATE_STATUSES)
  status?: (typeof TEMPLATE_STATUSES)[number];
}
