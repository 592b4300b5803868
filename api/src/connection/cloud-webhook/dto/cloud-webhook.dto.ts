import { ApiProperty } from '@nestjs/swagger';

/** What a stored delivery is answered with (Meta only looks at the 200). */
export class CloudWebhookAckDto {
  @ApiProperty({ example: true }) ok!: boolean;
}
