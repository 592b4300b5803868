import type { CompanyId } from '../../src/common/tenancy/company-id';
import { MikroORM } from '@mikro-orm/postgresql';
import bcrypt from 'bcryptjs';
import { Profile, User } from '../../src/auth/users/user.entity';
import { Company } from '../../src/tenant/companies/company.entity';
import { Plan } from '../../src/tenant/plans/plan.entity';
import { Queue } from '../../src/tenant/queues/queue.entity';
import { QueueOption } from '../../src/tenant/queue-options/queue-option.entity';
import { Holiday } from '../../src/tenant/holidays/holiday.entity';
import type { TestApp } from '../harness';

export const PASSWORD = 'Secret123';
let seq = 0;
const next = () => `${process.pid}-${++seq}`;
const hash = bcrypt.hashSync(PASSWORD, 4);

export type PlanInput = Partial<Omit<Plan, 'id'>>;

/** Direct inserts for test set-up: fast, and independent of the routes under test. */
export async function createPlan(orm: MikroORM, input: PlanInput = {}): Promise<Plan> {
  const em = orm.em.fork();
  const plan = em.create(Plan, {
    name: `Plan ${next()}`,
    users: 10,
    connections: 5,
    queues: 10,
    value: '10.00',
    useCampaigns: true,
    useSchedules: true,
    useInternalChat: true,
    useExternalApi: true,
    useKanban: true,
    useOpenAi: true,
    useIntegrations: true,
    whiteLabel: true,
    ...input,
  });
  await em.flush();
  return plan;
}

export async function createCompany(orm: MikroORM, input: Partial<Omit<Company, 'id' | 'plan'>> & { plan?: Plan } = {}): Promise<Company> {
  const em = orm.em.fork();
  const plan = input.plan ?? (await createPlan(orm));
  const company = em.create(Company, {
    name: `Company ${next()}`,
    email: `company-${next()}@test.local`,
    dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    ...input,
    plan: em.getReference(Plan, plan.id),
  });
  await em.flush();
  return company;
}

export interface UserInput {
  companyId: CompanyId;
  profile?: Profile;
  super?: boolean;
  name?: string;
  email?: string;
  queueIds?: number[];
}

export async function createUser(orm: MikroORM, input: UserInput): Promise<User> {
  const em = orm.em.fork();
  const user = em.create(User, {
    companyId: input.companyId,
    name: input.name ?? `User ${next()}`,
    email: input.email ?? `user-${next()}@test.local`,
    passwordHash: hash,
    profile: input.profile ?? 'user',
    super: input.super ?? false,
  });
  if (input.queueIds?.length) user.queues.set(input.queueIds.map((id) => em.getReference(Queue, id)));
  await em.flush();
  return user;
}

export async function createQueue(orm: MikroORM, companyId: CompanyId, input: Partial<Omit<Queue, 'id' | 'users'>> = {}): Promise<Queue> {
  const em = orm.em.fork();
  const n = next();
  const queue = em.create(Queue, {
    companyId,
    name: `Queue ${n}`,
    color: `#${Math.floor(Math.random() * 0xffffff)
      .toString(16)
      .padStart(6, '0')}`,
    greetingMessage: 'Hello',
    ...input,
  });
  await em.flush();
  return queue;
}

export async function createQueueOption(
  orm: MikroORM,
  companyId: CompanyId,
  input: { queueId: number; option: number; parentId?: number | null; title?: string; message?: string | null },
): Promise<QueueOption> {
  const em = orm.em.fork();
  const { parentId, ...rest } = input;
  const parent = parentId ? em.getReference(QueueOption, parentId) : null;
  const row = em.create(QueueOption, { companyId, title: `Opção ${next()}`, message: null, ...rest, parent });
  await em.flush();
  return row;
}

export async function createHoliday(orm: MikroORM, companyId: CompanyId, input: Partial<Omit<Holiday, 'id' | 'companyId'>> = {}): Promise<Holiday> {
  const em = orm.em.fork();
  const row = em.create(Holiday, { companyId, name: `Feriado ${next()}`, body: 'Hoje não há atendimento.', dateHoliday: '2030-12-25', ...input });
  await em.flush();
  return row;
}

export async function login(t: TestApp, email: string, password = PASSWORD): Promise<{ token: string; cookie: string; body: any }> {
  const res = await t.http().post('/auth/login').send({ email, password });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('jrt='))!;
  return { token: res.body.token, cookie: cookie.split(';')[0], body: res.body };
}

/** A company with an admin and a plain user, logged in. */
export async function createTenant(t: TestApp, planInput: PlanInput = {}) {
  const plan = await createPlan(t.orm, planInput);
  const company = await createCompany(t.orm, { plan });
  const admin = await createUser(t.orm, { companyId: company.id, profile: 'admin' });
  const user = await createUser(t.orm, { companyId: company.id, profile: 'user' });
  const adminToken = (await login(t, admin.email)).token;
  const userToken = (await login(t, user.email)).token;
  return { plan, company, admin, user, adminToken, userToken, auth: (token: string) => ({ Authorization: `Bearer ${token}` }) };
}

/** A super user in a platform company of their own, logged in. */
export async function createSuperUser(t: TestApp) {
  const company = await createCompany(t.orm);
  const user = await createUser(t.orm, { companyId: company.id, profile: 'admin', super: true });
  const token = (await login(t, user.email)).token;
  return { company, user, token };
}
