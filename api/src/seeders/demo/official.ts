import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyId } from '../../common/tenancy/company-id';
import type { Queue } from '../../tenant/queues/queue.entity';
import { Whatsapp, type TemplatePurposes } from '../../connection/whatsapps/whatsapp.entity';
import { addTemplates } from '../../connection/templates/template-rows';
import { SANDBOX_TEMPLATES } from '../../connection/providers/sandbox/sandbox-templates';

/** The demo's official connection's name (a browser journey and the README name it). */
export const DEMO_OFFICIAL_CONNECTION = 'WhatsApp Sandbox (API oficial)';

/**
 * The template each automatic message of the demo's official connection goes as outside the customer's 24-hour
 * window, with the platform's placeholders in its variables (filled from the contact and the ticket when sent).
 */
export const DEMO_TEMPLATE_PURPOSES: TemplatePurposes = {
  greeting: { name: 'boas_vindas', language: 'pt_BR', params: ['{{firstName}}'] },
  farewell: { name: 'atendimento_encerrado', language: 'pt_BR', params: ['{{firstName}}', '{{protocol}}'] },
  rating: { name: 'pesquisa_satisfacao', language: 'pt_BR', params: ['{{firstName}}'] },
  outOfHours: { name: 'fora_do_horario', language: 'pt_BR', params: ['{{firstName}}'] },
  transfer: { name: 'retomar_conversa', language: 'pt_BR', params: ['{{firstName}}'] },
  inactive: { name: 'retomar_conversa', language: 'pt_BR', params: ['{{firstName}}'] },
  schedule: {
    name: 'lembrete_agendamento',
    language: 'pt_BR',
    params: ['{{firstName}}', 'temos um retorno sobre o seu atendimento, responda para continuar.'],
  },
  campaign: { name: 'promocao_mensal', language: 'pt_BR', params: ['{{firstName}}', 'frete grátis em todo o site'] },
};

/**
 * A connection on the sandbox network as Meta's official API (provider `sandbox_cloud`): it connects at start without
 * a QR code; its business account's templates are there as a sync leaves them (the sandbox's fixed set, every status),
 * and each automatic message has its template chosen. Customers write to it through the sandbox phone API like to
 * the other one; the window is aged with POST /sandbox/phones/{number}/window/expire.
 */
export async function seedOfficialConnection(tx: EntityManager, companyId: CompanyId, queues: Queue[]): Promise<Whatsapp> {
  const official = tx.create(Whatsapp, {
    companyId,
    name: DEMO_OFFICIAL_CONNECTION,
    provider: 'sandbox_cloud',
    status: 'OPENING',
    isDefault: false,
    greetingMessage: 'Olá! Escolha um setor: Suporte ou Vendas.',
    templatePurposes: DEMO_TEMPLATE_PURPOSES,
  });
  official.queues.set(queues);
  await tx.flush();
  addTemplates(tx, companyId, official.id, SANDBOX_TEMPLATES);
  await tx.flush();
  return official;
}
