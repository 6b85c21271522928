// Members signed up through the identity endpoints of a test server, as the register page does: a code sent to
// the email, read from the development mailbox, then the registration, each invited by the first member.
import { latestCodeFor } from '../../plugins/identity/server';
import { fetchJson, type TestServer } from './harness';

export interface SignedUpMember {
  id: string;
  uid: string;
  /** A user token of the member. */
  token: string;
}

/**
 * Signs up members with that password. Each sign-up comes from its own client address (10.<network>.x.y), so the
 * per-IP code limit never applies; pick a network per test file.
 */
export function memberSignUps(server: TestServer, options: { password: string; network: number }): (email: string) => Promise<SignedUpMember> {
  let inviteCode: string | undefined;
  let signUps = 0;
  return async (email) => {
    signUps += 1;
    const headers = { 'x-forwarded-for': `10.${options.network}.${Math.floor(signUps / 250)}.${signUps % 250}` };
    const sent = await fetchJson(`${server.api('/coin/open/send/email')}?${new URLSearchParams({ email, type: 'register' })}`, { headers });
    if (sent.status !== 200) throw new Error(`send code failed: ${JSON.stringify(sent.body)}`);
    const code = await latestCodeFor(server.context.db, email);
    const registered = await fetchJson(server.api('/coin/open/register'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ account: 'email', email, code, password: options.password, inviteCode }),
    });
    if (registered.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(registered.body)}`);
    const row = await server.context.db.selectFrom('member').select(['id', 'uid', 'invite_code']).where('email', '=', email).executeTakeFirstOrThrow();
    inviteCode ??= String(row.invite_code);
    return { id: String(row.id), uid: String(row.uid), token: server.mintToken('user', String(row.id)) };
  };
}
