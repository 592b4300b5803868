import type { CompanyId } from '../../common/tenancy/company-id';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, validationError } from '../../common/http/errors';
import { ConnectionError } from '../connection.errors';
import type { TemplatePurposesInputDto } from '../whatsapps/dto/template-purposes.dto';
import { TEMPLATE_PURPOSES, type TemplatePurposes, type Whatsapp } from '../whatsapps/whatsapp.entity';
import { MessageTemplate } from './message-template.entity';

/**
 * The connection's template purposes after an update: a purpose sent as null is cleared, one left out keeps its
 * template, one sent must name an APPROVED synced template of this very connection (ERR_TEMPLATE_NOT_FOUND: another
 * connection's or company's templates are not found) with one param per body variable. `input` null clears them all.
 */
export async function resolvePurposes(
  em: EntityManager,
  companyId: CompanyId,
  w: Whatsapp,
  input: TemplatePurposesInputDto | null,
): Promise<TemplatePurposes | null> {
  if (input === null) return null;
  const next: TemplatePurposes = { ...(w.templatePurposes ?? {}) };
  for (const purpose of TEMPLATE_PURPOSES) {
    const choice = input[purpose];
    if (choice === undefined) continue;
    if (choice === null) {
      delete next[purpose];
      continue;
    }
    const template = await em.findOne(MessageTemplate, {
      companyId,
      whatsappId: w.id,
      name: choice.name,
      language: choice.language,
      status: 'APPROVED',
    });
    if (!template) {
      throw new AppError(ConnectionError.ERR_TEMPLATE_NOT_FOUND, undefined, [
        { field: `templatePurposes.${purpose}`, messages: [`No approved template ${choice.name} (${choice.language}) on this connection`] },
      ]);
    }
    if (choice.params.length !== template.params) {
      throw validationError([
        {
          field: `templatePurposes.${purpose}.params`,
          messages: [`The template takes ${template.params} values (one per variable), got ${choice.params.length}`],
        },
      ]);
    }
    next[purpose] = { name: template.name, language: template.language, params: [...choice.params] };
  }
  return Object.keys(next).length ? next : null;
}
