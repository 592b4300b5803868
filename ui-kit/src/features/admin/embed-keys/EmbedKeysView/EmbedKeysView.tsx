import { useState } from 'react';
import { useLocale, useT } from '../../../../i18n';
import { Button } from '../../../../primitives/Button/Button';
import { ConfirmationDialog } from '../../../../primitives/ConfirmationDialog/ConfirmationDialog';
import { CopyButton } from '../../../../primitives/CopyButton/CopyButton';
import { Icon } from '../../../../primitives/Icon/Icon';
import { IconButton } from '../../../../primitives/IconButton/IconButton';
import { ListPage } from '../../../../primitives/ListPage/ListPage';
import type { TableColumn } from '../../../../primitives/Table/Table';
import { LANGUAGE_TAGS } from '../../../../theme/AtendeRoot';
import { embedKeysTexts } from '../embed-keys.texts';
import { isRevoked, type EmbedKey } from '../embed-key-rules';

export interface EmbedKeysViewProps {
  /** The company's keys (GET /embed-keys, newest first, revoked ones too); undefined until the first answer. */
  keys: EmbedKey[] | undefined;
  isLoading: boolean;
  isError?: boolean;
  onReload?: () => void;
  onAdd: () => void;
  onEdit: (key: EmbedKey) => void;
  /** After the confirmation; the dialog stays open, pending, until it settles. */
  onRevoke: (key: EmbedKey) => Promise<void>;
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
}

/** A date and time in the screen's locale ('29/11/2026, 19:30'), or the date alone. */
function formatWhen(languageTag: string, value: string, withTime = true): string {
  const date = new Date(value);
  const style: Intl.DateTimeFormatOptions = withTime ? { dateStyle: 'short', timeStyle: 'short' } : { dateStyle: 'short' };
  return Number.isNaN(date.getTime()) ? value : new Intl.DateTimeFormat(languageTag, style).format(date);
}

/**
 * The embed keys page: name, key id (monospace, copyable), allowed origins, created, last used ('Nunca'), status
 * (Ativa, or Revogada with its date); edit and revoke (confirmed, saying the key's sessions end at once) on an active
 * key. The subtitle says that several keys may be active at once, for rotation. On a narrow container each row
 * becomes a card.
 */
export function EmbedKeysView({ keys, isLoading, isError = false, onReload, onAdd, onEdit, onRevoke, headingLevel = 2 }: EmbedKeysViewProps) {
  const t = useT(embedKeysTexts);
  const tag = LANGUAGE_TAGS[useLocale()];
  const [revoking, setRevoking] = useState<EmbedKey | null>(null);
  const when = (value: string, withTime = true) => <time dateTime={value}>{formatWhen(tag, value, withTime)}</time>;

  const columns: TableColumn<EmbedKey>[] = [
    {
      id: 'name',
      header: t('embedKeys.column.name'),
      isRowHeader: true,
      cell: ({ row }) => <span className="atd-EmbedKeys-name">{row.original.name}</span>,
    },
    {
      id: 'keyId',
      header: t('embedKeys.column.keyId'),
      cell: ({ row }) => (
        <span className="atd-EmbedKeys-keyId">
          <code className="atd-EmbedKeys-code">{row.original.keyId}</code>
          <CopyButton text={row.original.keyId} what={`${t('embedKeys.column.keyId')} ${row.original.name}`} className="atd-EmbedKeys-copy" />
        </span>
      ),
    },
    {
      id: 'origins',
      header: t('embedKeys.column.origins'),
      cell: ({ row }) => (
        <ul className="atd-EmbedKeys-origins" aria-label={t('embedKeys.column.origins')}>
          {row.original.allowedOrigins.map((origin) => (
            <li key={origin} className="atd-EmbedKeys-origin">
              {origin}
            </li>
          ))}
        </ul>
      ),
    },
    {
      id: 'createdAt',
      header: t('embedKeys.column.createdAt'),
      cell: ({ row }) => (
        <span className="atd-EmbedKeys-date">
          <span className="atd-EmbedKeys-cardLabel">{t('embedKeys.column.createdAt')}: </span>
          {when(row.original.createdAt, false)}
        </span>
      ),
    },
    {
      id: 'lastUsedAt',
      header: t('embedKeys.column.lastUsedAt'),
      cell: ({ row }) => (
        <span className="atd-EmbedKeys-date">
          <span className="atd-EmbedKeys-cardLabel">{t('embedKeys.column.lastUsedAt')}: </span>
          {row.original.lastUsedAt ? when(row.original.lastUsedAt) : <span className="atd-EmbedKeys-never">{t('embedKeys.never')}</span>}
        </span>
      ),
    },
    {
      id: 'status',
      header: t('embedKeys.column.status'),
      cell: ({ row }) => {
        const revokedAt = row.original.revokedAt;
        return revokedAt ? (
          <span className="atd-EmbedKeys-status" data-status="revoked">
            <span>{t('embedKeys.status.revoked')}</span>{' '}
            <span className="atd-EmbedKeys-revokedOn">{t('embedKeys.status.revokedOn', { date: formatWhen(tag, revokedAt) })}</span>
          </span>
        ) : (
          <span className="atd-EmbedKeys-status" data-status="active">
            {t('embedKeys.status.active')}
          </span>
        );
      },
    },
    {
      id: 'actions',
      header: t('embedKeys.column.actions'),
      cell: ({ row }) =>
        isRevoked(row.original) ? (
          <span className="atd-EmbedKeys-actions" />
        ) : (
          <span className="atd-EmbedKeys-actions">
            <IconButton icon="edit" size="sm" aria-label={t('embedKeys.edit', { name: row.original.name })} onPress={() => onEdit(row.original)} />
            {/* Words, not a bin: a revoked key stays listed. */}
            <Button
              variant="danger"
              className="atd-EmbedKeys-revoke"
              aria-label={t('embedKeys.revoke', { name: row.original.name })}
              onPress={() => setRevoking(row.original)}
            >
              {t('embedKeys.confirmRevoke.action')}
            </Button>
          </span>
        ),
    },
  ];

  return (
    <ListPage<EmbedKey>
      className="atd-EmbedKeys"
      title={keys ? t('embedKeys.titleCount', { count: keys.length }) : t('embedKeys.title')}
      subtitle={<p className="atd-EmbedKeys-subtitle">{t('embedKeys.subtitle')}</p>}
      headingLevel={headingLevel}
      addLabel={t('embedKeys.add')}
      onAdd={onAdd}
      tableLabel={t('embedKeys.table.label')}
      items={keys}
      columns={columns}
      getRowId={(key) => String(key.id)}
      isLoading={isLoading}
      maxHeight={null}
      emptyTitle={t('embedKeys.empty.title')}
      emptyDescription={t('embedKeys.empty.description')}
      emptyAction={
        <Button onPress={onAdd}>
          <Icon name="add" />
          {t('embedKeys.add')}
        </Button>
      }
      isError={isError}
      loadErrorTitle={t('embedKeys.loadError')}
      onReload={onReload}
      confirmation={
        <ConfirmationDialog
          isOpen={revoking !== null}
          onOpenChange={(open) => !open && setRevoking(null)}
          title={t('embedKeys.confirmRevoke.title', { name: revoking?.name ?? '' })}
          confirmLabel={t('embedKeys.confirmRevoke.action')}
          onConfirm={async () => {
            if (revoking) await onRevoke(revoking);
          }}
        >
          <p className="atd-EmbedKeys-confirmText">{t('embedKeys.confirmRevoke.body')}</p>
        </ConfirmationDialog>
      }
    />
  );
}
