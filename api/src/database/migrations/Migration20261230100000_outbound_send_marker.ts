import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 28: replies always go out, once.
 * - `send_id`: the provider message id chosen before the first provider call; every call for the message (a Bull
 *   retry, a re-send after a crash between the provider's answer and our update) sends under it, so the phone shows
 *   the message once.
 * - `send_started_at`: committed before each provider call, cleared when the call fails cleanly: set on an unsent
 *   message, it says a call's outcome is unknown (the process died during it).
 * - `send_attempts`: provider calls made; the send job gives up (ack -1) past a bound, so a message that kills its
 *   worker is not retried forever.
 * - `messages_unsent_index`: the outbound sweep (every OUTBOUND_SWEEP_MS) reads only the unsent outbound messages,
 *   never the table: a row enters on insert and leaves when the send is recorded (provider id) or fails (ack -1).
 */
export class Migration20261230100000_outbound_send_marker extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "messages" add column "send_id" varchar(128) null, add column "send_started_at" timestamptz null, add column "send_attempts" smallint not null default 0;`);
    this.addSql(
      `create index "messages_unsent_index" on "messages" ("created_at") where "from_me" and "ack" = 0 and "provider_id" is null and not "is_deleted";`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "messages_unsent_index";`);
    this.addSql(`alter table "messages" drop column "send_id", drop column "send_started_at", drop column "send_attempts";`);
  }
}
