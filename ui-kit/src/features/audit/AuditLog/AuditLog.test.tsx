import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditLogDto } from '../data/audit';
import { expectNoA11yViolations } from '../../../test/a11y';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn } from '../../../test/signed-in';
import { AuditLog } from './AuditLog';

const row = (over: Partial<AuditLogDto> = {}): AuditLogDto => ({
  id: '1',
  createdAt: '2027-01-02T10:00:00.000Z',
  companyId: 3,
  userId: 5,
  userName: 'Ana Admin',
  impersonatorId: null,
  impersonatorName: null,
  action: 'user.update',
  targetType: 'user',
  targetId: '7',
  changes: { name: 'Beto', password: '[redacted]' },
  method: 'PUT',
  path: '/users/7',
  ip: '10.0.0.1',
  userAgent: 'Firefox',
  ...over,
});

describe('AuditLog', () => {
  it('lists who did what to which record, names an impersonation, filters by action and user, is axe-clean', async () => {
    const rows = [row(), row({ id: '2', action: 'impersonation.end', userName: 'Beto', impersonatorId: 9, impersonatorName: 'Sara Super', changes: null })];
    const urls: string[] = [];
    const { container } = renderSignedIn(
      <AuditLog headingLevel={1} />,
      {
        'GET /audit-logs': (request) => {
          urls.push(decodeURIComponent(request.url));
          return json(200, { records: rows, count: 2, hasMore: false });
        },
        'GET /users/list': () => json(200, [{ id: 5, name: 'Ana Admin' }]),
      },
      { permissions: ['session:self', 'audit:read'] },
    );
    const table = await screen.findByRole('grid', { name: 'Registros de auditoria' });
    await within(table).findByText('Sara Super como Beto');
    expect(within(table).getByText('name: Beto · password: [redacted]')).toBeInTheDocument();
    expect(within(table).getAllByText('user #7')).toHaveLength(2);
    await expectNoA11yViolations(container);

    await userEvent.type(screen.getByRole('textbox', { name: 'Ação' }), 'user.');
    await waitFor(() => expect(urls.some((u) => u.includes('action=user.'))).toBe(true));
  });
});
