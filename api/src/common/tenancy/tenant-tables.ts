/**
 * The tables whose rows belong to one company: every entity with a `companyId` and every unmapped table with a
 * `company_id` (counters, marks, daily tracking), but the platform's announcements
 * (their company names the writer; every company reads them) and the audit trail (platform rows have no company).
 * `tenant-scope.spec.ts` checks this list against the ORM's metadata, and every statement of every `*.queries.ts`
 * against it: each of these tables a statement names is scoped to the bound company (see `sql-scope.ts`).
 */
export const TENANT_TABLES: readonly string[] = [
  'campaign_settings',
  'campaign_shippings',
  'campaigns',
  'chat_messages',
  'chat_users',
  'chats',
  'contact_custom_fields',
  'contact_list_items',
  'contact_lists',
  'contacts',
  'distribution_marks',
  'embed_keys',
  'embed_sessions',
  'file_list_options',
  'file_lists',
  'holidays',
  'invoices',
  'message_templates',
  'messages',
  'password_resets',
  'pix_charges',
  'prompts',
  'push_subscriptions',
  'queue_integrations',
  'queue_options',
  'queues',
  'quick_messages',
  'refresh_tokens',
  'schedules',
  'settings',
  'tags',
  'tasks',
  'ticket_bots',
  'ticket_notes',
  'ticket_trackings',
  'tickets',
  'typebot_sessions',
  'users',
  'whatsapp_auth_keys',
  'whatsapps',
  // Tables the ORM does not map, kept by SQL and triggers (the spec finds them in the migrations).
  'customer_windows',
  'tag_counts',
  'ticket_counts',
  'ticket_marks',
  'ticket_tracking_days',
];

/** Entities with a company column that are not tenant tables, and why. */
export const COMPANY_COLUMN_NOT_TENANT: Record<string, string> = {
  Announcement: "the platform's system announcements: companyId names the writer, every company reads them",
  AuditLog: 'the audit trail holds platform rows (no company) too; its reads take the scope as an argument',
};
