import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { SessionUserDto } from '../../session/dto/session.dto';

export class CreateEmbedSessionDto {
  @ApiProperty({
    description:
      "The partner's token: a JWT signed HS256 with the embed key's secret, header `kid` = the key's keyId; claims `aud: 'atende-embed'`, " +
      '`iat`, `exp` (at most 300 s after iat), a single-use `jti`, and exactly one of `email` or `externalId` naming a user of the company.',
  })
  @IsString()
  @IsNotEmpty({ message: 'Required' })
  @MaxLength(8192, { message: 'Too Long!' })
  token!: string;
}

export class EmbedSessionDto {
  @ApiProperty({
    description: 'Access token of an embed session: send it as `Authorization: Bearer`. No refresh cookie: when it ends (401), get a new partner token.',
  })
  token!: string;
  @ApiProperty({ description: 'When the embed session ends (EMBED_SESSION_TTL_SECONDS after the exchange)' })
  expiresAt!: string;
  @ApiProperty({ type: SessionUserDto, description: 'The user, as the login answers it' })
  user!: SessionUserDto;
}
