import { createStore } from './store';

/** Key of a loading-overlay message in the `shell` namespace (`loading.<key>`). */
export type LoadingKey =
  | 'default'
  | 'partners'
  | 'dashboard'
  | 'admin'
  | 'onboarding'
  | 'performance'
  | 'liveCalls'
  | 'replays'
  | 'academy'
  | 'vault'
  | 'resources';

interface UiState {
  /** the login dialog is open */
  loginOpen: boolean;
  /** the login dialog was opened once, so its chunk stays mounted */
  loginMounted: boolean;
  /** a sign-in is in progress: the 'Signing you in...' overlay */
  authenticating: boolean;
  /** the general loading overlay, with its message key, or null */
  loading: LoadingKey | null;
}

export const ui = createStore<UiState>({
  loginOpen: false,
  loginMounted: false,
  authenticating: false,
  loading: null,
});

export const openLogin = () => ui.set({ loginOpen: true, loginMounted: true });
export const closeLogin = () => ui.set({ loginOpen: false });
export const setAuthenticating = (authenticating: boolean) => ui.set({ authenticating });
/** Shows the loading overlay; it is cleared by `hideLoading` and on every route change. */
export const showLoading = (key: LoadingKey = 'default') => ui.set({ loading: key });
export const hideLoading = () => ui.set({ loading: null });

let loginPreloader: () => unknown = () => undefined;
/** The app shell registers how to fetch the login dialog's code. */
export const registerLoginPreloader = (fn: () => unknown) => void (loginPreloader = fn);
/** Loads the login dialog's code ahead of a likely click (hover, focus). */
export const preloadLogin = () => void loginPreloader();
