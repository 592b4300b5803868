import { useState } from 'react';
import { useLocale, useT } from '../../../i18n';
import { connectionsTexts } from '../connections.texts';
import { Button } from '../../../primitives/Button/Button';
import { ConfirmationDialog } from '../../../primitives/ConfirmationDialog/ConfirmationDialog';
import { Icon } from '../../../primitives/Icon/Icon';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { ListPage } from '../../../primitives/ListPage/ListPage';
import type { TableColumn } from '../../../primitives/Table/Table';
import { ConnectionsIcon } from '../connections-icons';
import {
  STATUS_TONE,
  formatUpdatedAt,
  sessionActions,
  type Connection,
  type ConnectionPermissions,
  type ConnectionStatus,
  type SessionAction,
} from '../connection-rules';
import { isOfficial, messagingLimitOf, qualityOf, QUALITY_TONE } from '../official-rules';

export interface ConnectionsViewProps {
  /** The company's connections (GET /whatsapp, by name); undefined until the first answer. */
  connections: Connection[] | undefined;
  isLoading: boolean;
  /** The list could not be loaded: the table says so and offers `onReload`. */
  isError?: boolean;
  onReload?: () => void;
  permissions: ConnectionPermissions;
  /** Connections whose session command is on its way: their session buttons show it. */
  pendingIds?: ReadonlySet<number>;
  onAdd: () => void;
  onEdit: (connection: Connection) => void;
  /** After the confirmation; the dialog stays open, pending, until it settles. */
  onDelete: (connection: Connection) => Promise<void>;
  /** The QR code (or pairing code) dialog. */
  onShowQr: (connection: Connection) => void;
  /** 'Tentar novamente': POST /whatsappsession/{id}. */
  onRetry: (connection: Connection) => void;
  /** 'Novo QR CODE': PUT /whatsappsession/{id}. */
  onNewQr: (connection: Connection) => void;
  /** After the confirmation: DELETE /whatsappsession/{id}. */
  onDisconnect: (connection: Connection) => Promise<void>;
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
}

/**
 * The connections page (spec administration §2): a table of name, status (a colour dot and its label), session
 * (the buttons of the status, see `sessionActions`; an official API connection has no QR code and says so), type
 * (QR code or official API, with the official number's quality rating and messaging limit), last update (dd/MM/yy HH:mm), default and actions (edit, and
 * delete after a confirmation naming the connection); 'Adicionar WhatsApp'. Each button shows only with its
 * permission. On a narrow container each row becomes a card.
 */
