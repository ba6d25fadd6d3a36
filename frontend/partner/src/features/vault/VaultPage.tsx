import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder: the vault feature replaces this file. */
export function VaultPage() {
  return <PlaceholderPage titleKey="placeholder.vault" />;
}
