/** The authentication state (spec 1 §4) as React state. */
import { useSyncExternalStore } from 'react';
import { session, type SessionState } from '@/providers/session';

export const useSession = (): SessionState => useSyncExternalStore(session.subscribe, session.getState);
