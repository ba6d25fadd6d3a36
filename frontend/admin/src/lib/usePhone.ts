import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

/**
 * A phone-sized screen (below MUI's `sm`, 600 px): list pages show react-admin's SimpleList
 * there (the key facts of each row, no sideways scroll) and their Datagrid above. Read at the
 * first render (`noSsr`), so a phone never renders the table first.
 */
export const usePhone = () => useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
