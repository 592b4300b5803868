import { PasswordReset } from '../auth/password-reset.entity';
import { RefreshToken } from '../auth/refresh-token.entity';
import { User } from '../auth/user.entity';
import { Company } from '../tenant/company.entity';
import { Plan } from '../tenant/plan.entity';
import { Setting } from '../tenant/setting.entity';
import { Queue } from '../ticket/queue.entity';
import { Whatsapp } from '../connection/whatsapp.entity';
import { Contact, ContactCustomField } from '../ticket/contact.entity';
import { Ticket, TicketTag } from '../ticket/ticket.entity';
import { Tag } from '../ticket/tag.entity';
import { Message } from '../ticket/message.entity';
import { TicketTracking } from '../ticket/ticket-tracking.entity';
import { TicketNote } from '../ticket/ticket-note.entity';
import { QuickMessage } from '../ticket/quick-message.entity';

/** Every entity the ORM knows, listed explicitly so discovery works the same in ts, js and jest. */
export const ENTITIES = [
  Plan,
  Company,
  Setting,
  User,
  Queue,
  RefreshToken,
  PasswordReset,
  Whatsapp,
  Contact,
  ContactCustomField,
  Ticket,
  TicketTag,
  Tag,
  Message,
  TicketTracking,
  TicketNote,
  QuickMessage,
];
