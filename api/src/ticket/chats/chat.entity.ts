import type { CompanyId } from '../../common/tenancy/company-id';
import { randomUUID } from 'node:crypto';
import { Collection, Entity, Index, ManyToOne, OneToMany, Opt, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';
import { User } from '../../auth/users/user.entity';

/** An internal conversation between users of one company. Its members are its `users`; the creator owns it. */
@Entity({ tableName: 'chats' })
@TenantScoped()
@Index({ name: 'chats_company_id_updated_at_index', properties: ['companyId', 'updatedAt'] })
export class Chat {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** What the console's address (/chats/{uuid}) carries. */
  @Property({ type: 'uuid', unique: true })
  uuid: Opt<string> = randomUUID();

  @Property({ type: 'string', length: 255 })
  title!: string;

  /** The creator; only they edit or delete the chat. Null once their user is deleted (the chat then stays as it is). */
  @ManyToOne(() => User, { mapToPk: true, nullable: true, deleteRule: 'set null', fieldName: 'owner_id' })
  ownerId?: number | null;

  /** The newest message's text, for the list. */
  @Property({ type: 'text' })
  lastMessage: Opt<string> = '';

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @OneToMany(() => ChatUser, (u) => u.chat)
  users = new Collection<ChatUser>(this);

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  /** Bumped by every message: the list's order. */
  @Property({ type: 'datetime', onCreate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}

/** A member of a chat and how many of its messages they have not read. */
@Entity({ tableName: 'chat_users' })
@TenantScoped()
@Unique({ name: 'chat_users_chat_id_user_id_unique', properties: ['chat', 'userId'] })
@Index({ name: 'chat_users_user_id_index', properties: ['userId'] })
export class ChatUser {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Chat, { deleteRule: 'cascade', fieldName: 'chat_id' })
  chat!: Chat;

  @ManyToOne(() => User, { mapToPk: true, deleteRule: 'cascade', fieldName: 'user_id' })
  userId!: number;

  @Property({ type: 'integer' })
  unreads: Opt<number> = 0;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();
}

/** A message of a chat. Its sender is null once their user is deleted. */
@Entity({ tableName: 'chat_messages' })
@TenantScoped()
@Index({ name: 'chat_messages_chat_id_id_index', properties: ['chatId', 'id'] })
@Index({
  name: 'chat_messages_sender_id_index',
  expression: 'create index "chat_messages_sender_id_index" on "chat_messages" ("sender_id") where "sender_id" is not null',
})
export class ChatMessage {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Chat, { mapToPk: true, deleteRule: 'cascade', fieldName: 'chat_id' })
  chatId!: number;

  @ManyToOne(() => User, { mapToPk: true, nullable: true, deleteRule: 'set null', fieldName: 'sender_id' })
  senderId?: number | null;

  @Property({ type: 'text' })
  message!: string;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();
}
