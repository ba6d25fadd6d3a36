/**
 * A small sortable table of the console's own pages (those outside react-admin's Datagrid):
 * TanStack Table column definitions and rows in, MUI `Table` markup out. A sortable column's
 * header holds a sort button (a click, or Enter/Space for keyboard users, cycles its order) and
 * the sorted header carries `aria-sort` (MUI's `sortDirection`).
 */
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { SxProps, Theme } from '@mui/material/styles';
import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
  useTable,
  type ColumnDef,
  type Header,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import { useTranslate } from 'react-admin';

/** The table features every DataTable has: sorting, on the client, with its column meta. */
const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text, basic: sortFn_basic },
  columnMeta: {} as { align?: 'left' | 'right' },
});

type Features = typeof dataTableFeatures;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table's columns have values of several types
export type DataColumn<T extends RowData> = ColumnDef<Features, T, any>;

/** The typed column helper of a DataTable's rows. */
export const dataColumns = <T extends RowData>() => createColumnHelper<Features, T>();

function headerText<T extends RowData>(header: Header<Features, T, unknown>) {
  const h = header.column.columnDef.header;
  return typeof h === 'string' ? h : header.column.id;
}

export function DataTable<T extends RowData>({
  columns,
  data,
  testId,
  sx,
  rowId,
  rowAttributes,
  initialSorting = [],
}: {
  columns: DataColumn<T>[];
  data: T[];
  testId?: string;
  sx?: SxProps<Theme>;
  /** A stable key of each row (the row's index otherwise). */
  rowId?: (row: T) => string;
  /** Extra attributes of each row's `tr`, e.g. `data-stage`. */
  rowAttributes?: (row: T) => Record<`data-${string}`, string>;
  initialSorting?: SortingState;
}) {
  const t = useTranslate();
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data,
    getRowId: rowId ? (row: T) => rowId(row) : undefined,
    initialState: { sorting: initialSorting },
  });
  return (
    <Table size="small" sx={sx} data-testid={testId}>
      <TableHead>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id}>
            {group.headers.map((header) => {
              const { column } = header;
              const align = column.columnDef.meta?.align;
              const sorted = column.getIsSorted();
              const label = <table.FlexRender header={header} />;
              return (
                <TableCell key={header.id} align={align} sortDirection={sorted}>
                  {header.isPlaceholder ? null : column.getCanSort() ? (
                    <TableSortLabel
                      active={!!sorted}
                      direction={sorted || column.getFirstSortDir()}
                      onClick={column.getToggleSortingHandler()}
                      aria-label={t('app.table.sortBy', { column: headerText(header) })}
                    >
                      {label}
                    </TableSortLabel>
                  ) : (
                    label
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableHead>
      <TableBody>
        {table.getRowModel().rows.map((row) => (
          <TableRow key={row.id} {...rowAttributes?.(row.original)}>
            {row.getAllCells().map((cell) => (
              <TableCell key={cell.id} align={cell.column.columnDef.meta?.align}>
                <table.FlexRender cell={cell} />
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
