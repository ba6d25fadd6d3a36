import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { usePhone } from '../lib/usePhone';
import { SystemName } from './names';

/** One figure of each row: its header, and how a row's value reads. */
export interface Figure<T> {
  key: string;
  header: string;
  cell: (row: T) => React.ReactNode;
  /** a count that needs an admin (failed jobs, rejected events): in red when true */
  alarm?: (row: T) => boolean;
}

/**
 * The queues' and the read models' lists: one row per named thing, its figures at the right. A
 * table from a tablet up; on a phone each thing's name takes the whole width, its figures
 * (each named) under it, wrapping between figures, never inside one (a name squeezed beside
 * its figures took four lines, a figure's label and value parted).
 */
export function NamedRows<T extends { name: string }>({
  kind,
  nameHeader,
  rows,
  figures,
  testId,
}: {
  kind: 'queueNames' | 'projectionNames';
  nameHeader: string;
  rows: T[];
  figures: Figure<T>[];
  testId: string;
}) {
  const phone = usePhone();
  const alarmed = (f: Figure<T>, row: T) => (f.alarm?.(row) ? 'error.main' : undefined);
  if (phone)
    return (
      <Box data-testid={testId}>
        {rows.map((row) => (
          <Box key={row.name} sx={{ py: 1, borderBottom: '1px solid', borderColor: 'divider' }}>
            <Typography
              variant="body2"
              component="div"
              sx={{ overflowWrap: 'anywhere' }}
              data-testid="system-name"
            >
              <SystemName kind={kind} name={row.name} />
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mt: 0.5 }}>
              {figures.map((f) => (
                <Typography
                  key={f.key}
                  variant="body2"
                  component="span"
                  color="text.secondary"
                  sx={{ whiteSpace: 'nowrap', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                >
                  {f.header}
                  <Box component="span" sx={{ color: alarmed(f, row) ?? 'text.primary' }}>
                    {f.cell(row)}
                  </Box>
                </Typography>
              ))}
            </Box>
          </Box>
        ))}
      </Box>
    );
  // each figure's header on one line ("En / attente" took two at 768 px), its cells' sides 8 px
  // (as the users list's); the name column takes the width left and wraps between words
  return (
    <Table
      size="small"
      data-testid={testId}
      sx={{ '& th:not(:first-of-type), & td:not(:first-of-type)': { px: 1, whiteSpace: 'nowrap' } }}
    >
      <TableHead>
        <TableRow>
          <TableCell>{nameHeader}</TableCell>
          {figures.map((f) => (
            <TableCell key={f.key} align="right">
              {f.header}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.name}>
            <TableCell data-testid="system-name">
              <SystemName kind={kind} name={row.name} />
            </TableCell>
            {figures.map((f) => (
              <TableCell key={f.key} align="right" sx={{ color: alarmed(f, row) }}>
                {f.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
