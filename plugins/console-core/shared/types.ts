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