export function ConnectionsView({
  connections,
  isLoading,
  isError = false,
  onReload,
  permissions,
  pendingIds,
  onAdd,
  onEdit,
  onDelete,
  onShowQr,
  onRetry,
  onNewQr,
  onDisconnect,
  headingLevel = 2,
}: ConnectionsViewProps) {
  const t = useT(connectionsTexts);
  const locale = useLocale();
  const [deleting, setDeleting] = useState<Connection | null>(null);
  const [disconnecting, setDisconnecting] = useState<Connection | null>(null);

  const sessionButton = (connection: Connection, action: SessionAction) => {
    const pending = pendingIds?.has(connection.id) ?? false;
    switch (action) {
      case 'showQr':
        return (
          <Button key={action} className="atd-Connections-sessionButton" onPress={() => onShowQr(connection)}>
            <ConnectionsIcon name="qrCode" />
            {t('connections.session.qrcode')}
          </Button>
        );
      case 'showCode':
        return (
          <Button key={action} className="atd-Connections-sessionButton" onPress={() => onShowQr(connection)}>
            <ConnectionsIcon name="phone" />
            {t('connections.session.showCode')}
          </Button>
        );
      case 'retry':
        return (
          <Button key={action} variant="secondary" className="atd-Connections-sessionButton" isPending={pending} onPress={() => onRetry(connection)}>
            <ConnectionsIcon name="refresh" />
            {t('connections.session.retry')}
          </Button>
        );
      case 'newQr':
        return (
          <Button key={action} className="atd-Connections-sessionButton" isPending={pending} onPress={() => onNewQr(connection)}>
            <ConnectionsIcon name="qrCode" />
            {t('connections.session.newQr')}
          </Button>
        );
      case 'connected':
        return (
          <span key={action} className="atd-Connections-connected">
            <ConnectionsIcon name="check" />
            {t('connections.session.connected')}
          </span>
        );
      case 'disconnect':
        return (
          <Button
            key={action}
            variant="secondary"
            className="atd-Connections-sessionButton atd-Connections-disconnect"
            isPending={pending}
            onPress={() => setDisconnecting(connection)}
          >
            <ConnectionsIcon name="linkOff" />
            {t('connections.session.disconnect')}
          </Button>
        );
      case 'noQr':
        // In place of the QR code buttons an official connection has not: why there are none.
        return (
          <span key={action} className="atd-Connections-noQr">
            {t('connections.official.noQr')}
          </span>
        );
      case 'connecting':
        return (
          <Button key={action} variant="secondary" className="atd-Connections-sessionButton" isDisabled>
            {/* The button's text names it; the spinner only shows it is on its way. */}
            <span className="atd-Spinner" data-size="sm" aria-hidden="true">
              <span className="atd-Spinner-circle" />
            </span>
            {t('connections.session.connecting')}
          </Button>
        );
    }
  };

  const columns: TableColumn<Connection>[] = [
    {
      id: 'name',
      header: t('connections.column.name'),
      isRowHeader: true,
      cell: ({ row }) => {
        const connection = row.original;
        return (
          <span className="atd-Connections-name">
            <span className="atd-Connections-nameLine">
              <span className="atd-Connections-nameText">{connection.name}</span>
              {/* On a narrow card the default column is gone: the star comes beside the name (the column names it otherwise). */}
              {connection.isDefault && (
                <span className="atd-Connections-nameStar" aria-hidden="true">
                  <ConnectionsIcon name="star" />
                </span>
              )}
              {(connection.provider === 'sandbox' || connection.provider === 'sandbox_cloud') && (
                <>
                  {' '}
                  <span className="atd-Connections-provider">{t('connections.provider.sandbox')}</span>
                </>
              )}
            </span>{' '}
            {connection.number && <span className="atd-Connections-number">{t('connections.number', { number: connection.number })}</span>}
          </span>
        );
      },
    },
    {
      id: 'status',
      header: t('connections.column.status'),
      cell: ({ row }) => <StatusLabel status={row.original.status} official={isOfficial(row.original)} />,
    },
    {
      id: 'type',
      header: t('connections.column.type'),
      cell: ({ row }) => <ConnectionTypeCell connection={row.original} />,
    },
    ...(permissions.canSession
      ? [
          {
            id: 'session',
            header: t('connections.column.session'),
            cell: ({ row }) => (
              <span className="atd-Connections-session">
                {sessionActions(row.original.status, isOfficial(row.original)).map((a) => sessionButton(row.original, a))}
              </span>
            ),
          } satisfies TableColumn<Connection>,
        ]
      : []),
    {
      id: 'updatedAt',
      header: t('connections.column.updatedAt'),
      cell: ({ row }) => (
        <span className="atd-Connections-updatedAt">
          <span className="atd-Connections-cellLabel" aria-hidden="true">
            {t('connections.column.updatedAt')}:{' '}
          </span>
          <time dateTime={row.original.updatedAt}>{formatUpdatedAt(row.original.updatedAt, locale)}</time>
        </span>
      ),
    },
    {
      id: 'default',
      header: t('connections.column.default'),
      cell: ({ row }) =>
        row.original.isDefault ? (
          <span className="atd-Connections-default">
            <ConnectionsIcon name="star" label={t('connections.default')} />
          </span>
        ) : null,
    },
    ...(permissions.canEdit
      ? [
          {
            id: 'actions',
            header: t('connections.column.actions'),
            cell: ({ row }) => (
              <span className="atd-Connections-actions">
                <IconButton icon="edit" size="sm" aria-label={t('connections.edit', { name: row.original.name })} onPress={() => onEdit(row.original)} />
                <IconButton
                  icon="delete"
                  size="sm"
                  variant="danger"
                  aria-label={t('connections.delete', { name: row.original.name })}
                  onPress={() => setDeleting(row.original)}
                />
              </span>
            ),
          } satisfies TableColumn<Connection>,
        ]
      : []),
  ];

  return (
    <ListPage<Connection>
      className="atd-Connections"
      title={t('connections.title')}
      headingLevel={headingLevel}
      addLabel={t('connections.add')}
      onAdd={permissions.canAdd ? onAdd : undefined}
      tableLabel={t('connections.table.label')}
      items={connections}
      columns={columns}
      getRowId={(connection) => String(connection.id)}
      isLoading={isLoading}
      maxHeight={null}
      emptyIcon={<ConnectionsIcon name="phone" width="2.5rem" height="2.5rem" />}
      emptyTitle={t('connections.empty.title')}
      emptyDescription={t(permissions.canAdd ? 'connections.empty.description' : 'connections.empty.descriptionReadOnly')}
      emptyAction={
        permissions.canAdd && (
          <Button onPress={onAdd}>
            <Icon name="add" />
            {t('connections.add')}
          </Button>
        )
      }
      isError={isError}
      loadErrorTitle={t('connections.loadError')}
      onReload={onReload}
      confirmation={
        <>
          <ConfirmationDialog
            isOpen={deleting !== null}
            onOpenChange={(open) => !open && setDeleting(null)}
            title={t('connections.confirmDelete.title', { name: deleting?.name ?? '' })}
            confirmLabel={t('action.delete')}
            onConfirm={async () => {
              if (deleting) await onDelete(deleting);
            }}
          >
            <p className="atd-Connections-confirmText">{t('connections.confirmDelete.body')}</p>
            {deleting?.isDefault && <p className="atd-Connections-confirmText">{t('connections.confirmDelete.default')}</p>}
          </ConfirmationDialog>
          <ConfirmationDialog
            isOpen={disconnecting !== null}
            onOpenChange={(open) => !open && setDisconnecting(null)}
            title={t('connections.confirmDisconnect.title', { name: disconnecting?.name ?? '' })}
            confirmLabel={t('connections.session.disconnect')}
            onConfirm={async () => {
              if (disconnecting) await onDisconnect(disconnecting);
            }}
          >
            <p className="atd-Connections-confirmText">{t('connections.confirmDisconnect.body')}</p>
          </ConfirmationDialog>
        </>
      }
    />
  );
}

