import type { CompanyId } from '../common/tenancy/company-id';
import { MikroORM } from '@mikro-orm/postgresql';
import bcrypt from 'bcryptjs';
import { User } from '../auth/users/user.entity';
import { Company } from '../tenant/companies/company.entity';
import { Plan } from '../tenant/plans/plan.entity';
import { Setting } from '../tenant/settings/setting.entity';
import { Queue } from '../tenant/queues/queue.entity';
import { Whatsapp } from '../connection/whatsapps/whatsapp.entity';
import { ormOptions } from '../database/mikro-orm.config';
import { ENTITIES } from '../entities';
import { LocalMediaStore } from '../common/infra/media-store/local-media-store';
import type { MediaStore } from '../common/infra/media-store/media-store';
import { createMediaStore } from '../common/infra/media-store/create-media-store';
import type { AppConfig } from '../config/app-config';
import { seedDemoDay, type DemoFile } from './demo/conversations';
import { seedOfficialConnection } from './demo/official';

export const DEMO_PASSWORD = 'Atende@2026';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
}

const addDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Seeds the demo once, on an empty database: the platform company with its super user, a demo company
 * on a plan with every flag on, its admin, two attendants, two queues, a second connection as the official API (on the
 * sandbox network: demo/official.ts), and a day of its work (demo/conversations.ts:
 * conversations in every state, tags, quick replies, a schedule; their media written to the media store: a MediaStore,
 * or a MEDIA_DIR folder). Never runs
 * in production (config.seedDemo is forced off there). Answers the logins, or null when the database already had data.
 */
export async function seedDemo(databaseUrl: string, media: MediaStore | string): Promise<DemoLogin[] | null> {
  const store = typeof media === 'string' ? new LocalMediaStore(media) : media;
  const orm = await MikroORM.init(ormOptions(databaseUrl, ENTITIES));
  try {
    const em = orm.em.fork();
    if ((await em.count(Company, {})) > 0) return null;
    const hash = await bcrypt.hash(DEMO_PASSWORD, 10);
    const logins: DemoLogin[] = [];
    let files: DemoFile[] = [];
    await em.transactional(async (tx) => {
      const plan = tx.create(Plan, {
        name: 'Completo',
        users: 10,
        connections: 5,
        queues: 10,
        value: '199.90',
        useCampaigns: true,
        useSchedules: true,
        useInternalChat: true,
        useExternalApi: true,
        useKanban: true,
        useOpenAi: true,
        useIntegrations: true,
        whiteLabel: true,
      });
      tx.create(Plan, { name: 'Básico', users: 3, connections: 1, queues: 2, value: '49.90' });
      const platform = tx.create(Company, { name: 'Atende', email: 'super@atende.local', plan, dueDate: addDays(365), recurrence: 'ANUAL' });
      const demo = tx.create(Company, {
        name: 'Empresa Demo',
        email: 'admin@demo.atende.local',
        phone: '5511999990000',
        plan,
        dueDate: addDays(30),
        recurrence: 'MENSAL',
        campaignsEnabled: true,
      });
      await tx.flush();
      tx.create(Setting, { companyId: demo.id, key: 'campaignsEnabled', value: 'true' });
      const suporte = tx.create(Queue, {
        companyId: demo.id,
        name: 'Suporte',
        color: '#7C4DFF',
        orderQueue: 1,
        greetingMessage: 'Olá! Você está no Suporte. Em que podemos ajudar?',
      });
      const vendas = tx.create(Queue, {
        companyId: demo.id,
        name: 'Vendas',
        color: '#00A86B',
        orderQueue: 2,
        greetingMessage: 'Olá! Você está em Vendas. Qual produto lhe interessa?',
      });
      const user = (companyId: CompanyId, name: string, email: string, profile: User['profile'], isSuper = false) => {
        logins.push({
          role: isSuper ? 'super user' : profile === 'admin' ? 'admin (Empresa Demo)' : 'attendant (Empresa Demo)',
          email,
          password: DEMO_PASSWORD,
        });
        return tx.create(User, { companyId, name, email, passwordHash: hash, profile, super: isSuper });
      };
      user(platform.id, 'Super', 'super@atende.local', 'admin', true);
      const admin = user(demo.id, 'Admin Demo', 'admin@demo.atende.local', 'admin');
      const ana = user(demo.id, 'Ana Atendente', 'ana@demo.atende.local', 'user');
      const bruno = user(demo.id, 'Bruno Atendente', 'bruno@demo.atende.local', 'user');
      // A connection on the sandbox phone network, connected at start: the demo's customers write to it through
      // the sandbox API (POST /sandbox/phones/{number}/messages, as the super user).
      const sandbox = tx.create(Whatsapp, {
        companyId: demo.id,
        name: 'WhatsApp Sandbox',
        provider: 'sandbox',
        status: 'OPENING',
        isDefault: true,
        greetingMessage: 'Olá! Escolha um setor: Suporte ou Vendas.',
      });
      sandbox.queues.set([suporte, vendas]);
      admin.queues.set([suporte, vendas]);
      ana.queues.set([suporte]);
      bruno.queues.set([vendas]);
      await tx.flush();
      await seedOfficialConnection(tx, demo.id, [suporte, vendas]);
      files = await seedDemoDay(tx, { companyId: demo.id, sandbox, suporte, vendas, admin, ana, bruno });
    });
    // Written once the rows are committed (a failed seed leaves no files behind and seeds again at the next start).
    for (const file of files) await store.write(file.key, file.data);
    return logins;
  } finally {
    await orm.close();
  }
}

/** The demo with its files in the store the configuration names (MEDIA_DIR, or a bucket). */
export async function seedDemoMedia(databaseUrl: string, config: Pick<AppConfig, 'mediaDir' | 'mediaStorage'>): Promise<DemoLogin[] | null> {
  const store = createMediaStore(config);
  try {
    return await seedDemo(databaseUrl, store);
  } finally {
    await store.close();
  }
}
