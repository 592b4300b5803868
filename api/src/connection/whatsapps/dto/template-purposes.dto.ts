import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { trim } from '../../../common/http/dto-helpers';
import { TEMPLATE_PURPOSES, TemplatePurposes } from '../whatsapp.entity';

const PARAMS_MAX = 20;

/** One approved template chosen for an automatic message, with its body variables' values. */
export class TemplateChoiceInputDto {
  @ApiProperty({ maxLength: 512, example: 'boas_vindas' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Required' })
  @MaxLength(512, { message: 'Too Long!' })
  name!: string;

  @ApiProperty({ maxLength: 16, example: 'pt_BR' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Required' })
  @MaxLength(16, { message: 'Too Long!' })
  language!: string;

  @ApiProperty({
    type: [String],
    maxItems: PARAMS_MAX,
    example: ['{{firstName}}', '{{protocol}}'],
    description:
      "The body variables' values in order ({{1}}, {{2}}, ...), one per variable of the template. Each may hold the platform's placeholders ({{name}}, {{firstName}}, {{protocol}}, ...), filled from the contact and the ticket when sent.",
  })
  @IsArray()
  @ArrayMaxSize(PARAMS_MAX)
  @IsString({ each: true })
  @MaxLength(1024, { each: true, message: 'Too Long!' })
  params!: string[];
}

/** The template of each automatic message (absent: unchanged; null: none). */
export class TemplatePurposesInputDto {
  @ApiPropertyOptional({ type: TemplateChoiceInputDto, nullable: true, description: 'The greeting of a new ticket' }) greeting?: TemplateChoiceInputDto | null;
  @ApiPropertyOptional({ type: TemplateChoiceInputDto, nullable: true, description: 'The farewell when a ticket is closed' })
  farewell?: TemplateChoiceInputDto | null;
  @ApiPropertyOptional({ type: TemplateChoiceInputDto, nullable: true, description: 'The rating request' }) rating?: TemplateChoiceInputDto | null;
  @ApiPropertyOptional({ type: TemplateChoiceInputDto, nullable: true, description: 'The out-of-hours answer' }) outOfHours?: TemplateChoiceInputDto | null;
  @ApiPropertyOptional({ type: TemplateChoiceInputDto, nullable: true, description: 'The transfer notice' }) transfer?: TemplateChoiceInputDto | null;
  @ApiPropertyOptional({ type: TemplateChoiceInputDto, nullable: true, description: 'The closing for inactivity' }) inactive?: TemplateChoiceInputDto | null;
  @ApiPropertyOptional({ type: TemplateChoiceInputDto, nullable: true, description: 'Scheduled messages' }) schedule?: TemplateChoiceInputDto | null;
  @ApiPropertyOptional({ type: TemplateChoiceInputDto, nullable: true, description: 'Campaign messages' }) campaign?: TemplateChoiceInputDto | null;
}
// Every purpose validates the same way (decorators applied in a loop: one list, TEMPLATE_PURPOSES).
for (const purpose of TEMPLATE_PURPOSES) {
  IsOptional()(TemplatePurposesInputDto.prototype, purpose);
  ValidateNested()(TemplatePurposesInputDto.prototype, purpose);
  Type(() => TemplateChoiceInputDto)(TemplatePurposesInputDto.prototype, purpose);
}

/** A chosen template as answered. */
export class TemplateChoiceDto {
  @ApiProperty() name!: string;
  @ApiProperty() language!: string;
  @ApiProperty({ type: [String] }) params!: string[];
}

/** The chosen template of each automatic message; a purpose without one is absent. */
export class TemplatePurposesDto {
  @ApiPropertyOptional({ type: TemplateChoiceDto }) greeting?: TemplateChoiceDto;
  @ApiPropertyOptional({ type: TemplateChoiceDto }) farewell?: TemplateChoiceDto;
  @ApiPropertyOptional({ type: TemplateChoiceDto }) rating?: TemplateChoiceDto;
  @ApiPropertyOptional({ type: TemplateChoiceDto }) outOfHours?: TemplateChoiceDto;
  @ApiPropertyOptional({ type: TemplateChoiceDto }) transfer?: TemplateChoiceDto;
  @ApiPropertyOptional({ type: TemplateChoiceDto }) inactive?: TemplateChoiceDto;
  @ApiPropertyOptional({ type: TemplateChoiceDto }) schedule?: TemplateChoiceDto;
  @ApiPropertyOptional({ type: TemplateChoiceDto }) campaign?: TemplateChoiceDto;
}

/** The stored purposes as answered: only the known purposes, each a copy. */
export function mapTemplatePurposes(stored: TemplatePurposes | null | undefined): TemplatePurposesDto {
  const out: TemplatePurposesDto = {};
  for (const purpose of TEMPLATE_PURPOSES) {
    const c = stored?.[purpose];
    if (c) out[purpose] = { name: c.name, language: c.language, params: [...c.params] };
  }
  return out;
}