const HINTED: ReadonlySet<ConnectionStatus> = new Set(['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT']);

/**
 * A connection's type (QR code or official API) and, for the official API, the number's quality rating (a coloured
 * dot and its name) and messaging limit per day, when the API reported them.
 */
function ConnectionTypeCell({ connection }: { connection: Connection }) {
  const t = useT(connectionsTexts);
  const official = isOfficial(connection);
  const quality = official ? qualityOf(connection.qualityRating) : null;
  const limit = official ? messagingLimitOf(connection.messagingLimit) : null;
  return (
    <span className="atd-Connections-type">
      <span className="atd-Connections-typeBadge" data-type={official ? 'official' : 'qrcode'}>
        {t(official ? 'connections.type.official' : 'connections.type.qrcode')}
      </span>
      {quality && (
        <span className="atd-Connections-status atd-Connections-quality" data-tone={QUALITY_TONE[quality]}>
          <span className="atd-Connections-statusLine">
            <span className="atd-Connections-dot" aria-hidden="true" />
            <span>{t(`connections.quality.${quality}`)}</span>
          </span>
        </span>
      )}
      {limit && <span className="atd-Connections-limit">{limit === 'unlimited' ? t('connections.limit.unlimited') : t('connections.limit', { limit })}</span>}
    </span>
  );
}

/** A status: its colour dot, its translated label and, when the user has something to do, a hint. */
export function StatusLabel({ status, official = false }: { status: ConnectionStatus; official?: boolean }) {
  const t = useT(connectionsTexts);
  return (
    <span className="atd-Connections-status" data-status={status} data-tone={STATUS_TONE[status]}>
      <span className="atd-Connections-statusLine">
        <span className="atd-Connections-dot" aria-hidden="true" />
        <span className="atd-Connections-statusText">{t(`connections.status.${status}`)}</span>
      </span>
      {HINTED.has(status) && (
        <span className="atd-Connections-statusHint">
          {official ? t('connections.statusHint.official') : t(`connections.statusHint.${status as 'qrcode' | 'PAIRING' | 'DISCONNECTED' | 'TIMEOUT'}`)}
        </span>
      )}
    </span>
  );
}
