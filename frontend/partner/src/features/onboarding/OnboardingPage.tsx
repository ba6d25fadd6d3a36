import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder: the onboarding feature replaces this file. */
export function OnboardingPage() {
  return <PlaceholderPage titleKey="placeholder.onboarding" />;
}
