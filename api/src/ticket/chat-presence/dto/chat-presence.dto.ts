import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';

/** What an attendant may show the contact; online and offline follow the connection itself. */
export const ATTENDANT_PRESENCES = ['composing', 'recording', 'paused'] as const;
export type AttendantPresence = (typeof ATTENDANT_PRESENCES)[number];

export class SendChatPresenceDto {
  @ApiProperty({
    enum: ATTENDANT_PRESENCES,
    enumName: 'AttendantPresence',
    description: 'composing: typing; recording: recording a voice note; paused: stopped (sent when the draft is cleared or sent)',
  })
  @IsIn(ATTENDANT_PRESENCES)
  presence!: AttendantPresence;
}
