import { useId, useState, type ReactElement, type ReactNode } from 'react';
import { useT } from '../../i18n';
import { Button } from '../Button/Button';
import { ConfirmationDialog } from '../ConfirmationDialog/ConfirmationDialog';
import { EmptyState } from '../EmptyState/EmptyState';
import { LoadFailed } from '../EmptyState/LoadFailed';
import { Icon, type IconName } from '../Icon/Icon';
import { Table, type TableColumn, type TableProps } from '../Table/Table';
import { TextField } from '../TextField/TextField';

/** What a list page's view takes from its connected page, passed through to `ListPage` as they are. */
export interface ListPageListProps<T> {
  /** The rows loaded so far (in the API's order); undefined before the first page. */
  items: T[] | undefined;
  /** The search box text (the connected page debounces and lower-cases it). */
  search: string;
  onSearchChange: (text: string) => void;
  onAdd: () => void;
  /** Infinite scroll: more pages, a page loading, load the next one. */
  hasMore: boolean;
  isLoading: boolean;
  onLoadMore: () => void;
  /** The first page failed: a retry instead of the rows. */
  isError?: boolean;
  onReload?: () => void;
  /** Height of the table's scrolling area (infinite scroll needs one). Default `min(70dvh, 40rem)`. */
  maxHeight?: number | string;
  /** The title's heading level (1 when the page is the document's main content; 4 in a settings tab's section). Default 2. */
  headingLevel?: 1 | 2 | 3 | 4;
}

/**
 * A list page's props: a paged, searchable list passes all of `ListPageListProps`; a short list the page holds whole
 * (queues, connections) leaves out the search and the paging, and the add button where the user may not add.
 */
export interface ListPageProps<T> extends Omit<ListPageListProps<T>, 'search' | 'onSearchChange' | 'onAdd' | 'hasMore' | 'onLoadMore' | 'maxHeight'> {
  /** The search box, shown with `onSearchChange` and `searchLabel`. */
  search?: string;
  onSearchChange?: (text: string) => void;
  /** 'Adicionar', shown with `onAdd` and `addLabel`. */
  onAdd?: () => void;
  hasMore?: boolean;
  onLoadMore?: () => void;
  /** Height of the table's scrolling area. Default `min(70dvh, 40rem)`; null: none, the page scrolls (a short list). */
  maxHeight?: number | string | null;
  /** The feature's class on the section (e.g. `atd-FileLists`); `<it>-table` goes on the table for its card layout. */
  className: string;
  /** The title (with the count once loaded). */
  title: ReactNode;
  /** The title names the section for assistive tech only (a page whose surroundings already say what it is). */
  titleHidden?: boolean;
  /** Before the title, e.g. a back button. */
  leading?: ReactNode;
  /** Under the title: a hint about the list. */
  subtitle?: ReactNode;
  /** The search box's name (also its placeholder, the name then read but not shown). */
  searchLabel?: string;
  /** A placeholder of its own ('Buscar por nome ou e-mail'): the name then shows above the field. */
  searchPlaceholder?: string;
  /** More buttons, between the search and 'Adicionar' (e.g. 'Importar'). */
  actions?: ReactNode;
  /** Before the search: a control about the list as a whole (a switch). */
  beforeSearch?: ReactNode;
  addLabel?: string;
  /** Between the header and the table (hints, progress). */
  children?: ReactNode;
  /** The table's name, columns and row ids. */
  tableLabel: string;
  columns: TableColumn<T>[];
  getRowId: (row: T) => string;
  /** No rows: the empty state's title and description. */
  emptyTitle: string;
  emptyDescription?: string;
  /** The empty state's icon ('inbox' by default) and call to action (e.g. 'Adicionar' again). */
  emptyIcon?: IconName | ReactElement;
  emptyAction?: ReactNode;
  /** Shown instead of the empty state while the search box has text (what was searched, a way to clear it). */
  noResults?: ReactNode;
  /** The first page failed: this title and a retry (a page without it has no failed state). */
  loadErrorTitle?: string;
  /** The delete confirmation (from `useDeleteConfirmation`). */
  confirmation?: ReactNode;
  /** Rows with checkboxes for bulk actions: the selection, held by the page. */
  selection?: Required<Pick<TableProps<T>, 'rowSelection' | 'onRowSelectionChange'>>;
  /** Each row turns into a card in a narrow container (default); false for a table that hides columns instead. */
  cardsWhenNarrow?: boolean;
}

