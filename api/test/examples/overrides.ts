import { createECDH } from 'node:crypto';
import { DEMO_PASSWORD } from '../../src/seeders/demo.seeder';
import type { CallOverride } from './calls';

const PROMPT =
  'Você é o assistente de vendas da Empresa Demo. Responda em português, com cordialidade e objetividade, e ' +
  'encaminhe para um atendente quando o cliente pedir.';
const WEBHOOK = { type: 'webhook', name: 'Webhook do CRM', urlN8N: 'https://partner.example.com/atende/hook' };
/** A customer of the demo seed, on its sandbox phone network. */
const CUSTOMER = '5511933330001';
const sandboxPhone = { params: () => ({ number: CUSTOMER }), as: 'super' as const };
/** The demo's second connection, the sandbox as the official API (`GET /whatsapp` lists it second, by name). */
const official = (ids: Parameters<NonNullable<CallOverride['params']>>[0]) => ids.nth('whatsapp', 1);

/**
 * Calls the schema alone cannot shape: a name that must be new, a field that must name something real (the
 * recorder's own records, so that seeded ones stay for the other calls), a session of another kind.
 */
export const OVERRIDES: Record<string, CallOverride> = {
  login: { patch: () => ({ email: 'ana@demo.atende.local', password: DEMO_PASSWORD }), as: 'none' },
  createQueue: { patch: () => ({ name: 'Financeiro', color: '#16a34a', greetingMessage: 'Olá! Você está falando com o Financeiro.' }) },
  createPlan: { patch: () => ({ name: 'Empresarial' }) },
  createCompany: { patch: () => ({ name: 'Loja Exemplo', email: 'contato@lojaexemplo.com.br' }) },
  createPrompt: { patch: () => ({ prompt: PROMPT, apiKey: 'sk-exemplo' }) },
  updatePrompt: { patch: () => ({ prompt: PROMPT }) },
  createQueueIntegration: { patch: () => WEBHOOK },
  updateQueueIntegration: { patch: () => WEBHOOK },
  createChat: { patch: (ids) => ({ users: [ids.nth('users', 1)] }) },
  subscribePush: {
    patch: () => ({
      browserId: 'b7d3c2a0-chrome',
      pushSubscription: {
        endpoint: 'https://fcm.googleapis.com/fcm/send/exemplo',
        keys: { p256dh: createECDH('prime256v1').generateKeys('base64url'), auth: 'tBHItJI5svbpez7KI4CCXg' },
      },
    }),
  },
  createTicketNote: { patch: (ids) => ({ ticketId: ids.record('tickets')?.id, contactId: ids.record('tickets')?.contactId }) },
  createTicket: { patch: (ids) => ({ contactId: ids.own('contacts') }) },
  findOrCreateContact: { patch: () => ({ number: '5511977776666', name: 'Paula Souza' }), register: 'contacts-extra' },
  // The recorder's own contact goes last (its ticket is deleted before); the single delete takes the other one.
  bulkContacts: { patch: (ids) => ({ ids: [ids.own('contacts')] }) },
  deleteContact: { params: (ids) => ({ id: ids.own('contacts-extra') }) },
  bulkUsers: { patch: (ids) => ({ ids: [ids.own('users')], action: 'addQueues', queueIds: [ids.own('queue')] }) },
  bulkCompanies: { patch: (ids) => ({ ids: [ids.own('companies')], action: 'extendDueDate' }) },
  bulkTickets: { patch: (ids) => ({ ids: [ids.own('tickets')], action: 'close' }) },
  bulkCampaigns: { patch: (ids) => ({ ids: [ids.own('campaigns')] }) },
  bulkContactListItems: { skip: true },
  searchMessages: { query: () => ({ q: 'desconto' }) },
  getPublicSetting: { params: (ids) => ({ companyId: ids.record('tickets')?.companyId as number, key: 'primaryColorLight' }) },
  getSetting: { params: () => ({ key: 'userRating' }) },
  updateSetting: { params: () => ({ key: 'userRating' }), patch: () => ({ value: 'enabled' }) },
  getTicketByUuid: { params: (ids) => ({ uuid: ids.record('tickets')?.uuid as string }) },
  sendMessage: { params: (ids) => ({ id: ids.own('tickets') }), file: false, fields: { body: 'Olá! Seu pedido já foi enviado.' }, register: 'messages-own' },
  editMessage: { phase: 5, params: (ids) => ({ messageId: ids.own('messages-own') }), patch: () => ({ body: 'Olá! Seu pedido já foi enviado hoje.' }) },
  deleteMessage: { params: (ids) => ({ id: ids.own('messages-own') }) },
  impersonate: { params: (ids) => ({ targetId: ids.nth('users', 1), currentUserId: 1 }), as: 'super' },
  requestPasswordReset: { params: () => ({ email: 'contato@empresademo.com.br' }), as: 'none' },
  uploadContactList: { file: { name: 'contatos.csv', content: 'Nome,Numero,Email\nJoão Pereira,5511977770000,joao@exemplo.com.br\n' } },
  getSandboxPhoneCalls: sandboxPhone,
  getSandboxInbox: sandboxPhone,
  getSandboxPhonePresence: sandboxPhone,
  callFromSandboxPhone: sandboxPhone,
  linkSandboxPhone: { skip: true },
  sendFromSandboxPhone: { ...sandboxPhone, patch: () => ({ body: 'Bom dia! Vocês entregam no sábado?' }) },
  playSandboxMessage: { skip: true },
  sendSandboxPhonePresence: sandboxPhone,
  readSandboxInbox: sandboxPhone,
  expireSandboxPhoneWindow: { ...sandboxPhone, patch: (ids) => ({ whatsappId: official(ids), hours: 24 }) },
  listMessageTemplates: { params: (ids) => ({ whatsappId: official(ids) }), query: () => ({ status: 'APPROVED' }) },
  syncMessageTemplates: { params: (ids) => ({ whatsappId: official(ids) }) },
  // Recorded by hand (hand-written.ts): a payment gateway, a partner-signed token, the session's own cookie or end.
  checkout: { skip: true },
  payInSandbox: { skip: true },
  efiWebhook: { skip: true },
  efiWebhookTest: { skip: true },
  createEmbedSession: { skip: true },
  refreshToken: { skip: true },
  endImpersonation: { skip: true },
  resetPassword: { skip: true },
  sendApiMessage: { skip: true },
  testQueueIntegrationSession: { skip: true },
  cancelCampaign: { skip: true },
  restartCampaign: { skip: true },
  setCompanyDueDate: { skip: true },
  uploadFileListFiles: { skip: true },
  getInvoice: { skip: true },
};
