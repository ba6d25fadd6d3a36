/** Styles for text a screen reader says and the page does not show (MUI `sx`). */
export const SPOKEN_ONLY = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
