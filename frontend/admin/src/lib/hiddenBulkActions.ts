import type { Components } from '@mui/material/styles';

/**
 * react-admin's BulkActionsToolbar hides its buttons while no row is selected by folding the
 * toolbar to no height: they were still in the Tab order (Unselect, Lock, ... reached as
 * invisible stops) and read by screen readers. `visibility: hidden` on the folded toolbar takes
 * them out of both; selecting a row shows them as before (theme override for every list).
 */
export const hiddenBulkActions = {
  RaBulkActionsToolbar: {
    styleOverrides: {
      root: { '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' } },
    },
  },
} as Components;
