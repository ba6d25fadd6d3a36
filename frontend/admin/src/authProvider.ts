import type { AuthProvider } from 'react-admin';
import { takeAnswer } from './pageData';
import { fullName } from './lib/labels';
import { rememberPlace } from './returnTo';
import { dropUnsavedValues } from './lib/KeepUnsavedValues';
import { leaveTo } from '../../shared/leave';

interface Me {
  id: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  mustChangePassword: boolean;
  /** what the session still owes for its second factor (issue 13) */
  secondFactor?: { pending: 'verify' | 'enrol' | null };
}

let cached: Promise<Me | null> | null = null;
/** The signed-in user, asked once (the first time from the HTML's answer, pageData.ts). */
export async function me(force = false): Promise<Me | null> {
  if (!cached || force) {
    const carried = force ? undefined : takeAnswer('/api/me');
    cached = carried
      ? Promise.resolve(carried.body as Me)
      : fetch('/api/me', { credentials: 'same-origin' }).then(async (res) =>
          res.ok ? ((await res.json()) as Me) : null,
        );
  }
  return cached;
}

// An edit form's `warnWhenUnsavedChanges` asks before leaving unsaved changes; the console's
// own leaves below are not the admin's choice and ask nothing (`leaveTo`, frontend/shared): a
// 401 keeps the typed values (KeepUnsavedValues), a sign-out drops them on purpose.

/** Leaves the console for a page of the partner app (which signs in, or explains). */
const leave = (path: string) => {
  leaveTo(path);
  // never settles: the page is going away
  return new Promise<never>(() => undefined);
};

/** Leaves to sign in (again), to come back to this page afterwards (returnTo.ts, main.tsx). */
const signInAgain = (path: string) => {
  rememberPlace();
  return leave(path);
};

/**
 * The console uses the portal's session: no login page of its own. Anyone signed out goes to
 * the portal's sign-in, a non-admin to /dashboard (the server never sends them this bundle and
 * refuses every admin call anyway).
 */
export const authProvider: AuthProvider = {
  async login() {
    return leave('/login');
  },
  async logout() {
    await fetch('/api/logout', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }).catch(() => undefined);
    cached = null;
    dropUnsavedValues();
    return leave('/');
  },
  async checkAuth() {
    const user = await me();
    if (!user) return signInAgain('/login');
    if (user.mustChangePassword || user.secondFactor?.pending) return signInAgain('/');
    if (!user.isAdmin) return leave('/dashboard');
  },
  async checkError(error: { status?: number; body?: { error?: string } }) {
    if (error?.status === 401) {
      cached = null;
      return signInAgain('/login');
    }
    if (error?.status === 403 && error.body?.error !== 'cannot_lock_self') {
      const user = await me(true);
      if (!user?.isAdmin) return leave('/dashboard');
    }
  },
  async getIdentity() {
    const user = await me();
    if (!user) throw new Error('Not signed in');
    return { id: user.id, fullName: fullName(user) };
  },
  async getPermissions() {
    return (await me())?.isAdmin ? 'admin' : null;
  },
};

export const currentUserId = async () => (await me())?.id ?? null;
