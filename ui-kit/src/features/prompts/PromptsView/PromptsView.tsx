import { useT } from '../../../i18n';
import { promptsTexts } from '../prompts.texts';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { ListPage, useDeleteConfirmation, type ListPageListProps } from '../../../primitives/ListPage/ListPage';
import type { TableColumn } from '../../../primitives/Table/Table';
import type { Prompt } from '../prompt-rules';

export interface PromptsViewProps extends ListPageListProps<Prompt> {
  /** How many prompts match (the title's count). */
  count: number;
  onEdit: (prompt: Prompt) => void;
  /** Runs when the deletion is confirmed; the confirmation stays open, pending, until it settles. */
  onDelete: (prompt: Prompt) => Promise<void>;
}

/**
 * Spec back-office (Prompts page): a title, 'Adicionar', and a table of name, queue, max tokens and edit and delete
 * (the confirmation is titled with the prompt's name); more rows load as the table scrolls near its end. A narrow
 * container shows each prompt as a card.
 */
export function PromptsView({ items, count, onEdit, onDelete, ...page }: PromptsViewProps) {
  const t = useT(promptsTexts);
  const confirmDelete = useDeleteConfirmation(onDelete, {
    title: (row) => t('prompts.confirmDelete.title', { name: row.name }),
    body: t('prompts.confirmDelete.body'),
  });

  const columns: TableColumn<Prompt>[] = [
    {
      id: 'name',
      header: t('prompts.column.name'),
      isRowHeader: true,
      width: '2fr',
      cell: ({ row }) => <span className="atd-Prompts-name">{row.original.name}</span>,
    },
    {
      id: 'queue',
      header: t('prompts.column.queue'),
      width: '1fr',
      cell: ({ row }) =>
        row.original.queue ? (
          <span className="atd-Prompts-queue">{row.original.queue.name}</span>
        ) : (
          <span className="atd-Prompts-queue" data-missing>
            {t('prompts.noQueue')}
          </span>
        ),
    },
    {
      id: 'maxTokens',
      header: t('prompts.column.maxTokens'),
      width: 150,
      cell: ({ row }) => (
        <span className="atd-Prompts-tokens">
          <span className="atd-Prompts-tokensLabel">{t('prompts.column.maxTokens')}: </span>
          {row.original.maxTokens}
        </span>
      ),
    },
    {
      id: 'actions',
      header: t('prompts.column.actions'),
      width: 104,
      cell: ({ row }) => (
        <span className="atd-Prompts-actions">
          <IconButton icon="edit" size="sm" aria-label={t('prompts.edit', { name: row.original.name })} onPress={() => onEdit(row.original)} />
          <IconButton
            icon="delete"
            size="sm"
            variant="danger"
            aria-label={t('prompts.delete', { name: row.original.name })}
            onPress={() => confirmDelete.ask(row.original)}
          />
        </span>
      ),
    },
  ];

  return (
    <ListPage<Prompt>
      className="atd-Prompts"
      title={items ? t('prompts.titleCount', { count }) : t('prompts.title')}
      searchLabel={t('prompts.search')}
      addLabel={t('prompts.add')}
      tableLabel={t('prompts.table.label')}
      items={items}
      columns={columns}
      getRowId={(p) => String(p.id)}
      emptyTitle={t('prompts.empty.title')}
      emptyDescription={t('prompts.empty.description')}
      loadErrorTitle={t('prompts.loadError')}
      confirmation={confirmDelete.dialog}
      {...page}
    />
  );
}
