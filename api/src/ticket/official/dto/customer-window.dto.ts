import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString, Matches, MaxLength } from 'class-validator';

/** The customer's 24-hour window on the ticket's connection. */
export class CustomerWindowDto {
  @ApiProperty({ description: "The ticket's connection is an official API one: outside the window only approved templates go out" })
  official!: boolean;
  @ApiProperty({ description: 'Free messages can be sent now (always true on a QR-code connection)' })
  open!: boolean;
  @ApiPropertyOptional({ nullable: true, type: String, format: 'date-time', description: 'When the window closes (or closed): 24 h after the last message' })
  expiresAt!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, format: 'date-time', description: "The customer's last message on this connection" })
  lastInboundAt!: string | null;
}

export const TEMPLATE_PARAMS_MAX = 20;

export class SendTemplateDto {
  @ApiProperty({ example: 'boas_vindas', description: "An APPROVED template of the ticket's connection (GET /whatsapp/{id}/templates)" })
  @IsString()
  @Matches(/\S/, { message: 'Required' })
  @MaxLength(512)
  name!: string;

  @ApiProperty({ example: 'pt_BR' })
  @IsString()
  @Matches(/\S/, { message: 'Required' })
  @MaxLength(16)
  language!: string;

  @ApiProperty({
    type: [String],
    example: ['{{name}}'],
    description: "One value per body variable, in order; each may hold the platform's placeholders ({{name}}, {{firstName}}, {{protocol}}, ...)",
  })
  @IsArray()
  @ArrayMaxSize(TEMPLATE_PARAMS_MAX)
  @IsString({ each: true })
  @MaxLength(1024, { each: true })
  params!: string[];
}
