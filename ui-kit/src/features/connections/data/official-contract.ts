// The official WhatsApp API's shapes (issue 35) as the API answers and takes them, written here until the contract is
// regenerated (npm run openapi): then each is its generated schema (WhatsappDto's new fields, MessageTemplateDto,
// TemplatePurposesDto, the create and update bodies' cloud fields) and this file can go.

/** `qrcode`: a linked device (baileys, sandbox); `official`: the official API (cloud, sandbox_cloud). */
export type ConnectionType = 'qrcode' | 'official';

/** One approved template chosen for an automatic message, with its body variables' values in order. */
export interface TemplateChoice {
  name: string;
  language: string;
  params: string[];
}

/** The automatic messages that use a template outside the customer's 24-hour window. */
export const TEMPLATE_PURPOSES = ['greeting', 'farewell', 'rating', 'outOfHours', 'transfer', 'inactive', 'schedule', 'campaign'] as const;
export type TemplatePurpose = (typeof TEMPLATE_PURPOSES)[number];
export type TemplatePurposes = Partial<Record<TemplatePurpose, TemplateChoice>>;

/** What GET /whatsapp answers besides the fields the generated WhatsappDto has. */
export interface OfficialConnectionFields {
  type: ConnectionType;
  /** GREEN, YELLOW, RED, UNKNOWN; null when unknown or not official. */
  qualityRating: string | null;
  /** TIER_250, TIER_1K, TIER_10K, TIER_100K, TIER_UNLIMITED. */
  messagingLimit: string | null;
  cloudPhoneNumberId: string | null;
  cloudBusinessAccountId: string | null;
  hasCloudAccessToken: boolean;
  hasCloudAppSecret: boolean;
  /** Managers only (null otherwise): what to paste in the Meta app. */
  webhookUrl: string | null;
  verifyToken: string | null;
  templatePurposes: TemplatePurposes | null;
}

/** What POST and PUT /whatsapp take besides the generated bodies' fields (secrets: blank on update keeps the stored one). */
export interface OfficialConnectionBody {
  cloudPhoneNumberId?: string | null;
  cloudBusinessAccountId?: string | null;
  cloudAccessToken?: string | null;
  cloudAppSecret?: string | null;
  /** Absent purposes unchanged; null clears one. */
  templatePurposes?: Partial<Record<TemplatePurpose, TemplateChoice | null>> | null;
}

/** GET /whatsapp/{whatsappId}/templates: a synced message template. */
export interface MessageTemplate {
  id: number;
  whatsappId: number;
  name: string;
  language: string;
  /** APPROVED, PENDING, REJECTED, PAUSED, DISABLED: only APPROVED ones can be sent or chosen. */
  status: string;
  category: string;
  /** With its variables as {{1}}, {{2}}, ... */
  body: string;
  header: string | null;
  footer: string | null;
  params: number;
  syncedAt: string;
}
