import { Entity, Opt, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * The platform's one VAPID key pair (row id 1), made on first need and kept: browsers' subscriptions are bound to
 * the public key, so a new pair would silently end every subscription. The private key is sealed with SecretBox.
 */
@Entity({ tableName: 'push_vapid_keys' })
export class PushVapidKey {
  @PrimaryKey({ type: 'integer', autoincrement: false })
  id!: number;

  @Property({ type: 'string', length: 100 })
  publicKey!: string;

  @Property({ type: 'text' })
  privateKeySealed!: string;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();
}
