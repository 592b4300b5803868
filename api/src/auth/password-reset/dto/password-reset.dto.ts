import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, MaxLength } from 'class-validator';

export class RequestPasswordResetParams {
  @ApiProperty({ example: 'admin@demo.atende.local' })
  @IsEmail({}, { message: 'Email inválido' })
  @MaxLength(255)
  email!: string;
}

export class ResetPasswordParams extends RequestPasswordResetParams {
  @ApiProperty({ description: 'The 6-digit verification code from the e-mail', example: '042917' })
  @IsString()
  @MaxLength(20)
  token!: string;

  @ApiProperty({
    description: 'At least 8 characters with an uppercase letter, a lowercase letter and a digit',
    example: 'NovaSenha123',
  })
  @IsString()
  @MaxLength(200)
  newPassword!: string;
}
