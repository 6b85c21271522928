// The identity calls of the web pages, through the shell's HTTP client (Basic client auth, language, token).
import type { ShellRoot } from '../../../core/plugin-api';
import type { TokenGrant } from '../../../core/web';
import { IDENTITY_PATHS, type AreaCodeItem, type CodeSent, type RegisterBody, type RegisterResult } from '../shared/types';
import type { AccountInput } from './form-rules';

type Root = Pick<ShellRoot, 'http' | 'site' | 'settings'>;

export function sendCode(root: Root, account: AccountInput, type: 'register' | 'login' | 'reset'): Promise<CodeSent> {
  return account.type === 'email'
    ? root.http.get<CodeSent>(IDENTITY_PATHS.sendEmailCode, { query: { email: account.email.trim(), type } })
    : root.http.get<CodeSent>(IDENTITY_PATHS.sendSmsCode, { query: { areaCode: account.areaCode, phone: account.phone.trim(), type } });
}

export function register(root: Root, body: RegisterBody): Promise<RegisterResult> {
  return root.http.post<RegisterResult>(IDENTITY_PATHS.register, body, { silent: true });
}

/**
 * The password grant. The OAuth parameters go in the query as the spec has them; the username and
 * password go in the JSON body (the server reads either) so they never appear in a URL or an access log.
 */
export function passwordGrant(root: Root, account: AccountInput, password: string): Promise<TokenGrant> {
  const { tenantId } = root.site.api;
  const username = account.type === 'email' ? account.email.trim() : account.phone.trim();
  return root.http.post<TokenGrant>(
    IDENTITY_PATHS.token,
    { username, password, ...(account.type === 'phone' ? { areaCode: account.areaCode } : {}) },
    {
      query: { tenantId, scope: 'all', type: 'account', grant_type: 'password', deviceId: root.settings.deviceId },
      headers: { 'Tenant-Id': tenantId },
      silent: true,
    },
  );
}

let areaCodes: Promise<AreaCodeItem[]> | undefined;

/** The area code list (loaded once per page load). */
export function loadAreaCodes(root: Root): Promise<AreaCodeItem[]> {
  areaCodes ??= root.http.get<AreaCodeItem[]>(IDENTITY_PATHS.areaCodes, { silent: true }).catch((error) => {
    areaCodes = undefined;
    throw error;
  });
  return areaCodes;
}
