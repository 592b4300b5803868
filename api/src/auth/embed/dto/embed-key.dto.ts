import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsNotEmpty, IsString } from 'class-validator';
import { IfSent, TextLength, trim } from '../../../common/http/dto-helpers';
import type { EmbedKey } from '../embed-key.entity';

const ORIGINS_NOTE =
  '1 to 20 origins of the pages that embed the widgets: scheme http or https, host and port, no path (`https://portal.example.com`, `http://localhost:5173`); stored as browsers send them in `Origin`.';

export class CreateEmbedKeyDto {
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'Portal do parceiro' })
  @Transform(trim)
  @IsNotEmpty({ message: 'Required' })
  @TextLength(1, 100)
  name!: string;

  @ApiProperty({ type: [String], minItems: 1, maxItems: 20, example: ['https://portal.example.com'], description: ORIGINS_NOTE })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @IsString({ each: true })
  allowedOrigins!: string[];
}

/** Only what is sent changes. */
export class UpdateEmbedKeyDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 100 })
  @IfSent()
  @Transform(trim)
  @IsNotEmpty({ message: 'Required' })
  @TextLength(1, 100)
  name?: string;

  @ApiPropertyOptional({ type: [String], minItems: 1, maxItems: 20, description: ORIGINS_NOTE })
  @IfSent()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @IsString({ each: true })
  allowedOrigins?: string[];
}

export class EmbedKeyDto {
  @ApiProperty() id!: number;
  @ApiProperty({ example: 'ek_3fJ9kQ2mZx7LwP1a', description: "Public: the partner's tokens name it in their `kid` header" }) keyId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: [String], example: ['https://portal.example.com'] }) allowedOrigins!: string[];
  @ApiProperty() createdAt!: Date;
  @ApiProperty({ type: Date, nullable: true }) lastUsedAt!: Date | null;
  @ApiProperty({ type: Date, nullable: true, description: 'Set once revoked: the key signs nothing more and its sessions ended' }) revokedAt!: Date | null;
}

export class EmbedKeyCreatedDto extends EmbedKeyDto {
  @ApiProperty({ description: "The HS256 signing secret: shown in this answer only, never again. Keep it on the partner's server." })
  secret!: string;
}

export function mapEmbedKey(k: EmbedKey): EmbedKeyDto {
  return {
    id: k.id,
    keyId: k.keyId,
    name: k.name,
    allowedOrigins: [...k.allowedOrigins],
    createdAt: k.createdAt,
    lastUsedAt: k.lastUsedAt ?? null,
    revokedAt: k.revokedAt ?? null,
  };
}
