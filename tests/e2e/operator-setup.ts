// Run by global set-up: binds TOTP for an operator through the API, as the console's account page does.
import defaultSite from '../../site-configs/default';
import { totpCode } from '../../core/server/console/totp';

async function post(baseUrl: string, path: string, body: unknown, token?: string): Promise<any> {
  const response = await fetch(`${baseUrl}/api/${defaultSite.api.head}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'Blade-Auth': `bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = await response.json();
  if (!envelope.success) throw new Error(`${path} failed: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** Signs in with the password and binds a new secret; the returned token may then use the whole console. */
export async function bindOperatorTotp(baseUrl: string, username: string, password: string): Promise<{ token: string; secret: string }> {
  const token = (await post(baseUrl, '/console/auth/login', { username, password })).access_token as string;
  const { secret } = await post(baseUrl, '/console/me/totp/secret', {}, token);
  await post(baseUrl, '/console/me/totp', { code: totpCode(secret, Date.now()) }, token);
  return { token, secret };
}

