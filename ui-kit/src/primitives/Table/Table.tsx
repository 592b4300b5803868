import {
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type OnChangeFn,
  type PaginationState,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { useCallback, useRef, useState, type ReactNode, type UIEvent } from 'react';
import {
  Cell,
  Column,
  Row,
  Table as AriaTable,
  TableBody,
  TableHeader,
  type ColumnProps,
  type Key,
  type Selection,
  type SortDescriptor,
} from 'react-aria-components';
import { useT } from '../../i18n/locale-context';
import { Checkbox } from '../Checkbox/Checkbox';
import { displayText } from '../display-text';
import { EmptyState } from '../EmptyState/EmptyState';
import { Icon } from '../Icon/Icon';
import { Spinner } from '../Spinner/Spinner';

/** The spec's infinite scroll: the next page loads within 100 px of the bottom. */
export const LOAD_MORE_THRESHOLD_PX = 100;

export type TableColumn<T> = ColumnDef<T, unknown> & {
  /** The row header column (one per table; the first column by default). */
  isRowHeader?: boolean;
  /** A react-aria column size: pixels, a percentage ('20%') or a fraction ('2fr'). */
  width?: ColumnProps['width'];
};

export interface TableProps<T> {
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /** The rows loaded so far. */
  data: T[];
  /** TanStack column definitions: `id` or `accessorKey`, `header` (string), `cell`, `enableSorting`. */
  columns: TableColumn<T>[];
  getRowId: (row: T) => string;
  /** Sorting held by TanStack Table; controlled when given. Sorted here unless `manualSorting` (the server sorts). */
  sorting?: SortingState;
  onSortingChange?: OnChangeFn<SortingState>;
  manualSorting?: boolean;
  selectionMode?: 'none' | 'single' | 'multiple';
  /** Selection held by TanStack Table ({ [rowId]: true }); controlled when given. */
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: OnChangeFn<RowSelectionState>;
  /** Client-side paging: show `pageSize` rows a page (state in TanStack Table). Leave out for infinite scroll. */
  pagination?: PaginationState;
  onPaginationChange?: OnChangeFn<PaginationState>;
  /** Infinite scroll: called when the scroll comes within 100 px of the bottom while hasMore and not loading. */
  onLoadMore?: () => void;
  hasMore?: boolean;
  /** Shows the loading row (first page or next page). */
  isLoading?: boolean;
  /** Shown when there are no rows and nothing is loading ('Nenhum registro encontrado' by default). */
  emptyState?: ReactNode;
  /** Called with the row's data when a row is activated (click or Enter). */
  onRowAction?: (row: T) => void;
  /** Height of the scrolling area (infinite scroll needs one). */
  maxHeight?: number | string;
  /**
   * In a container narrower than 44rem (the nearest ancestor with `container-type: inline-size`), each row becomes a
   * card: the header is kept for screen readers only, cells stack in a grid of two columns (content, then whatever
   * the host places in the second). The host places its cells with `.its-class .atd-Table-cell:has(...)` rules.
   * Each column's header and cells carry `data-column="<id>"`, so a host hides or places a column by its id, not by a
   * position that the selection column shifts.
   */
  cardsWhenNarrow?: boolean;
  className?: string;
}

const LOADING_ROW = '__atd-loading__';

/**
 * A data table: TanStack Table holds the sorting, selection and paging state; react-aria's
 * Table renders it (grid keyboard navigation, sortable column headers, selection checkboxes).
 * Loads more rows as the user scrolls near the bottom; shows a loading row and an empty state.
 */
export function Table<T>({
  data,
  columns,
  getRowId,
  sorting: sortingProp,
  onSortingChange,
  manualSorting = false,
  selectionMode = 'none',
  rowSelection: selectionProp,
  onRowSelectionChange,
  pagination,
  onPaginationChange,
  onLoadMore,
  hasMore = false,
  isLoading = false,
  emptyState,
  onRowAction,
  maxHeight,
  cardsWhenNarrow = false,
  className,
  ...aria
}: TableProps<T>) {
  const t = useT();
  const [ownSorting, setOwnSorting] = useState<SortingState>([]);
  const [ownSelection, setOwnSelection] = useState<RowSelectionState>({});
  const sorting = sortingProp ?? ownSorting;
  const rowSelection = selectionProp ?? ownSelection;

  // TanStack Table's instance is mutable by design and its row models are read fresh each render: the React Compiler
  // leaving this component unmemoized (all this rule reports) is what the table needs.
  // eslint-disable-next-line react-hooks/incompatible-library -- informative only; the compiler's skip is correct here
  const table = useReactTable<T>({
    data,
    columns,
    getRowId,
    state: { sorting, rowSelection, ...(pagination ? { pagination } : {}) },
    onSortingChange: (updater) => {
      if (!sortingProp) setOwnSorting(updater);
      onSortingChange?.(updater);
    },
    onRowSelectionChange: (updater) => {
      if (!selectionProp) setOwnSelection(updater);
      onRowSelectionChange?.(updater);
    },
    onPaginationChange,
    enableRowSelection: selectionMode !== 'none',
    enableMultiRowSelection: selectionMode === 'multiple',
    manualSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    ...(pagination ? { getPaginationRowModel: getPaginationRowModel() } : {}),
  });

  const first = sorting[0];
  const sortDescriptor: SortDescriptor | undefined = first ? { column: first.id, direction: first.desc ? 'descending' : 'ascending' } : undefined;

  const selectedKeys: Selection = new Set(Object.keys(rowSelection).filter((id) => rowSelection[id]));
  const onSelectionChange = (keys: Selection) => {
    const next: RowSelectionState = {};
    const ids = keys === 'all' ? table.getRowModel().rows.map((r) => r.id) : [...keys].map(String);
    for (const id of ids) if (id !== LOADING_ROW) next[id] = true;
    table.setRowSelection(next);
  };

  const scrollRef = useRef<HTMLDivElement>(null);
  const onScroll = useCallback(
    (event: UIEvent<HTMLDivElement>) => {
      const el = event.currentTarget;
      if (!onLoadMore || !hasMore || isLoading) return;
      if (el.scrollHeight - el.scrollTop - el.clientHeight <= LOAD_MORE_THRESHOLD_PX) onLoadMore();
    },
    [onLoadMore, hasMore, isLoading],
  );

  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const rowHeaderIndex = Math.max(
    0,
    headers.findIndex((h) => (h.column.columnDef as TableColumn<T>).isRowHeader),
  );
  const rows = table.getRowModel().rows;
  const columnCount = headers.length + (selectionMode === 'multiple' ? 1 : 0);

  return (
    <div
      ref={scrollRef}
      className={className ? `atd-Table-scroll ${className}` : 'atd-Table-scroll'}
      style={maxHeight !== undefined ? { maxHeight } : undefined}
      data-cards={cardsWhenNarrow || undefined}
      onScroll={onScroll}
    >
      <AriaTable
        {...aria}
        className="atd-Table"
        selectionMode={selectionMode}
        selectionBehavior="toggle"
        selectedKeys={selectedKeys}
        onSelectionChange={onSelectionChange}
        disabledKeys={[LOADING_ROW]}
        sortDescriptor={sortDescriptor}
        onSortChange={({ column, direction }) => table.setSorting([{ id: String(column), desc: direction === 'descending' }])}
        onRowAction={
          onRowAction
            ? (key: Key) => {
                const row = table.getRow(String(key), true);
                if (row) onRowAction(row.original);
              }
            : undefined
        }
        data-loading={isLoading || undefined}
      >
        <TableHeader className="atd-Table-header">
          {selectionMode === 'multiple' && (
            <Column className="atd-Table-column atd-Table-selectColumn">
              <Checkbox slot="selection" />
            </Column>
          )}
          {headers.map((header, index) => {
            const def = header.column.columnDef as TableColumn<T>;
            const label = typeof def.header === 'string' ? def.header : header.id;
            return (
              <Column
                key={header.id}
                id={header.id}
                isRowHeader={index === rowHeaderIndex}
                allowsSorting={header.column.getCanSort()}
                width={def.width}
                className="atd-Table-column"
                data-column={header.id}
                textValue={label}
              >
                {({ allowsSorting, sortDirection }) => (
                  <span className="atd-Table-columnContent">
                    {label}
                    {allowsSorting && (
                      <Icon
                        name={sortDirection === 'descending' ? 'sortDesc' : 'sortAsc'}
                        className="atd-Table-sortIcon"
                        data-active={sortDirection ? true : undefined}
                      />
                    )}
                  </span>
                )}
              </Column>
            );
          })}
        </TableHeader>
        <TableBody
          className="atd-Table-body"
          renderEmptyState={() =>
            isLoading ? (
              <div className="atd-Table-loading">
                <Spinner showLabel />
              </div>
            ) : (
              (emptyState ?? <EmptyState icon="inbox" title={t('table.empty')} />)
            )
          }
        >
          {rows.map((row) => (
            <Row key={row.id} id={row.id} className="atd-Table-row">
              {selectionMode === 'multiple' && (
                <Cell className="atd-Table-cell atd-Table-selectCell">
                  <Checkbox slot="selection" />
                </Cell>
              )}
              {row.getVisibleCells().map((cell) => {
                const render = cell.column.columnDef.cell;
                return (
                  <Cell key={cell.id} className="atd-Table-cell" data-column={cell.column.id}>
                    {typeof render === 'function' ? render(cell.getContext()) : (render ?? displayText(cell.getValue()))}
                  </Cell>
                );
              })}
            </Row>
          ))}
          {isLoading && rows.length > 0 && (
            <Row id={LOADING_ROW} className="atd-Table-row atd-Table-loadingRow" textValue={t('status.loadingMore')}>
              <Cell colSpan={columnCount} className="atd-Table-cell">
                <Spinner size="sm" label={t('status.loadingMore')} showLabel />
              </Cell>
            </Row>
          )}
        </TableBody>
      </AriaTable>
    </div>
  );
}

export type { ColumnDef, PaginationState, RowSelectionState, SortingState } from '@tanstack/react-table';
