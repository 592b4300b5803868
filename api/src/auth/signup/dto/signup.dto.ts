import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsInt, IsOptional, IsString, MaxLength, Min, MinLength } from 'class-validator';
import { TextLength } from '../../../common/http/dto-helpers';

/**
 * The sign-up form. The console also sends recurrence, dueDate, status and campaignsEnabled;
 * they are dropped: the server alone decides the trial.
 */
export class SignUpDto {
  @ApiProperty({ minLength: 2, maxLength: 50, example: 'Minha Empresa', description: 'Company name; also the admin user name' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @TextLength(2, 50, 'Required')
  name!: string;

  @ApiProperty({ example: 'dono@minhaempresa.com', description: 'Admin login and billing e-mail; unique across the platform' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsString({ message: 'Required' })
  @MinLength(1, { message: 'Required' })
  @IsEmail({}, { message: 'Invalid email' })
  @MaxLength(255, { message: 'Too Long!' })
  email!: string;

  @ApiPropertyOptional({ maxLength: 30, example: '5511999990000', description: 'Phone with area code' })
  @IsOptional()
  @IsString()
  @MaxLength(30, { message: 'Too Long!' })
  phone?: string;

  @ApiProperty({ minLength: 5, maxLength: 50 })
  @TextLength(5, 50, 'Required')
  password!: string;

  @ApiProperty({ example: 1, description: 'One of GET /plans/list' })
  @IsInt({ message: 'Required' })
  @Min(1)
  planId!: number;
}

export class SignUpCompanyDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, format: 'date', example: '2026-11-24', description: 'Trial end, as a due date' }) dueDate!: string;
  @ApiProperty({ type: String, format: 'date-time' }) trialExpiration!: Date;
}

export class SignUpUserDto {
  @ApiProperty() id!: number;
  @ApiProperty() email!: string;
}

export class SignUpResultDto {
  @ApiProperty({ type: SignUpCompanyDto }) company!: SignUpCompanyDto;
  @ApiProperty({ type: SignUpUserDto, description: 'The admin user; log in with POST /auth/login' }) user!: SignUpUserDto;
}
