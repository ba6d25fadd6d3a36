import type { Components } from '@mui/material/styles';

/**
 * react-admin's BulkActionsToolbar hides its buttons while no row is selected by folding the
 * toolbar to no height: they were still in the Tab order (Unselect, Lock, ... reached as
 * invisible stops) and read by screen readers. `visibility: hidden` on the folded toolbar takes
 * them out of both; selecting a row shows them as before (theme override for every list).
 *
 * Unfolded, the toolbar lies over the list's filters, which are taller than it: the top of the
 * status box showed above it, and the covered search box and filters were still Tab stops. While
 * rows are selected the filters are hidden the same way (they come back with the selection gone).
 */
export const hiddenBulkActions = {
  RaBulkActionsToolbar: {
    styleOverrides: {
      root: { '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' } },
    },
  },
  RaList: {
    styleOverrides: {
      root: {
        '& .RaList-main:has(.RaBulkActionsToolbar-toolbar:not(.RaBulkActionsToolbar-collapsed)) > .RaList-actions':
          { visibility: 'hidden' },
      },
    },
  },
} as Components;
