import { createStore } from '../../lib/store';

/**
 * The sign-in's "Welcome back!" toast, when the sign-in leads to the forced password change: the
 * forced change screen shows it once its card is laid out, placed away from the card's heading
 * and first field (raised at the sign-in, before the card existed, it went to the top and covered
 * the card's top on a phone).
 */
const welcome = createStore({ due: false });

/** Leaves the welcome toast to the forced change screen. */
export const welcomeOnForcedChange = () => welcome.set({ due: true });

/** Whether the welcome toast waits for the forced change screen. */
export const useWelcomeDue = () => welcome.use((s) => s.due);

/** The welcome toast is being shown: not again. */
export const welcomeShown = () => welcome.set({ due: false });
