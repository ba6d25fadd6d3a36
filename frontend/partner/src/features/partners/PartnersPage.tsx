import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder: the partners feature replaces this file. */
export function PartnersPage() {
  return <PlaceholderPage titleKey="placeholder.partners" />;
}
