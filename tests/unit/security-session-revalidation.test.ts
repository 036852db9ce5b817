/**
 * Issue 14: the session is validated again when the tab regains focus or becomes visible, so abilities changed
 * by a role, a group or a membership apply without a reload; the store's `revalidate` replaces the user's
 * abilities and shares one call between simultaneous triggers.
 */
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthResponse } from '@shared/session';
import { onTabReturn } from '@/providers/focus-revalidation';
import { ApiError, SESSION_COOKIE } from '@/providers/http-client';
import { createSessionStore } from '@/providers/session';
import { clearSessionCookies } from '@/providers/session-cookies';

const auth = (abilities: string[]): AuthResponse => ({
  access_token: 'token-1',
  token_type: 'Bearer',
  expires_at: '2027-01-01T00:00:00Z',
  user: {
    id: 2,
    name: 'Bob Brink',
    username: 'bob',
    email: 'bob@acme.test',
    profile_image: null,
    admin: false,
    abilities,
    licenses: [],
    autodesk_connected: false,
    autodesk_scope_outdated: false,
    autodesk_integration: false,
    preferences: {},
  },
});

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  clearSessionCookies();
  setVisibility('visible');
});

describe('onTabReturn', () => {
  it('calls back on window focus and when the page becomes visible, not when it is hidden', () => {
    const callback = vi.fn();
    const stop = onTabReturn(callback);
    window.dispatchEvent(new FocusEvent('focus'));
    expect(callback).toHaveBeenCalledTimes(1);
    setVisibility('hidden');
    expect(callback).toHaveBeenCalledTimes(1);
    setVisibility('visible');
    expect(callback).toHaveBeenCalledTimes(2);
    stop();
    window.dispatchEvent(new FocusEvent('focus'));
    setVisibility('visible');
    expect(callback).toHaveBeenCalledTimes(2);
  });
});

describe('session.revalidate', () => {
  it('replaces the abilities with the validated ones, one call for simultaneous triggers', async () => {
    let current = ['view-projects'];
    const request = vi.fn(async () => auth(current));
    const store = createSessionStore(request as never);
    store.signIn(auth(current), false);
    current = ['list-labels'];
    const listener = vi.fn();
    store.subscribe(listener);
    const stop = onTabReturn(() => void store.revalidate());
    window.dispatchEvent(new FocusEvent('focus'));
    setVisibility('visible');
    await store.revalidate();
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith('/auth/validate');
    expect(store.getState().auth?.user.abilities).toEqual(['list-labels']);
    expect(listener).toHaveBeenCalled();
    expect(Cookies.get(SESSION_COOKIE)).toBe('token-1');
    stop();
  });

  it('does nothing while signed out, and keeps the session when the server does not answer', async () => {
    const request = vi.fn(async () => {
      throw new ApiError(503, 'Service Unavailable');
    });
    const store = createSessionStore(request as never);
    await store.revalidate();
    expect(request).not.toHaveBeenCalled();
    store.signIn(auth(['view-projects']), false);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await store.revalidate();
    expect(store.getState().auth?.user.abilities).toEqual(['view-projects']);
    warn.mockRestore();
  });
});
