import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { HttpClient, SessionUser, SiteConfig } from '../../plugin-api';
import { COOKIE_LIFETIME_DAYS } from '../../shared';
import { persist, stopPersist } from './persistence';

/** What POST /api/blade-auth/oauth/token grants: the tokens plus the user info known at that point. */
export interface TokenGrant {
  access_token: string;
  refresh_token: string;
  [field: string]: unknown;
}

export const TOKEN_PATH = '/api/blade-auth/oauth/token';
export const PROFILE_PATH = '/coin/member/getMemberInfo';
const SESSION_LIFETIME_MS = COOKIE_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

export interface SessionDeps {
  site: SiteConfig;
  http: () => HttpClient;
  now: () => number;
  /** Called after a logout so the shell can go to /. */
  onLogout: () => void;
}

function userOfGrant(grant: TokenGrant, previous: SessionUser | null): SessionUser {
  const { access_token: _a, refresh_token: _r, ...info } = grant;
  const id = info.id ?? info.user_id ?? previous?.id ?? '';
  const uid = info.uid ?? info.account ?? previous?.uid ?? '';
  return { ...previous, ...(info as Partial<SessionUser>), id: String(id), uid: String(uid) };
}

/** Tokens and user info (spec §3, §4), persisted for the cookie lifetime. */
export class SessionStore {
  accessToken = '';
  refreshToken = '';
  /** When the current access token was granted, ms since the epoch. */
  tokenDatetime = 0;
  user: SessionUser | null = null;
  isLogin = false;

  constructor(private readonly deps: SessionDeps) {
    makeObservable(this, {
      accessToken: observable,
      refreshToken: observable,
      tokenDatetime: observable,
      user: observableRef,
      isLogin: observable,
      principal: computed,
      storeGrant: action,
      updateUser: action,
      clear: action,
    });
  }

  /**
   * Whom the access token names: the member's id, null without a token. It is set with the token, before the
   * profile has loaded and isLogin turns true; a refreshed token keeps it.
   */
  get principal(): string | null {
    return this.accessToken && this.user ? this.user.id : null;
  }

  async hydrate(): Promise<void> {
    await persist(this, this.deps.site.release, 'session', ['accessToken', 'refreshToken', 'tokenDatetime', 'user', 'isLogin'], SESSION_LIFETIME_MS);
    if (this.isLogin && !this.accessToken) this.clear();
  }

  /** Login (spec §4): store tokens and user info, load and merge the full profile, then isLogin. */
  async login(grant: TokenGrant): Promise<void> {
    this.storeGrant(grant);
    try {
      await this.loadProfile();
    } catch (error) {
      this.clear();
      throw error;
    }
    runInAction(() => {
      this.isLogin = true;
    });
  }

  /** Logout, also forced on a 401: clears the session, then the shell goes to /. */
  logout(): void {
    this.clear();
    this.deps.onLogout();
  }

  async loadProfile(): Promise<void> {
    const profile = await this.deps.http().get<Partial<SessionUser> | null>(PROFILE_PATH);
    if (profile) this.updateUser(profile);
  }

  /** Exchanges the refresh token for new tokens, then reloads the profile. */
  async refresh(): Promise<void> {
    const { tenantId } = this.deps.site.api;
    const grant = await this.deps.http().post<TokenGrant>(TOKEN_PATH, undefined, {
      query: { grant_type: 'refresh_token', refresh_token: this.refreshToken, type: 'account', tenantId, scope: 'all' },
      headers: { 'Tenant-Id': tenantId },
    });
    if (!this.isLogin) return;
    this.storeGrant(grant);
    await this.loadProfile();
  }

  storeGrant(grant: TokenGrant): void {
    this.accessToken = grant.access_token;
    this.refreshToken = grant.refresh_token;
    this.tokenDatetime = this.deps.now();
    this.user = userOfGrant(grant, this.user);
  }

  updateUser(changes: Partial<SessionUser>): void {
    if (!this.user) return;
    this.user = { ...this.user, ...changes };
  }

  clear(): void {
    this.accessToken = '';
    this.refreshToken = '';
    this.tokenDatetime = 0;
    this.user = null;
    this.isLogin = false;
  }

  dispose(): void {
    stopPersist(this);
  }
}
