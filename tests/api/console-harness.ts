// Operator sign-in for API tests: signs in and, the first time, binds TOTP the way the console does,
// so the token may use every route its role allows.
import { totpCode } from '../../core/server/console/totp';
import { fetchJson, type JsonResponse, type TestServer } from './harness';

export interface SignedInOperator {
  token: string;
  /** The bound TOTP secret (base32). */
  secret: string;
}

export function consoleCall(server: Pick<TestServer, 'api'>, path: string, token?: string, body?: unknown, language = 'en'): Promise<JsonResponse> {
  const headers: Record<string, string> = { 'mj-lang': language };
  if (token) headers['Blade-Auth'] = `bearer ${token}`;
  if (body === undefined) return fetchJson(server.api(path), { headers });
  return fetchJson(server.api(path), { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** Signs in with the password and binds a new TOTP secret (the operator must not have one yet). */
export async function signInAndBindTotp(server: Pick<TestServer, 'api' | 'context'>, username: string, password: string): Promise<SignedInOperator> {
  const login = await consoleCall(server, '/console/auth/login', undefined, { username, password });
  if (login.status !== 200) throw new Error(`operator login failed: ${JSON.stringify(login.body)}`);
  const token = login.body.data.access_token as string;
  const offer = await consoleCall(server, '/console/me/totp/secret', token, {});
  if (offer.status !== 200) throw new Error(`TOTP secret refused: ${JSON.stringify(offer.body)}`);
  const secret = offer.body.data.secret as string;
  const bound = await consoleCall(server, '/console/me/totp', token, { code: totpCode(secret, server.context.now().getTime()) });
  if (bound.status !== 200) throw new Error(`TOTP binding refused: ${JSON.stringify(bound.body)}`);
  return { token, secret };
}
