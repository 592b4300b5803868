import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyId } from '../../../common/tenancy/company-id';
import type { SecretBox } from '../../../common/infra/secret-box';
import { forkForCompany } from '../../../common/tenancy/tenant-filter';
import { Whatsapp } from '../../whatsapps/whatsapp.entity';

/** An official connection's Graph API ids and its secrets, opened (they live only in memory, never in a log or an answer). */
export interface CloudCredentials {
  phoneNumberId: string;
  businessAccountId: string | null;
  accessToken: string;
  appSecret: string | null;
  verifyToken: string | null;
}

/**
 * Reads a connection's credentials in its company and opens the sealed token and app secret (SecretBox). Null when the
 * connection is gone, is not a `cloud` one, or lacks its phone number id or token (or they no longer open).
 */
export async function loadCloudCredentials(em: EntityManager, box: SecretBox, companyId: CompanyId, whatsappId: number): Promise<CloudCredentials | null> {
  const w = await forkForCompany(em, companyId).findOne(
    Whatsapp,
    { id: whatsappId, companyId },
    { populate: ['cloudAccessToken', 'cloudAppSecret'] as never[] },
  );
  if (!w || w.provider !== 'cloud' || !w.cloudPhoneNumberId || !w.cloudAccessToken) return null;
  try {
    return {
      phoneNumberId: w.cloudPhoneNumberId,
      businessAccountId: w.cloudBusinessAccountId ?? null,
      accessToken: box.open(w.cloudAccessToken),
      appSecret: w.cloudAppSecret ? box.open(w.cloudAppSecret) : null,
      verifyToken: w.cloudVerifyToken ?? null,
    };
  } catch {
    // Sealed with a key this server no longer has: as good as missing (the admin enters them again).
    return null;
  }
}
