import type { CompanyId } from '../../src/common/company-id';
import { ConnectionSessionsService } from '../../src/connection/sessions/connection-sessions.service';
import { Whatsapp } from '../../src/connection/whatsapps/whatsapp.entity';
import { SANDBOX_NETWORK } from '../../src/connection/sandbox-api/sandbox.service';
import { SandboxNetwork } from '../../src/connection/providers/sandbox/sandbox-network';
import { Queue } from '../../src/tenant/queues/queue.entity';
import type { TestApp } from '../harness';
import { sleep } from '../harness';

/** A sandbox connection of the company, linked to the given queues, started and CONNECTED. */
export async function createSandboxConnection(t: TestApp, companyId: CompanyId, queueIds: number[] = [], name = 'Sandbox'): Promise<Whatsapp> {
  const em = t.orm.em.fork();
  // The company's first connection is its default (one per company); names are unique in a company.
  const others = await em.find(Whatsapp, { companyId }, { filters: false });
  const taken = others.some((o) => o.name.toLowerCase() === name.toLowerCase());
  const w = em.create(Whatsapp, {
    companyId,
    name: taken ? `${name} ${others.length + 1}` : name,
    provider: 'sandbox',
    status: 'OPENING',
    isDefault: !others.some((o) => o.isDefault),
  });
  w.queues.set(queueIds.map((id) => em.getReference(Queue, id)));
  await em.flush();
  await t.app.get(ConnectionSessionsService).start(companyId, w.id);
  for (let i = 0; i < 100; i++) {
    const fresh = await t.orm.em.fork().findOneOrFail(Whatsapp, w.id, { filters: false });
    if (fresh.status === 'CONNECTED') return fresh;
    await sleep(20);
  }
  throw new Error('sandbox connection did not connect');
}

export const sandboxOf = (t: TestApp): SandboxNetwork => t.app.get(SANDBOX_NETWORK);
