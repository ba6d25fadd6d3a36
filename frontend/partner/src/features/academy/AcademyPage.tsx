import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder: the academy feature replaces this file. */
export function AcademyPage() {
  return <PlaceholderPage titleKey="placeholder.academy" />;
}
