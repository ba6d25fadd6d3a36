import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder: the foundation feature replaces this file. */
export function FoundationPage() {
  return <PlaceholderPage titleKey="placeholder.foundation" />;
}
