import type { HttpClient } from '../../../core/plugin-api';

/** The signed-in operator as GET /console/me and POST /console/auth/login return it. */
export interface OperatorProfile {
  id: string;
  username: string;
  role: string;
}

/** POST /api/{head}/console/auth/login answer. */
export interface OperatorLoginResult {
  access_token: string;
  token_type: string;
  /** Seconds until the token expires. */
  expires_in: number;
  operator: OperatorProfile;
}

export const CONSOLE_LOGIN_PATH = '/console/auth/login';
export const CONSOLE_ME_PATH = '/console/me';

export const CONSOLE_LOGIN_ROUTE = 'console.login';
export const CONSOLE_HOME_ROUTE = 'console.home';

/** The store id of the operator session: root.store<OperatorConsole>(OPERATOR_CONSOLE_STORE). */
export const OPERATOR_CONSOLE_STORE = 'console-core';

/**
 * What console plugins use of the operator session. The shell's own HTTP client sends the member token;
 * `http` sends the operator's (`Blade-Auth: bearer <operator token>`), and a refused token signs the operator
 * out instead of ending the (absent) member session.
 */
export interface OperatorConsole {
  /** True once the persisted session has been read. */
  readonly hydrated: boolean;
  readonly isSignedIn: boolean;
  readonly operator: OperatorProfile | null;
  readonly http: HttpClient;
  /** The operator's Blade-Auth header, for requests the client cannot make (e.g. image bytes). */
  authHeaders(): Record<string, string>;
  signOut(): void;
}
