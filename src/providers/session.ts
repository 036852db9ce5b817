/**
 * The authentication state of spec 1 §4: `auth` (empty or the validate/login response) and `ready`. On start it
 * validates the session cookie when there is one (in parallel with the tenant lookup and the translations); a
 * response writes the token back to the cookie (persistent only with remember-me); any announced 401 logs out.
 * Framework-free, so the providers and the shell read the same state.
 */
import type { AuthResponse, SessionUser } from '@shared/session';
import { ApiError, apiRequest, clearPrefetched, sessionToken, unauthorizedEvents } from './http-client';
import { clearSessionCookies, isRemembered, storeSessionCookies } from './session-cookies';

export interface SessionState {
  auth: AuthResponse | null;
  ready: boolean;
  /** Remember-me was chosen: no inactivity logout. */
  remembered: boolean;
  /** Why the last session ended: the user logged out, or the server refused the token (a 401). */
  ended?: 'logout' | 'unauthorized';
}

type Listener = (state: SessionState, previous: SessionState) => void;
type Request = <T>(path: string) => Promise<T>;

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: Listener): () => void;
  /** Resolves once the start-up validation has finished. */
  whenReady(): Promise<SessionState>;
  /** Validates the session cookie (once); without a cookie the state is ready and signed out at once. */
  start(): Promise<SessionState>;
  signIn(auth: AuthResponse, remember: boolean): void;
  signOut(reason?: SessionState['ended']): void;
  /**
   * Validates the signed-in session again (abilities, licences and the admin flag may have changed); calls made
   * while one is under way share it. A 401 signs out (through the HTTP client); without an answer nothing changes.
   */
  revalidate(): Promise<SessionState>;
}

export function createSessionStore(request: Request = (path) => apiRequest(path)): SessionStore {
  let state: SessionState = { auth: null, ready: false, remembered: false };
  const listeners = new Set<Listener>();
  let started: Promise<SessionState> | null = null;
  let resolveReady!: (state: SessionState) => void;
  const ready = new Promise<SessionState>((resolve) => (resolveReady = resolve));

  const setState = (next: SessionState) => {
    const previous = state;
    state = next;
    if (next.ready) resolveReady(next);
    listeners.forEach((listener) => listener(next, previous));
  };

  const signOut = (reason: SessionState['ended'] = 'unauthorized') => {
    clearSessionCookies();
    endSession(reason);
  };

  const endSession = (reason: SessionState['ended']) => {
    // Answers asked for ahead with the old token are never shown to whoever signs in next.
    clearPrefetched();
    setState({ auth: null, ready: true, remembered: false, ended: reason });
  };

  const validate = async (): Promise<SessionState> => {
    const token = sessionToken();
    if (!token) {
      setState({ ...state, ready: true });
      return state;
    }
    try {
      const auth = await request<AuthResponse>('/auth/validate');
      const remembered = isRemembered();
      // The token goes back into the cookie (spec 1 §9), which also moves a remembered one's expiry on. A session
      // cookie that already holds it would be written unchanged, and a write costs the next cookie read a round
      // trip to the browser's cookie store (about 5 ms of a first visit's main thread).
      if (remembered || auth.access_token !== token) storeSessionCookies(auth.access_token, remembered);
      setState({ auth, ready: true, remembered });
    } catch (error) {
      // A 401 clears the cookies (below); without an answer the cookie stays for the next load.
      if (!(error instanceof ApiError && error.status === 401))
        console.warn('Session could not be validated', error);
      setState({ auth: null, ready: true, remembered: false });
    }
    return state;
  };

  let revalidating: Promise<SessionState> | null = null;
  const revalidate = async (): Promise<SessionState> => {
    if (!state.auth || !sessionToken()) return state;
    try {
      const auth = await request<AuthResponse>('/auth/validate');
      // A sign-out or another sign-in while it was under way wins.
      if (state.auth?.user.id === auth.user.id) {
        storeSessionCookies(auth.access_token, state.remembered);
        setState({ ...state, auth });
      }
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401))
        console.warn('Session could not be validated again', error);
    }
    return state;
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    whenReady: () => ready,
    start() {
      if (!started) {
        unauthorizedEvents.subscribe(({ token }) => {
          // The cookie is shared by every tab of the portal's domain: when someone signed in since this tab's
          // request left, the refusal of the old token must not delete the new one.
          const current = sessionToken();
          if (current && current !== token) endSession('unauthorized');
          else signOut('unauthorized');
        });
        started = validate();
      }
      return started;
    },
    signIn(auth, remember) {
      clearPrefetched();
      storeSessionCookies(auth.access_token, remember);
      setState({ auth, ready: true, remembered: remember });
    },
    signOut,
    revalidate() {
      revalidating ??= revalidate().finally(() => (revalidating = null));
      return revalidating;
    },
  };
}

/** The portal's session. */
export const session = createSessionStore();

export const sessionUser = (): SessionUser | null => session.getState().auth?.user ?? null;
