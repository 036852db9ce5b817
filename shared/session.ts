/** The session contract between portal and server (spec 1 §3): login and validate responses, the session cookie. */

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
}

/** `POST /login` and `GET /auth/validate`. */
export interface AuthResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_at: string;
  user: SessionUser;
}
