import { SearchInput, useTranslate } from 'react-admin';

/**
 * react-admin's SearchInput with a real accessible name: it hides its label and relies on the
 * placeholder, which disappears as soon as something is typed.
 */
export function SearchFilter(props: { source: string; alwaysOn?: boolean }) {
  const t = useTranslate();
  return <SearchInput {...props} slotProps={{ htmlInput: { 'aria-label': t('ra.action.search') } }} />;
}
