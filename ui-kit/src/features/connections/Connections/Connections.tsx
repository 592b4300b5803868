import { useEffect, useRef, useState } from 'react';
import {
  useCreateWhatsapp,
  useDeleteWhatsapp,
  useDisconnectWhatsappSession,
  useRenewWhatsappSession,
  useRevokeWhatsappToken,
  useRotateWhatsappToken,
  useStartWhatsappSession,
  useUpdateWhatsapp,
  useWhatsapps,
} from '../data/whatsapps';
import { useMessageTemplates, useSyncMessageTemplates } from '../data/message-templates';
import { isOfficial } from '../official-rules';
import { useQueues } from '../../admin/queues/data/queues';
import { usePromptOptions } from '../../prompts/data/prompts';
import { useQueueIntegrationOptions } from '../../queue-integrations/data/queue-integrations';
import { serverFieldErrors } from '../../../forms/server-errors';
import { useT } from '../../../i18n';
import { connectionsTexts } from '../connections.texts';
import { useCrudPage } from '../../../primitives/ListPage/useCrudPage';
import { useToast } from '../../../primitives/Toast/Toast';
import { useSession } from '../../../provider/context';
import { ConnectionModal } from '../ConnectionModal/ConnectionModal';
import { ConnectionsView } from '../ConnectionsView/ConnectionsView';
import { QrCodeDialog } from '../QrCodeDialog/QrCodeDialog';
import { TokenDialog } from '../TokenDialog/TokenDialog';
import { connectionBody, connectionPermissions, type Connection, type ConnectionFormValues } from '../connection-rules';

export interface ConnectionsProps {
  /** The messages API page (how to send with a connection's token): the token dialog links there. Left out: no link. */
  onOpenMessagesApi?: () => void;
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
}

/** Errors the connection modal shows on its fields (a taken name, the default switch): not toasted as well. */
const FORM_CODES = new Set(['ERR_WAPP_NAME_ALREADY_EXISTS', 'ERR_NO_OTHER_WHATSAPP']);
const shownByForm = (err: unknown) => serverFieldErrors(err).length > 0 || FORM_CODES.has(String((err as { code?: unknown } | null)?.code));

/**
 * A token just made: shown once; after a create, the QR code dialog of the new connection follows; an official one has
 * none, and one on Meta's API (cloud) opens again in the modal, on the webhook to paste in the Meta app.
 */
type NewToken = { token: string; name: string; thenShowQrOf: number | null; thenEditOf?: number };

/**
 * The connections page (spec administration §2, §4-§9), connected: GET /whatsapp, live through the `whatsapp` and
 * `whatsappSession` events (no refetch); add and edit in the modal (POST, PUT /whatsapp), delete confirmed; the
 * session buttons (POST, PUT and DELETE /whatsappsession/{id}); the QR code dialog, fed by the live connection and
 * closed with a toast once it is connected; the API token (shown once after a create or a new one). After a create
 * comes the token, then the QR code dialog of the new connection (an official one has none; one on Meta's API opens
 * again in the modal, showing its webhook to paste in the Meta app and its templates).
 */
