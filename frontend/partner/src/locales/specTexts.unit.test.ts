import { describe, expect, it } from 'vitest';
import auth from './en/auth.json';
import onboarding from './en/onboarding.json';
import register from './en/register.json';
import replays from './en/replays.json';
import resources from './en/resources.json';
import shell from './en/shell.json';
import vault from './en/vault.json';

/**
 * The product spec's own words (spec 000: shell, validation rules, error catalogue; spec 001: the vault),
 * as the English texts must read them. Most screens' texts are read by the e2e tests; these are
 * the overlays, toasts and error texts a test rarely reaches, so a changed word would go unseen.
 */
const namespaces = { auth, onboarding, register, replays, resources, shell, vault };

const SPEC_TEXTS: [key: string, text: string][] = [
  ['shell:overlay.signingIn', 'Signing you in...'],
  ['shell:loading.default', 'Loading...'],
  ['shell:loading.note', 'Please wait while we load your data.'],
  ['shell:guard.authTitle', 'Authentication Required'],
  ['shell:guard.authText', 'You need to be logged in to access this page.'],
  ['shell:guard.redirecting', 'Redirecting to login page...'],
  ['shell:guard.goToLogin', 'Go to Login'],
  ['shell:footer.version', 'V1.10'],
  ['auth:login.contactSupport', 'CONTACT SUPPORT'],
  ['auth:login.failedTitle', 'Login failed. Please try again.'],
  ['auth:login.failedDefault', 'Incorrect email or password. Please try again.'],
  ['auth:login.successText', 'You have successfully signed in.'],
  ['auth:reset.requiredTitle', 'Password Required'],
  ['auth:reset.tooShortTitle', 'Password Too Short'],
  ['auth:reset.tooShortText', 'Password must be at least 6 characters long.'],
  ['auth:reset.mismatchTitle', "Passwords Don't Match"],
  ['auth:reset.mismatchText', 'Please make sure both passwords match.'],
  ['auth:reset.insecureTitle', 'Insecure Password'],
  ['auth:reset.insecureText', 'Please choose a more secure password.'],
  ['auth:reset.failedTitle', 'Password Reset Failed'],
  ['auth:reset.failedDefault', 'Failed to reset password'],
  ['auth:reset.errorText', 'An error occurred while resetting your password'],
  ['auth:reset.successTitle', 'Password Updated'],
  ['auth:reset.successText', 'Your password has been successfully updated. Welcome!'],
  ['register:passcode.invalid', 'Invalid passcode. Please try again.'],
  ['register:passcode.failed', 'Verification failed. Please try again.'],
  ['register:form.sponsorRequired', 'Please select a sponsor'],
  ['register:form.failedTitle', 'Registration failed'],
  ['register:form.failedDefault', 'Something went wrong. Please try again.'],
  ['register:form.success', 'Account created successfully!'],
  ['onboarding:backToDashboard', 'BACK TO DASHBOARD'],
  ['onboarding:titles.1', 'Get Connected'],
  ['onboarding:titles.2', 'Get FG Link'],
  ['onboarding:titles.3', 'Prepare 2 Lists'],
  ['onboarding:titles.4', 'Product Experience'],
  ['onboarding:titles.5', 'Start your Why'],
  ['onboarding:step1.subscribeFailedTitle', 'Subscription Failed'],
  ['onboarding:step1.subscribeFailedText', 'Failed to subscribe to newsletter. Please try again.'],
  ['onboarding:step1.unsubscribeFailedTitle', 'Unsubscribe Failed'],
  ['onboarding:errors.completeText', 'Failed to complete step. Please try again.'],
  ['onboarding:step2.saveFailedText', 'There was an issue saving your link. Please try again.'],
  ['onboarding:step3.saveErrorTitle', 'Save Error'],
  ['onboarding:step3.saveErrorText', 'Failed to save the new entry. Please try again.'],
  ['onboarding:step4.saveFailedText', 'Failed to save your experience. Please try again.'],
  ['onboarding:step4.skipFailedText', 'Failed to skip step. Please try again.'],
  ['resources:restrictedTitle', 'Access Restricted'],
  ['resources:restrictedText', 'Please log in to access the resources.'],
  ['replays:restrictedTitle', 'Access Restricted'],
  ['replays:restrictedText', 'Please log in to access the replay videos.'],
  ['vault:empty', 'No videos found for the selected category.'],
  ['vault:shareText', 'Check out this testimonial: {{name}}'],
  ['vault:more', '+{{count}} more'],
];

function textOf(key: string): unknown {
  const [ns, path] = key.split(':') as [keyof typeof namespaces, string];
  return path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], namespaces[ns]);
}

describe("the spec's texts, in English", () => {
  it.each(SPEC_TEXTS)('%s reads "%s"', (key, text) => {
    expect(textOf(key)).toBe(text);
  });
});
