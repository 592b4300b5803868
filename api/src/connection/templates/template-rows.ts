import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyId } from '../../common/tenancy/company-id';
import type { ProviderTemplate } from '../providers/messaging-provider';
import { MessageTemplate } from './message-template.entity';

/**
 * Adds a connection's templates as its provider listed them, to the caller's unit of work (the sync, after deleting
 * the connection's rows; the demo seed stores the sandbox's the same way).
 */
export function addTemplates(em: EntityManager, companyId: CompanyId, whatsappId: number, listed: readonly ProviderTemplate[]): void {
  const syncedAt = new Date();
  for (const t of unique(listed)) em.create(MessageTemplate, { companyId, whatsappId, ...t, syncedAt });
}

/** What the provider listed, fitted to the columns: one row per name and language (the first), lengths bounded. */
function unique(listed: readonly ProviderTemplate[]): Omit<MessageTemplate, 'id' | 'companyId' | 'whatsappId' | 'syncedAt'>[] {
  const seen = new Set<string>();
  const out: Omit<MessageTemplate, 'id' | 'companyId' | 'whatsappId' | 'syncedAt'>[] = [];
  for (const t of listed) {
    const name = String(t.name ?? '').slice(0, 512);
    const language = String(t.language ?? '').slice(0, 16);
    const key = `${name}\u0000${language}`;
    if (!name || !language || seen.has(key)) continue;
    seen.add(key);
    out.push({
      name,
      language,
      status: String(t.status ?? 'PENDING')
        .toUpperCase()
        .slice(0, 20),
      category: String(t.category ?? '')
        .toUpperCase()
        .slice(0, 20),
      body: String(t.body ?? ''),
      header: t.header ?? null,
      footer: t.footer ?? null,
      params: Number.isInteger(t.params) && t.params >= 0 ? t.params : 0,
    });
  }
  return out;
}
