import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../core/server/console/totp';
import consoleCoreManifest from '../../plugins/console-core/plugin';
import consoleCoreServer from '../../plugins/console-core/server';
import { consoleCall, signInAndBindTotp } from './console-harness';
import { availableDialects, fetchJson, startTestServer, TEST_OPERATOR_PASSWORD, type TestServer } from './harness';

const dialects = await availableDialects();
const STAFF_PASSWORD = 'Staff-Password-42';

describe.each(dialects)('console TOTP reset, password sessions and the append-only audit log (%s)', (dialect) => {
  let server: TestServer;
  let clock = Date.parse('2026-05-01T09:00:05Z');
  let admin: { token: string; secret: string };
  const staff: Record<string, { id: string; token: string; secret: string }> = {};
  const audit = (action: string) => server.context.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'asc').execute();
  /** A further sign-in of a bound operator; the clock moves on so each code is a fresh one. */
  const signInAgain = async (username: string, password: string, secret: string) => {
    clock += 60_000;
    const response = await consoleCall(server, '/console/auth/login', undefined, { username, password, code: totpCode(secret, clock) });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data.access_token as string;
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect, now: () => new Date(clock), extraPlugins: [{ manifest: consoleCoreManifest, server: consoleCoreServer }] });
    admin = await signInAndBindTotp(server, 'admin', TEST_OPERATOR_PASSWORD);
    for (const role of ['content', 'compliance', 'finance']) {
      const created = await consoleCall(server, '/console/operators', admin.token, { username: `${role}-staff`, role, password: STAFF_PASSWORD });
      staff[role] = { id: created.body.data.id, ...(await signInAndBindTotp(server, `${role}-staff`, STAFF_PASSWORD)) };
    }
  });
  afterAll(async () => {
    expect(server.unexpectedErrors).toEqual([]);
    await server.close();
  });

  it('does not let a compliance operator reset anyone’s TOTP', async () => {
    const refused = await consoleCall(server, `/console/operators/${staff.content.id}/totp-reset`, staff.compliance.token, {});
    expect(refused.status).toBe(403);
    expect((await consoleCall(server, '/console/me', staff.content.token)).body.data.totpBound).toBe(true);
    expect(await audit('console.totp.reset')).toHaveLength(0);
  });

  it('lets an administrator reset an operator’s TOTP: their sessions end and the next sign-in must bind again', async () => {
    const content = staff.content;
    const second = await signInAgain('content-staff', STAFF_PASSWORD, content.secret);
    const reset = await consoleCall(server, `/console/operators/${content.id}/totp-reset`, admin.token, {});
    expect(reset.status).toBe(200);
    expect(reset.body.data).toMatchObject({ id: content.id, totpBound: false });
    for (const token of [content.token, second]) expect((await consoleCall(server, '/console/collections', token)).status).toBe(401);

    const entries = await audit('console.totp.reset');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ operator_id: '1', target: `operator/${content.id}` });
    expect(JSON.parse(entries[0].before_json)).toEqual({ totpBound: true });
    expect(JSON.parse(entries[0].after_json)).toEqual({ totpBound: false, sessionsEnded: 2 });

    // the password alone signs in now, into a session that may only bind a new authenticator
    const signedIn = await consoleCall(server, '/console/auth/login', undefined, { username: 'content-staff', password: STAFF_PASSWORD });
    expect(signedIn.body.data.totpBound).toBe(false);
    const token = signedIn.body.data.access_token;
    const blocked = await consoleCall(server, '/console/collections', token);
    expect(blocked.status).toBe(403);
    expect(blocked.body.data).toEqual({ field: 'totp' });
    const offer = await consoleCall(server, '/console/me/totp/secret', token, {});
    expect(offer.body.data.secret).not.toBe(content.secret);
    expect((await consoleCall(server, '/console/me/totp', token, { code: totpCode(offer.body.data.secret, clock) })).status).toBe(200);
    expect((await consoleCall(server, '/console/collections', token)).status).toBe(200);
    staff.content = { ...content, token, secret: offer.body.data.secret };
  });

  it('resets an administrator’s TOTP too, but not one’s own, not an unbound one and not an unknown operator', async () => {
    const created = await consoleCall(server, '/console/operators', admin.token, { username: 'second-admin', role: 'administrator', password: STAFF_PASSWORD });
    const second = await signInAndBindTotp(server, 'second-admin', STAFF_PASSWORD);
    expect((await consoleCall(server, `/console/operators/${created.body.data.id}/totp-reset`, admin.token, {})).status).toBe(200);
    expect((await consoleCall(server, '/console/audit', second.token)).status).toBe(401);

    const self = await consoleCall(server, '/console/operators/1/totp-reset', admin.token, {}, 'de');
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ msg: 'Das eigene Authentifizierungsverfahren kann nicht zurückgesetzt werden', data: { field: 'id' } });
    const unbound = await consoleCall(server, `/console/operators/${created.body.data.id}/totp-reset`, admin.token, {});
    expect(unbound.status).toBe(409);
    expect(unbound.body.data).toEqual({ field: 'id' });
    expect((await consoleCall(server, '/console/operators/999/totp-reset', admin.token, {})).status).toBe(404);
    expect((await consoleCall(server, '/console/operators/abc/totp-reset', admin.token, {})).body.data).toEqual({ field: 'id' });
    expect((await consoleCall(server, '/console/me', admin.token)).body.data.totpBound).toBe(true);
    expect(await audit('console.totp.reset')).toHaveLength(2);
  });

  it('ends the operator’s other sessions when the password changes and keeps the current one', async () => {
    const finance = staff.finance;
    const other = await signInAgain('finance-staff', STAFF_PASSWORD, finance.secret);
    const current = await signInAgain('finance-staff', STAFF_PASSWORD, finance.secret);
    const changed = await consoleCall(server, '/console/me/password', current, { oldPassword: STAFF_PASSWORD, newPassword: 'Finance-Password-77' });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toEqual({ sessionsEnded: 2 });
    expect((await consoleCall(server, '/console/me', other)).status).toBe(401);
    expect((await consoleCall(server, '/console/me', finance.token)).status).toBe(401);
    expect((await consoleCall(server, '/console/me', current)).status).toBe(200);
    // other operators keep their sessions
    expect((await consoleCall(server, '/console/me', staff.compliance.token)).status).toBe(200);

    const [entry] = await audit('console.password.change');
    expect(entry).toMatchObject({ operator_id: finance.id, target: `operator/${finance.id}` });
    expect(JSON.parse(entry.after_json)).toEqual({ sessionsEnded: 2 });
    expect(`${entry.before_json}${entry.after_json}`).not.toContain('Finance-Password-77');

    const wrong = await consoleCall(server, '/console/me/password', current, { oldPassword: 'not-it', newPassword: 'Finance-Password-78' });
    expect(wrong.status).toBe(400);
    expect((await consoleCall(server, '/console/me', current)).status).toBe(200);
    await signInAgain('finance-staff', 'Finance-Password-77', finance.secret);
  });

  it('audits every action with the acting operator, and offers no route that changes or removes an entry', async () => {
    const actions = (await consoleCall(server, '/console/audit?size=100', admin.token)).body.data.records.map((record: { action: string }) => record.action);
    expect(actions).toEqual(expect.arrayContaining(['console.totp.reset', 'console.password.change', 'console.totp.bind', 'console.operator.create']));
    const resets = await consoleCall(server, `/console/audit?action=console.totp.reset&target=operator/${staff.content.id}`, admin.token);
    expect(resets.body.data.records).toHaveLength(1);
    expect(resets.body.data.records[0]).toMatchObject({ operatorName: 'admin', before: { totpBound: true } });

    const app = server.server.app;
    const head = server.head;
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of [`/api/${head}/console/audit`, `/api/${head}/console/audit/:id`, `/api/${head}/console/audit/:id/delete`]) {
        expect(app.hasRoute({ method, url }), `${method} ${url}`).toBe(method === 'GET' && url === `/api/${head}/console/audit`);
      }
    }
    const [first] = (await consoleCall(server, '/console/audit?size=1', admin.token)).body.data.records;
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const response = await fetchJson(server.api(`/console/audit/${first.id}`), {
        method,
        headers: { 'Blade-Auth': `bearer ${admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'forged' }),
      });
      expect(response.status).toBe(404);
    }
    expect((await consoleCall(server, '/console/audit?size=1', admin.token)).body.data.records[0]).toEqual(first);
  });
});