export function Connections({ onOpenMessagesApi, headingLevel }: ConnectionsProps) {
  const t = useT(connectionsTexts);
  const toast = useToast();
  const { user } = useSession();
  const permissions = connectionPermissions(user ?? undefined);

  const list = useWhatsapps();
  const connections = list.data;
  const byId = (id: number) => connections?.find((c) => c.id === id);

  const [newToken, setNewToken] = useState<NewToken | null>(null);
  const create = useCreateWhatsapp();
  const update = useUpdateWhatsapp();
  const remove = useDeleteWhatsapp();
  const crud = useCrudPage({
    create: async (values: ConnectionFormValues): Promise<Connection> => {
      const created = await create.mutateAsync(connectionBody(values, 'create'));
      // No QR code on the official API; Meta's (cloud) opens again on its webhook, to paste in the Meta app.
      const official = isOfficial(created);
      const cloud = created.provider === 'cloud';
      setNewToken({ token: created.token, name: created.name, thenShowQrOf: official ? null : created.id, thenEditOf: cloud ? created.id : undefined });
      return created;
    },
    update: (connection: Connection, values) => update.mutateAsync({ id: connection.id, body: connectionBody(values, 'update') }),
    remove: (connection) => remove.mutateAsync({ id: connection.id, isDefault: connection.isDefault }),
    texts: { saved: t('connections.saved'), deleted: t('connections.deleted') },
    shownByForm,
  });
  const editor = crud.modal;
  const queues = useQueues({ enabled: editor.isOpen });
  // The prompt select: only where the plan has AI prompts and the user may manage them (GET /prompt needs both).
  const promptsAllowed = Boolean(user?.features.useOpenAi && user.permissions.includes('automation:manage'));
  const prompts = usePromptOptions({ enabled: editor.isOpen && promptsAllowed });
  // The integration select: only where the plan has integrations and the user may manage them (GET /queueIntegration needs both).
  const integrationsAllowed = Boolean(user?.features.useIntegrations && user.permissions.includes('automation:manage'));
  const integrations = useQueueIntegrationOptions({ enabled: editor.isOpen && integrationsAllowed });
  /** The QR code dialog's connection; `starting` while the command that opened it (a new QR code) is on its way. */
  const [qr, setQr] = useState<{ id: number; key: number; starting: boolean } | null>(null);
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const [connectedNotice, setConnectedNotice] = useState<{ name: string; count: number } | null>(null);

  // An official connection being edited: its synced templates, for the template of each automatic message.
  const officialEdited = editor.isOpen && editor.editing && isOfficial(editor.editing) ? editor.editing : null;
  const templates = useMessageTemplates(officialEdited?.id ?? 0, {}, { enabled: officialEdited !== null });
  const syncTemplates = useSyncMessageTemplates();

  const rotate = useRotateWhatsappToken();
  const revoke = useRevokeWhatsappToken();
  const start = useStartWhatsappSession();
  const renew = useRenewWhatsappSession();
  const disconnect = useDisconnectWhatsappSession();

  const showQr = (id: number, starting = false) => setQr((current) => ({ id, key: (current?.key ?? 0) + 1, starting }));

  // The QR code dialog closes by itself once the connection is connected (its QR code gone), or gone; not on the
  // status from before a command that is still on its way. Adjusted while rendering, from what the live list says;
  // the toast follows in an effect.
  const qrConnection = qr ? byId(qr.id) : undefined;
  if (qr && connections && (!qrConnection || (qrConnection.status === 'CONNECTED' && !qr.starting))) {
    setQr(null);
    if (qrConnection) setConnectedNotice((notice) => ({ name: qrConnection.name, count: (notice?.count ?? 0) + 1 }));
  }
  const announced = useRef(0);
  useEffect(() => {
    if (!connectedNotice || connectedNotice.count === announced.current) return;
    announced.current = connectedNotice.count;
    toast.success(t('connections.connected', { name: connectedNotice.name }));
  }, [connectedNotice, toast, t]);

  /** A session command on one row: its buttons show it running; a failure is toasted. */
  const command = async (connection: Connection, run: () => Promise<unknown>) => {
    setPending((ids) => new Set(ids).add(connection.id));
    try {
      await run();
    } catch (err) {
      toast.toastError(err);
    } finally {
      setPending((ids) => {
        const next = new Set(ids);
        next.delete(connection.id);
        return next;
      });
    }
  };

  const rotateToken = async () => {
    const connection = editor.editing;
    if (!connection) return;
    try {
      const { token } = await rotate.mutateAsync(connection.id);
      setNewToken({ token, name: connection.name, thenShowQrOf: null });
    } catch (err) {
      toast.toastError(err);
    }
  };

  const revokeToken = async () => {
    if (!editor.editing) return;
    try {
      await revoke.mutateAsync(editor.editing.id);
      toast.success(t('connections.token.revoked'));
    } catch (err) {
      toast.toastError(err);
    }
  };

  // The token's hint in the modal follows the cache (a new token, or one turned off, changes it).
  const liveEdited = editor.editing ? byId(editor.editing.id) : undefined;

  return (
    <>
      <ConnectionsView
        connections={connections}
        isLoading={list.isPending}
        isError={list.isError}
        onReload={() => void list.refetch()}
        permissions={permissions}
        pendingIds={pending}
        onAdd={() => crud.openNew()}
        onEdit={crud.openEdit}
        onDelete={crud.destroy}
        onShowQr={(connection) => showQr(connection.id)}
        onRetry={(connection) => void command(connection, () => start.mutateAsync({ id: connection.id }))}
        onNewQr={(connection) =>
          // The dialog opens at once and waits for the new code; a failed command closes it (and is toasted).
          void command(connection, async () => {
            showQr(connection.id, true);
            try {
              await renew.mutateAsync({ id: connection.id });
              setQr((current) => (current?.id === connection.id ? { ...current, starting: false } : current));
            } catch (err) {
              setQr((current) => (current?.id === connection.id ? null : current));
              throw err;
            }
          })
        }
        onDisconnect={async (connection) => {
          try {
            await disconnect.mutateAsync(connection.id);
            toast.success(t('connections.disconnected', { name: connection.name }));
          } catch (err) {
            toast.toastError(err);
          }
        }}
        headingLevel={headingLevel}
      />
      <ConnectionModal
        key={`modal-${editor.key}`}
        isOpen={editor.isOpen}
        onOpenChange={editor.onOpenChange}
        connection={editor.editing}
        queues={queues.data ?? (queues.isError ? [] : undefined)}
        prompts={promptsAllowed ? (prompts.data ?? []) : undefined}
        integrations={integrationsAllowed ? (integrations.data ?? []) : undefined}
        onSave={(values) => crud.save(values)}
        tokenHint={liveEdited ? (liveEdited.tokenHint ?? null) : (editor.editing?.tokenHint ?? null)}
        onRotateToken={permissions.canEdit ? rotateToken : undefined}
        onRevokeToken={permissions.canEdit ? revokeToken : undefined}
        templates={officialEdited ? (templates.data ?? (templates.isError ? [] : undefined)) : undefined}
        onSyncTemplates={officialEdited ? async () => (await syncTemplates.mutateAsync(officialEdited.id)).length : undefined}
      />
      {qr && (
        <QrCodeDialog
          key={`qr-${qr.key}`}
          isOpen
          onOpenChange={(open) => !open && setQr(null)}
          connection={qrConnection}
          isStarting={qr.starting}
          onRequestPairingCode={async (pairingNumber) => {
            await start.mutateAsync({ id: qr.id, pairingNumber });
          }}
          onNewQrCode={async () => {
            try {
              await renew.mutateAsync({ id: qr.id });
            } catch (err) {
              toast.toastError(err);
            }
          }}
        />
      )}
      <TokenDialog
        isOpen={newToken !== null}
        onOpenChange={(open) => {
          if (open || !newToken) return;
          setNewToken(null);
          if (newToken.thenShowQrOf !== null) showQr(newToken.thenShowQrOf);
          const created = newToken.thenEditOf !== undefined ? byId(newToken.thenEditOf) : undefined;
          if (created) crud.openEdit(created);
        }}
        token={newToken?.token ?? null}
        connectionName={newToken?.name ?? ''}
        onOpenMessagesApi={onOpenMessagesApi}
      />
    </>
  );
}
