import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { makePersistable, stopPersisting } from 'mobx-persist-store';
import type { HttpClient, HttpOptions, SiteConfig } from '../../../core/plugin-api';
import { ERROR_CODES } from '../../../core/shared';
import {
  CONSOLE_LOGIN_PATH,
  CONSOLE_ME_PATH,
  OPERATOR_CONSOLE_STORE,
  TOTP_CODE_FIELD,
  TOTP_SETUP_FIELD,
  type OperatorConsole,
  type OperatorLoginResult,
  type OperatorProfile,
} from '../shared/types';

export const OPERATOR_STORE = OPERATOR_CONSOLE_STORE;

/** Storage key of the operator session: every persisted key starts with the site's release name (spec §9). */
export function operatorStorageKey(site: Pick<SiteConfig, 'release'>): string {
  return `${site.release}:console-operator`;
}

interface HttpFailure {
  code?: number;
  msg?: string;
  field?: string;
}

/**
 * The operator's console session: its own token (not the member session of the shell), the
 * operator's name and role, persisted under the site's release prefix.
 */
export class OperatorStore implements OperatorConsole {
  token = '';
  /** When the token stops being valid, ms since the epoch. */
  expiresAt = 0;
  operator: OperatorProfile | null = null;
  /** True once the persisted session has been read. */
  hydrated = false;
  pending = false;
  /** The message of the last failed sign-in; kept in the store so it survives a redirect. */
  error = '';
  /** The password was right and the operator has TOTP bound: the next attempt must carry the code. */
  codeRequired = false;

  /** The shell's client with the operator's token instead of the member's (see OperatorConsole). */
  readonly http: HttpClient;

  constructor(
    private readonly shellHttp: HttpClient,
    private readonly now: () => number = Date.now,
  ) {
    this.http = operatorHttp(shellHttp, this);
    makeObservable(this, {
      token: observable,
      expiresAt: observable,
      operator: observableRef,
      hydrated: observable,
      pending: observable,
      error: observable,
      codeRequired: observable,
      signOut: action,
      markTotpBound: action,
      markTotpUnbound: action,
    });
  }

  /** Reads the persisted session (localStorage); without a browser storage there is nothing to read. */
  async hydrate(site: Pick<SiteConfig, 'release'>): Promise<void> {
    if (typeof window !== 'undefined' && window.localStorage) {
      await makePersistable(this, {
        name: operatorStorageKey(site),
        properties: ['token', 'expiresAt', 'operator'],
        storage: window.localStorage,
      });
    }
    runInAction(() => {
      this.hydrated = true;
      if (this.token && this.expiresAt <= this.now()) this.signOut();
    });
  }

  /** A plain getter, not a computed: the clock is not observable, so it is read on every render. */
  get isSignedIn(): boolean {
    return this.token !== '' && this.expiresAt > this.now();
  }

  /** The operator's Blade-Auth header. */
  authHeaders(): Record<string, string> {
    return { 'Blade-Auth': `bearer ${this.token}` };
  }

  /** True when the signed-in operator's role holds the permission (from GET /console/me). */
  can(permission: string): boolean {
    return this.operator?.permissions?.includes(permission) ?? false;
  }

  /** The operator must bind an authenticator app before the console opens. */
  get needsTotp(): boolean {
    return this.operator !== null && this.operator.totpBound === false;
  }

  markTotpBound(): void {
    if (this.operator) this.operator = { ...this.operator, totpBound: true };
  }

  /** The server refused a call until TOTP is bound (403 naming the "totp" field). */
  markTotpUnbound(): void {
    if (this.operator) this.operator = { ...this.operator, totpBound: false };
  }

  /** Password, and the authenticator code once the server asked for it (codeRequired). */
  async signIn(username: string, password: string, code?: string): Promise<boolean> {
    runInAction(() => {
      this.pending = true;
      this.error = '';
    });
    try {
      const body = code ? { username, password, code } : { username, password };
      const result = await this.shellHttp.post<OperatorLoginResult>(CONSOLE_LOGIN_PATH, body, { silent: true, credentials: true });
      runInAction(() => {
        this.token = result.access_token;
        this.expiresAt = this.now() + result.expires_in * 1000;
        this.operator = { ...result.operator, totpBound: result.totpBound };
        this.codeRequired = false;
      });
      await this.refreshProfile();
      return true;
    } catch (error) {
      const failure = error as HttpFailure;
      runInAction(() => {
        if (failure.code === ERROR_CODES.whitelisted && failure.field === TOTP_CODE_FIELD) this.codeRequired = true;
        else this.error = failure.msg || String((error as Error).message ?? '');
      });
      return false;
    } finally {
      runInAction(() => {
        this.pending = false;
      });
    }
  }

  /** Reloads the operator; a refused token ends the console session. */
  async refreshProfile(): Promise<void> {
    if (!this.isSignedIn) return;
    try {
      const operator = await this.http.get<OperatorProfile>(CONSOLE_ME_PATH, { silent: true });
      runInAction(() => {
        this.operator = operator;
      });
    } catch {
      // a refused token already signed the operator out (operatorHttp); other failures keep the session
    }
  }

  signOut(): void {
    this.token = '';
    this.expiresAt = 0;
    this.operator = null;
    this.codeRequired = false;
  }

  /** Stops writing the session to storage (a new store may then take the same key). */
  dispose(): void {
    stopPersisting(this);
  }
}

/**
 * Wraps the shell's client: every call carries the operator's token and counts as presenting credentials,
 * so a 401 does not end the member session of the shell; it signs the operator out instead.
 */
export function operatorHttp(http: HttpClient, session: Pick<OperatorStore, 'authHeaders' | 'signOut'> & Partial<Pick<OperatorStore, 'markTotpUnbound'>>): HttpClient {
  const withOperator = <O extends HttpOptions>(options: O = {} as O): O => ({
    ...options,
    credentials: true,
    headers: { ...options.headers, ...session.authHeaders() },
  });
  const signOutOn401 = async <T>(call: Promise<T>): Promise<T> => {
    try {
      return await call;
    } catch (error) {
      const failure = error as HttpFailure;
      if (failure.code === ERROR_CODES.unauthorized) runInAction(() => session.signOut());
      if (failure.code === ERROR_CODES.forbidden && failure.field === TOTP_SETUP_FIELD) runInAction(() => session.markTotpUnbound?.());
      throw error;
    }
  };
  return {
    get: (path, options) => signOutOn401(http.get(path, withOperator(options))),
    post: (path, body, options) => signOutOn401(http.post(path, body, withOperator(options))),
    upload: (path, form, options) => signOutOn401(http.upload(path, form, withOperator(options))),
    download: (path, body, options) => signOutOn401(http.download(path, body, withOperator(options))),
  };
}

export function createOperatorStore(http: HttpClient, site: Pick<SiteConfig, 'release'>, now?: () => number): OperatorStore {
  const store = new OperatorStore(http, now);
  store.hydrate(site).catch((error) => {
    console.error('the console session could not be read', error);
    runInAction(() => {
      store.hydrated = true;
    });
  });
  return store;
}
