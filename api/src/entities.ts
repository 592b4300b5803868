import { TicketBot } from './automation/chatbot/ticket-bot.entity';
import { DistributionMark } from './automation/distribution/distribution-mark.entity';
import { PasswordReset } from './auth/password-reset/password-reset.entity';
import { RefreshToken } from './auth/session/refresh-token.entity';
import { User } from './auth/users/user.entity';
import { Company } from './tenant/companies/company.entity';
import { Plan } from './tenant/plans/plan.entity';
import { Setting } from './tenant/settings/setting.entity';
import { Queue } from './tenant/queues/queue.entity';
import { QueueOption } from './tenant/queue-options/queue-option.entity';
import { Help } from './tenant/helps/help.entity';
import { Announcement } from './tenant/announcements/announcement.entity';
import { Holiday } from './tenant/holidays/holiday.entity';
import { Invoice } from './tenant/invoices/invoice.entity';
import { PixCharge } from './tenant/subscription/pix-charge.entity';
import { Whatsapp } from './connection/whatsapps/whatsapp.entity';
import { WhatsappAuthKey } from './connection/providers/baileys/whatsapp-auth-key.entity';
import { Contact, ContactCustomField } from './ticket/contacts/contact.entity';
import { Ticket, TicketTag } from './ticket/tickets/ticket.entity';
import { Tag } from './ticket/tags/tag.entity';
import { Message } from './ticket/messages/message.entity';
import { TicketTracking } from './ticket/tickets/ticket-tracking.entity';
import { TicketNote } from './ticket/notes/ticket-note.entity';
import { QuickMessage } from './ticket/quick-messages/quick-message.entity';
import { Task } from './ticket/tasks/task.entity';
import { FileList, FileListOption } from './campaign/file-lists/file-list.entity';
import { Campaign } from './campaign/campaigns/campaign.entity';
import { CampaignShipping } from './campaign/campaigns/campaign-shipping.entity';
import { CampaignSettings } from './campaign/campaign-settings/campaign-settings.entity';
import { ContactList, ContactListItem } from './campaign/contact-lists/contact-list.entity';
import { Schedule } from './campaign/schedules/schedule.entity';
import { Prompt } from './automation/prompts/prompt.entity';
import { QueueIntegration, TypebotSession } from './automation/queue-integrations/queue-integration.entity';
import { Chat, ChatMessage, ChatUser } from './ticket/chats/chat.entity';
import { PushSubscription } from './auth/push/push-subscription.entity';
import { PushVapidKey } from './auth/push/vapid-key.entity';
import { AuditLog } from './audit/audit-log.entity';
import { EmbedKey } from './auth/embed/embed-key.entity';
import { MessageTemplate } from './connection/templates/message-template.entity';
import { CustomerWindow } from './ticket/official/customer-window.entity';
import { EmbedSession } from './auth/embed/embed-session.entity';
import { Media } from './common/infra/media.embeddable';

/** Every entity the ORM knows, listed explicitly so discovery works the same in ts, js and jest. */
export const ENTITIES = [
  Plan,
  Company,
  Setting,
  User,
  Queue,
  QueueOption,
  Help,
  Holiday,
  Invoice,
  PixCharge,
  RefreshToken,
  PasswordReset,
  Whatsapp,
  WhatsappAuthKey,
  Contact,
  ContactCustomField,
  Ticket,
  TicketTag,
  Tag,
  Message,
  TicketTracking,
  TicketNote,
  QuickMessage,
  FileList,
  FileListOption,
  CampaignSettings,
  Campaign,
  CampaignShipping,
  ContactList,
  ContactListItem,
  Schedule,
  TicketBot,
  DistributionMark,
  Prompt,
  QueueIntegration,
  TypebotSession,
  Chat,
  ChatUser,
  ChatMessage,
  PushVapidKey,
  PushSubscription,
  Announcement,
  Task,
  AuditLog,
  EmbedKey,
  MessageTemplate,
  CustomerWindow,
  EmbedSession,
  // Embeddables are discovered like entities (columns of the entities above, no table of their own).
  Media,
];
