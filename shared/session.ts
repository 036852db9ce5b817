/** The session contract between portal and server (spec 1 §3): login and validate responses, the session cookie. */
import type { SavedViewStateValue } from './entities/saved-view-values';

/** The cookie holding the session's bearer token (spec 1 §9), on the parent domain of every tenant host. */
export const SESSION_COOKIE = 'user_session';

export interface SessionUser {
  id: number;
  name: string;
  username: string;
  email: string;
  profile_image: string | null;
  admin: boolean;
  /** Ability names (spec 2 §6) of the user's role and groups in the current company. */
  abilities: string[];
  /** Licence keys assigned to the user in the current company. */
  licenses: string[];
  /** The design-software (Autodesk) account link, for the dashboard warning. */
  autodesk_connected: boolean;
  autodesk_scope_outdated: boolean;
  /**
   * The company connects design-software accounts (its `autodesk_integration` is not 'no', spec 2 §2 Settings):
   * only then does the dashboard warn about an unconnected one (issue 31).
   */
  autodesk_integration: boolean;
  /** What the user chose to keep across devices (`PATCH /my-account/preferences`). */
  preferences: UserPreferences;
  /**
   * The state of the user's default saved view per list (`saved-views` with `is_default`, by the list's key), in
   * the current company: a list whose URL says nothing of its own opens with it (issue 33).
   */
  default_views?: Record<string, SavedViewStateValue>;
}

/** A problem of the design-software account the dashboard warns about (spec 1 §2.4). */
export const DESIGN_SOFTWARE_PROBLEMS = ['notConnected', 'reconnect'] as const;
export type DesignSoftwareProblem = (typeof DESIGN_SOFTWARE_PROBLEMS)[number];

/** The portal's theme a user picks (issue 33): the system's setting, or always light or dark. */
export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

/** A user's preferences, stored on the server per user, so they follow the user across devices. */
export interface UserPreferences {
  /** The design-software warning the user dismissed; it shows again for another problem. */
  dismissed_design_software_warning?: DesignSoftwareProblem | null;
  /** The theme the user picked in the avatar menu; the system's setting without one. */
  theme?: ThemePreference | null;
}

/** `POST /login` and `GET /auth/validate`. */
export interface AuthResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_at: string;
  user: SessionUser;
}
