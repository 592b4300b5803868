import { EntityManager } from '@mikro-orm/postgresql';
import { asCompanyId } from '../../common/tenancy/company-id';
import { AppError } from '../../common/http/errors';
import type { RequestContext } from '../../common/access/request-context';
import { RealtimeService } from '../../realtime/realtime.service';
import type { PushService } from '../../auth/push/push.service';
import { ChatsService } from './chats.service';

/** The checks that answer before any query (the routes' behaviour with a database is in test/chats.e2e-spec.ts). */
describe('ChatsService', () => {
  const findOne = jest.fn();
  const find = jest.fn();
  const service = new ChatsService({ findOne, find } as unknown as EntityManager, {} as RealtimeService, {} as PushService);
  const ctx = { userId: 5, companyId: asCompanyId(3) } as RequestContext;
  /** The error a call fails with. */
  const failure = async (call: Promise<unknown>): Promise<AppError> => {
    try {
      await call;
    } catch (err) {
      return err as AppError;
    }
    throw new Error('the call succeeded');
  };
  beforeEach(() => jest.clearAllMocks());

  it('reads a chat by id or uuid, and refuses anything else with a 400 naming id', async () => {
    expect((await failure(service.get(ctx, 'not-a-chat'))).getStatus()).toBe(400);
    expect((await failure(service.get(ctx, '99999999999'))).getStatus()).toBe(400);
    expect(findOne).not.toHaveBeenCalled();
    findOne.mockResolvedValue(null);
    expect((await failure(service.get(ctx, '0F0A6B2C-1D2E-4F3A-8B9C-0D1E2F3A4B5C'))).getStatus()).toBe(404);
    expect(findOne).toHaveBeenCalledWith(expect.anything(), { uuid: '0f0a6b2c-1d2e-4f3a-8b9c-0d1e2f3a4b5c', companyId: 3, users: { userId: 5 } });
  });

  it("asks for the members among the caller's company only, and wants at least one besides the caller", async () => {
    expect((await failure(service.create(ctx, { title: 'x', users: [5] }))).getStatus()).toBe(400);
    find.mockResolvedValue([{ id: 6 }]);
    await expect(service.create(ctx, { title: 'x', users: [6, 7] })).rejects.toMatchObject({
      response: expect.objectContaining({ fields: [{ field: 'users', messages: ['Not users of this company: 7'] }] }),
    });
    expect(find).toHaveBeenCalledWith(expect.anything(), { id: { $in: [6, 7] }, companyId: 3 }, { fields: ['id'] });
  });
});
