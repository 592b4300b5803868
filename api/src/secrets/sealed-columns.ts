/**
 * Every column that holds values sealed with SECRETS_KEY (common/infra/secret-box.ts): what `npm run secrets:reseal`
 * moves onto a new key. sealed-columns.spec.ts fails when a service seals or opens a property of an entity that this
 * list lacks, or when an entity documents a sealed property that is not here.
 *
 * Each table's key is its integer `id` (the reseal walks the rows in id order, in batches).
 */
export interface SealedTable {
  table: string;
  /** Text columns, null or a sealed value (`v1:<iv>:<tag>:<ciphertext>`). */
  columns: readonly string[];
}

export const SEALED_COLUMNS: readonly SealedTable[] = [
  // AI prompts: the OpenAI-compatible service's key and the text-to-speech key.
  { table: 'prompts', columns: ['api_key', 'voice_key'] },
  // Queue integrations: Dialogflow's service-account JSON, the n8n and webhook signing secret.
  { table: 'queue_integrations', columns: ['json_content', 'secret'] },
  // Partners' embed signing keys (HS256 needs the secret back).
  { table: 'embed_keys', columns: ['secret'] },
  // Official WhatsApp API connections: the Graph API access token and the Meta app's secret (signs the webhook).
  { table: 'whatsapps', columns: ['cloud_access_token', 'cloud_app_secret'] },
  // The platform's VAPID private key (web push), when VAPID_PRIVATE_KEY is not given.
  { table: 'push_vapid_keys', columns: ['private_key_sealed'] },
];
