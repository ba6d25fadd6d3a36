import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder: the replays feature replaces this file. */
export function ReplaysPage() {
  return <PlaceholderPage titleKey="placeholder.replays" />;
}
