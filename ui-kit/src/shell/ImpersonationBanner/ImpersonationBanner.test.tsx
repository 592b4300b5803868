import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoA11yViolations } from '../../test/a11y';
import { describe, expect, it } from 'vitest';
import { json, sessionUser } from '../../test/provider-fakes';
import { renderSignedIn } from '../../test/signed-in';
import { AtendeShell } from '../AtendeShell';

const SUPER = { id: 9, name: 'Sara Super', email: 'sara@platform.test' };

describe('ImpersonationBanner', () => {
  it('names whose session this is and who acts, and goes back to the super user without a new login', async () => {
    const own = sessionUser({ id: SUPER.id, name: SUPER.name, email: SUPER.email, super: true });
    let ended = 0;
    const { api, container, storage } = renderSignedIn(
      <AtendeShell currentPath="/tickets" width={1300} onImpersonationEnded={() => (ended += 1)} />,
      { 'DELETE /auth/impersonate': () => json(200, { token: 'token-super', user: own }) },
      { name: 'Ana Atendente', impersonatorId: SUPER.id, impersonator: SUPER },
    );
    const region = await screen.findByRole('region', { name: 'Acesso como outro usuário' });
    expect(region).toHaveTextContent(/Você está acessando como Ana Atendente \(.+\) — Sara Super/);
    await expectNoA11yViolations(container);

    // Keyboard: the way back is a button reached by Tab.
    const back = screen.getByRole('button', { name: 'Voltar para minha conta' });
    back.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Acesso como outro usuário' })).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'DELETE' && c.path === '/auth/impersonate')).toHaveLength(1);
    expect(ended).toBe(1);
    expect(JSON.parse(storage.getItem('token')!)).toBe('token-super');
  });

  it("is not shown in a session of the user's own", async () => {
    renderSignedIn(<AtendeShell currentPath="/tickets" width={1300} />, {}, { name: 'Ana Atendente' });
    await screen.findByRole('link', { name: 'Contatos' });
    expect(screen.queryByRole('region', { name: 'Acesso como outro usuário' })).not.toBeInTheDocument();
  });
});
