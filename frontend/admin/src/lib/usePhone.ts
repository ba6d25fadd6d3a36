import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

/**
 * A phone-sized screen (below MUI's `sm`, 600 px): list pages show react-admin's SimpleList
 * there (the key facts of each row, no sideways scroll) and their Datagrid above. Read at the
 * first render (`noSsr`), so a phone never renders the table first.
 */
export const usePhone = () => useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });

/** Narrower than MUI's `md` (900 px), a tablet: a table leaves out a column the admin can do without. */
export const useNarrow = () => useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'), { noSsr: true });
