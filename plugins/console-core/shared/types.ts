import type { HttpClient, MenuContribution, RouteContribution, ShellRoot } from '../../../core/plugin-api';

/** The signed-in operator as POST /console/auth/login returns it. */
export interface OperatorProfile {
  id: string;
  username: string;
  role: string;
  /** From GET /console/me: what the role may do (core/plugin-api console-permissions). */
  permissions?: string[];
  /** From GET /console/me: false until the operator has bound an authenticator app. */
  totpBound?: boolean;
}

/** POST /api/{head}/console/auth/login answer. */
export interface OperatorLoginResult {
  access_token: string;
  token_type: string;
  /** Seconds until the token expires. */
  expires_in: number;
  operator: OperatorProfile;
  /** False: the session may only bind TOTP (and change the password) until it is bound. */
  totpBound: boolean;
}

export const CONSOLE_LOGIN_PATH = '/console/auth/login';
export const CONSOLE_ME_PATH = '/console/me';
export const CONSOLE_PASSWORD_PATH = '/console/me/password';
export const CONSOLE_TOTP_SECRET_PATH = '/console/me/totp/secret';
export const CONSOLE_TOTP_PATH = '/console/me/totp';
export const CONSOLE_OPERATORS_PATH = '/console/operators';
export const CONSOLE_AUDIT_PATH = '/console/audit';
export const CONSOLE_COLLECTIONS_PATH = '/console/collections';
export const CONSOLE_SITE_SETTINGS_PATH = '/console/site-settings';

/** data.field of the 403 that means "bind TOTP first" (the kernel's TOTP_SETUP_FIELD). */
export const TOTP_SETUP_FIELD = 'totp';
/** data.field of the login answer that asks for the authenticator code. */
export const TOTP_CODE_FIELD = 'code';

export const CONSOLE_LOGIN_ROUTE = 'console.login';
export const CONSOLE_HOME_ROUTE = 'console.home';
export const CONSOLE_ACCOUNT_ROUTE = 'console.account';
export const CONSOLE_OPERATORS_ROUTE = 'console.operators';
export const CONSOLE_AUDIT_ROUTE = 'console.audit';
export const CONSOLE_CONTENT_ROUTE = 'console.content';
export const CONSOLE_COLLECTION_ROUTE = 'console.collection';
export const CONSOLE_SETTINGS_ROUTE = 'console.settings';

/** A cgform collection as GET /console/collections lists it. */
export interface Collection {
  code: string;
  title: string;
  rowCount: number;
  /** The JSON Schema every row satisfies (checked on the server). */
  schema: Record<string, unknown>;
  uiSchema: Record<string, unknown>;
}

/** A stored row: its id, then its fields. */
export type CollectionRow = { id: number } & Record<string, unknown>;

/** GET /console/site-settings lists the sites the server serves. */
export interface SiteEntry {
  name: string;
  title: string;
}

/** GET and POST /console/site-settings/{site}. */
export interface SiteSettingsView {
  site: string;
  /** Values in force: the site config with the operator's changes. */
  settings: Record<string, string | number | boolean>;
  /** The settings changed from the site config. */
  overridden: string[];
  /** JSON Schema of the editable settings. */
  schema: Record<string, unknown>;
}

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
  /** True when the operator's role holds the permission (console-permissions catalogue). */
  can(permission: string): boolean;
  signOut(): void;
}

/** A menu-entry predicate for console plugins: shown only when the signed-in operator's role has the permission. */
export function operatorCan(permission: string): (root: ShellRoot) => boolean {
  return (root) => root.store<OperatorConsole>(OPERATOR_CONSOLE_STORE).can(permission);
}

/** A console page: bare layout, framed by the console's side menu. */
export function consolePage(name: string, path: string, page: RouteContribution['page']): RouteContribution {
  return { name, path, page, layout: 'bare', section: 'console.side' };
}

/** A console side-menu entry `<namespace>:<titleKey>` shown to operators whose role has the permission. */
export function consoleMenu(entry: { id: string; order: number; titleKey: string; route: string; permission: string }): MenuContribution {
  const { permission, ...rest } = entry;
  return { ...rest, slot: 'console.side', visible: operatorCan(permission) };
}
