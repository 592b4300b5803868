import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { generateVAPIDKeys } from 'web-push';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { SecretBox } from '../../common/infra/secret-box';
import { PushVapidKey } from './vapid-key.entity';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The row of the platform's one pair. */
const ROW = 1;

/**
 * The VAPID key pair every push is signed with. VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY win when set; otherwise the pair
 * is made on first need and kept in `push_vapid_keys`. Two processes needing it at once both try to insert row 1
 * (the primary key is the lock: the loser's insert fails as a duplicate) and both read back the one that won, so a deployment
 * never has two pairs. Read once per process.
 */
@Injectable()
export class VapidKeysService {
  private readonly log = new Logger('Push');
  private loading?: Promise<VapidKeys>;

  constructor(
    private readonly em: EntityManager,
    private readonly box: SecretBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  keys(): Promise<VapidKeys> {
    this.loading ??= this.load().catch((e: unknown) => {
      this.loading = undefined;
      throw e;
    });
    return this.loading;
  }

  private async load(): Promise<VapidKeys> {
    const { vapidPublicKey, vapidPrivateKey, vapidSubject: subject } = this.config.push;
    if (vapidPublicKey && vapidPrivateKey) return { publicKey: vapidPublicKey, privateKey: vapidPrivateKey, subject };
    const em = this.em.fork();
    let row = await em.findOne(PushVapidKey, ROW);
    if (!row) {
      const made = generateVAPIDKeys();
      await em
        .insert(PushVapidKey, { id: ROW, publicKey: made.publicKey, privateKeySealed: this.box.seal(made.privateKey), createdAt: new Date() })
        .catch((e: unknown) => {
          if (!(e instanceof UniqueConstraintViolationException)) throw e;
        });
      row = await em.fork().findOneOrFail(PushVapidKey, ROW);
      if (row.publicKey === made.publicKey) this.log.log('made the VAPID key pair for web push');
    }
    let privateKey: string;
    try {
      privateKey = this.box.open(row.privateKeySealed);
    } catch {
      // Never replaced silently: a new pair would end every browser's subscription.
      throw new Error('the stored VAPID private key cannot be opened: SECRETS_KEY changed? Restore it, or set VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY');
    }
    return { publicKey: row.publicKey, privateKey, subject };
  }
}
