import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder: the liveCalls feature replaces this file. */
export function LiveCallsPage() {
  return <PlaceholderPage titleKey="placeholder.liveCalls" />;
}
