import { useState } from 'react';
import { useCreateEmbedKey, useEmbedKeys, useRevokeEmbedKey, useUpdateEmbedKey } from '../data/embed-keys';
import { useT } from '../../../../i18n';
import { EmptyState } from '../../../../primitives/EmptyState/EmptyState';
import { useCrudPage } from '../../../../primitives/ListPage/useCrudPage';
import { useToast } from '../../../../primitives/Toast/Toast';
import { useSession } from '../../../../provider/context';
import { embedKeysTexts } from '../embed-keys.texts';
import { EmbedKeyModal } from '../EmbedKeyModal/EmbedKeyModal';
import { EmbedKeySecretDialog } from '../EmbedKeySecretDialog/EmbedKeySecretDialog';
import { EmbedKeysView } from '../EmbedKeysView/EmbedKeysView';
import { canManageEmbedKeys, embedKeyBody, type EmbedKey, type EmbedKeyBody, type EmbedKeyCreated } from '../embed-key-rules';

export interface EmbedKeysProps {
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
}

/**
 * The embed keys page, connected: GET /embed-keys; add (POST, then the secret shown once) and edit (PUT) in the
 * dialog; revoke (DELETE) after the confirmation, the row turning 'Revogada' from the answer. Needs
 * embed-keys:manage (company admins): without it, it says so and calls nothing.
 */
export function EmbedKeys({ headingLevel }: EmbedKeysProps) {
  const t = useT(embedKeysTexts);
  const { user } = useSession();
  const toast = useToast();
  const allowed = canManageEmbedKeys(user ?? undefined);
  const list = useEmbedKeys({ enabled: allowed });
  const create = useCreateEmbedKey();
  const update = useUpdateEmbedKey();
  const revoke = useRevokeEmbedKey();
  // The secret lives here only while its dialog shows: never in the query cache.
  const [created, setCreated] = useState<EmbedKeyCreated | null>(null);
  const crud = useCrudPage<EmbedKey, EmbedKeyBody, EmbedKey>({
    create: async (body) => {
      const key = await create.mutateAsync(body);
      setCreated(key);
      return key;
    },
    update: (key, body) => update.mutateAsync({ id: key.id, body }),
    remove: (key) => revoke.mutateAsync(key.id),
    // A create is said by the secret's dialog; an edit by the saved toast (below).
    texts: { deleted: t('embedKeys.revoked') },
  });
  const editor = crud.modal;

  if (!allowed)
    return <EmptyState icon="info" title={t('embedKeys.title')} description={t('embedKeys.noPermission')} headingLevel={headingLevel === 1 ? 2 : 3} />;

  return (
    <>
      <EmbedKeysView
        keys={list.data}
        isLoading={list.isPending}
        isError={list.isError}
        onReload={() => void list.refetch()}
        onAdd={() => crud.openNew()}
        onEdit={crud.openEdit}
        onRevoke={crud.destroy}
        headingLevel={headingLevel}
      />
      <EmbedKeyModal
        key={`embed-key-${editor.key}`}
        isOpen={editor.isOpen}
        onOpenChange={editor.onOpenChange}
        embedKey={editor.editing}
        onSave={(values) => crud.save(embedKeyBody(values), async () => void (editor.editing && toast.success(t('embedKeys.saved'))))}
      />
      <EmbedKeySecretDialog created={created} onClose={() => setCreated(null)} />
    </>
  );
}
