import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { hiddenBulkActions } from './lib/hiddenBulkActions';

/** The console's theme: react-admin's default with the portal's greens (the two-step set-up uses it too). */
export const consoleTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#0d7d67' },
    secondary: { main: '#0b5f4f' },
    // MUI's default orange and light blue carry white text at 3.1:1 and 3.9:1; these reach AA (5.0:1, 4.8:1)
    warning: { main: '#b45309', contrastText: '#fff' },
    info: { main: '#0277bd', contrastText: '#fff' },
  },
  components: {
    ...defaultTheme.components,
    ...hiddenBulkActions,
    // On a phone an edit page's Save / Delete bar is fixed at the bottom of the screen, where the
    // messages appear: "The form is not valid", "User updated" lay over the Save button, which
    // could not be tapped until the message went (and a pointer resting on it kept it there).
    // While such a bar is on the page, messages stand above it.
    RaNotification: {
      styleOverrides: {
        root: {
          '@media (max-width: 599.95px)': { 'body:has(.RaToolbar-mobileToolbar) &': { bottom: 84 } },
        },
      },
    },
    MuiCheckbox: {
      defaultProps: {
        // react-admin's Datagrid gives its row checkbox an aria-label, which MUI 9 puts on the
        // wrapping <span> (where ARIA forbids it) and not on the <input>: move it to the input.
        slotProps: {
          root: { 'aria-label': undefined },
          input: (ownerState: { 'aria-label'?: string }) =>
            ownerState['aria-label'] ? { 'aria-label': ownerState['aria-label'] } : {},
        },
      },
    },
  },
  sidebar: { width: 264, closedWidth: 56 },
};
