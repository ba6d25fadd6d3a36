import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder: the resources feature replaces this file. */
export function ResourcesPage() {
  return <PlaceholderPage titleKey="placeholder.resources" />;
}
