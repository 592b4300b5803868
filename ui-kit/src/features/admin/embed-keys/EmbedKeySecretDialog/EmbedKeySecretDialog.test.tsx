import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../../test/a11y';
import { AtendeRoot } from '../../../../theme/AtendeRoot';
import { createdEmbedKey } from '../story-data';
import { EmbedKeySecretDialog } from './EmbedKeySecretDialog';

describe('EmbedKeySecretDialog', () => {
  it('shows the key id and the secret, each copyable, the warning and the signing snippet; axe-clean light and dark', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const onClose = vi.fn();
      const { unmount } = render(
        <AtendeRoot theme={theme}>
          <EmbedKeySecretDialog created={createdEmbedKey} onClose={onClose} />
        </AtendeRoot>,
      );
      const dialog = screen.getByRole('dialog', { name: 'Chave criada: Loja' });
      expect(within(dialog).getByRole('textbox', { name: 'Segredo' })).toHaveValue(createdEmbedKey.secret);
      expect(within(dialog).getByRole('textbox', { name: 'ID da chave' })).toHaveValue('ek_New4Key5Id6Xy7Z');
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Ele não será mostrado de novo.');
      expect(within(dialog).getByRole('button', { name: 'Copiar Segredo' })).toBeInTheDocument();
      const snippet = within(dialog).getByRole('figure', { name: 'Exemplo em Node.js' });
      expect(snippet).toHaveTextContent("keyid: 'ek_New4Key5Id6Xy7Z'");
      expect(snippet).toHaveTextContent("audience: 'atende-embed'");
      expect(snippet).toHaveTextContent("expiresIn: '5m'");
      expect(snippet).toHaveTextContent('jti: randomUUID()');
      expect(snippet).not.toHaveTextContent(createdEmbedKey.secret);
      expect(within(dialog).getByText(/docs\/partners\.md/)).toBeInTheDocument();
      await expectNoA11yViolations(dialog);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Copiei o segredo' }));
      expect(onClose).toHaveBeenCalled();
      unmount();
    }
  });

  it('says it in English and Spanish', () => {
    const en = render(
      <AtendeRoot locale="en">
        <EmbedKeySecretDialog created={createdEmbedKey} onClose={() => {}} />
      </AtendeRoot>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('It will not be shown again.');
    en.unmount();
    render(
      <AtendeRoot locale="es">
        <EmbedKeySecretDialog created={createdEmbedKey} onClose={() => {}} />
      </AtendeRoot>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('No se volverá a mostrar.');
  });
});