/**
 * A back-office list page: a section named by its title, a header with the title, search and 'Adicionar' (and any
 * leading or extra buttons), and a table that loads more rows as it scrolls, shows an empty or failed state and turns
 * each row into a card in a narrow container.
 */
export function ListPage<T>({
  className,
  title,
  titleHidden = false,
  headingLevel = 2,
  leading,
  subtitle,
  search = '',
  onSearchChange,
  searchLabel,
  searchPlaceholder,
  actions,
  beforeSearch,
  addLabel,
  onAdd,
  children,
  tableLabel,
  items,
  columns,
  getRowId,
  hasMore = false,
  isLoading,
  onLoadMore,
  maxHeight = 'min(70dvh, 40rem)',
  emptyTitle,
  emptyDescription,
  emptyIcon,
  emptyAction,
  noResults,
  isError = false,
  loadErrorTitle,
  onReload,
  confirmation,
  selection,
  cardsWhenNarrow = true,
}: ListPageProps<T>) {
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const failed = isError && !items && loadErrorTitle !== undefined;
  const searchBox = onSearchChange && searchLabel && (
    <TextField
      type="search"
      label={searchLabel}
      placeholder={searchPlaceholder ?? searchLabel}
      value={search}
      onChange={onSearchChange}
      className={searchPlaceholder ? 'atd-ListPage-search atd-ListPage-labelledSearch' : 'atd-ListPage-search'}
    />
  );
  const addButton = onAdd && addLabel && (
    <Button onPress={onAdd} className="atd-ListPage-add">
      <Icon name="add" />
      {addLabel}
    </Button>
  );
  const titleHeading = (
    <Heading id={titleId} className={titleHidden ? 'atd-ListPage-title atd-visually-hidden' : 'atd-ListPage-title'}>
      {title}
    </Heading>
  );
  const heading = subtitle ? (
    <div className="atd-ListPage-titles">
      {titleHeading}
      {subtitle}
    </div>
  ) : (
    titleHeading
  );
  return (
    <section className={`atd-ListPage ${className}`} aria-labelledby={titleId}>
      <header className="atd-ListPage-header">
        {leading ? (
          <div className="atd-ListPage-heading">
            {leading}
            {heading}
          </div>
        ) : (
          heading
        )}
        {(beforeSearch || searchBox || actions || addButton) && (
          <div className="atd-ListPage-toolbar">
            {beforeSearch}
            {searchBox}
            {actions}
            {addButton}
          </div>
        )}
      </header>
      {children}
      <Table<T>
        aria-label={tableLabel}
        className={`atd-ListPage-table ${className}-table`}
        cardsWhenNarrow={cardsWhenNarrow}
        selectionMode={selection ? 'multiple' : 'none'}
        rowSelection={selection?.rowSelection}
        onRowSelectionChange={selection?.onRowSelectionChange}
        data={items ?? []}
        columns={columns}
        getRowId={getRowId}
        hasMore={hasMore}
        isLoading={isLoading && !failed}
        onLoadMore={onLoadMore}
        maxHeight={maxHeight ?? undefined}
        emptyState={
          failed ? (
            <LoadFailed title={loadErrorTitle ?? ''} onRetry={onReload} />
          ) : noResults && search.trim() !== '' ? (
            noResults
          ) : (
            <EmptyState icon={emptyIcon} title={emptyTitle} description={emptyDescription} action={emptyAction} />
          )
        }
      />
      {confirmation}
    </section>
  );
}

export interface DeleteConfirmationTexts<T> {
  /** The question about the row being deleted ('Excluir a lista Ana?'). */
  title: (row: T) => string;
  /** What is lost. */
  body: ReactNode;
}

/**
 * The 'Excluir' confirmation of a list's rows: `ask(row)` opens it; `dialog` is the alertdialog (render it once). It
 * stays open, pending, while `onDelete` runs.
 */
export function useDeleteConfirmation<T>(onDelete: (row: T) => Promise<void>, texts: DeleteConfirmationTexts<T>) {
  const t = useT();
  const [deleting, setDeleting] = useState<T | null>(null);
  const dialog = (
    <ConfirmationDialog
      isOpen={deleting !== null}
      onOpenChange={(open) => {
        if (!open) setDeleting(null);
      }}
      title={deleting ? texts.title(deleting) : ''}
      confirmLabel={t('action.delete')}
      onConfirm={async () => {
        if (deleting) await onDelete(deleting);
      }}
    >
      {texts.body}
    </ConfirmationDialog>
  );
  return { ask: setDeleting as (row: T) => void, dialog };
}
