import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import consoleCoreManifest from '../../plugins/console-core/plugin';
import consoleCoreServer from '../../plugins/console-core/server';
import { IDENTITY_SERVICE, type IdentityService } from '../../plugins/identity/shared/service';
import identityManifest from '../../plugins/identity/plugin';
import { createIdentityServer } from '../../plugins/identity/server';
import notificationsManifest from '../../plugins/notifications/plugin';
import notificationsServer from '../../plugins/notifications/server';
import { NOTIFICATIONS_SERVICE, type NotificationsService } from '../../plugins/notifications/shared/service';
import { SEND_NOTIFICATION_PATH, type OrderChangeMessage } from '../../plugins/notifications/shared/types';
import { consoleCall, signInAndBindTotp } from './console-harness';
import { memberSignUps, type SignedUpMember } from './member-sign-up';
import { availableDialects, startTestServer, TEST_OPERATOR_PASSWORD, type TestServer } from './harness';

const dialects = await availableDialects();
const STAFF_PASSWORD = 'Staff-Password-42';
const MEMBER_PASSWORD = 'Copper-Meadow-31';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An MQTT client of a member, subscribed to the given topics, recording every message's data. */
async function subscriber(server: TestServer, token: string, topics: string[]) {
  const client: MqttClient = await mqtt.connectAsync(`${server.baseUrl.replace('http', 'ws')}/mqtt`, {
    username: 'bearer',
    password: token,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  const received: Array<{ topic: string; data: unknown }> = [];
  client.on('message', (topic, payload) => received.push({ topic, data: JSON.parse(payload.toString()).data }));
  const grants = await client.subscribeAsync(topics).then(
    (granted) => granted.map((grant) => grant.qos),
    (error: { packet?: { granted?: number[] } }) => error.packet?.granted ?? [],
  );
  return { client, received, grants };
}

async function until(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

describe.each(dialects)('order notifications (%s)', (dialect) => {
  let server: TestServer;
  let admin: string;
  let support: string;
  let content: string;
  const clients: MqttClient[] = [];

  let signUpAs: (email: string) => Promise<SignedUpMember>;
  let signUps = 0;
  const signUp = () => signUpAs(`nt${Date.now().toString(36)}${(signUps += 1)}@example.com`);

  async function staff(username: string, role: string): Promise<string> {
    const created = await consoleCall(server, '/console/operators', admin, { username, role, password: STAFF_PASSWORD });
    if (created.status !== 200) throw new Error(`operator not created: ${JSON.stringify(created.body)}`);
    return (await signInAndBindTotp(server, username, STAFF_PASSWORD)).token;
  }

  const send = (token: string | undefined, body: unknown, language = 'en') => consoleCall(server, SEND_NOTIFICATION_PATH, token, body, language);
  const auditRows = () => server.context.db.selectFrom('audit_log').selectAll().where('action', '=', 'notifications.send').orderBy('id', 'asc').execute();
  const notice = (uid: string, changes: Record<string, unknown> = {}) => ({ uid, type: 'otc', content: 'Your order was paid', orderCode: 'OC-1001', serviceType: 'buy', ...changes });

  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      extraPlugins: [
        { manifest: identityManifest, server: createIdentityServer({ transports: {} }) },
        { manifest: consoleCoreManifest, server: consoleCoreServer },
        { manifest: notificationsManifest, server: notificationsServer },
      ],
    });
    signUpAs = memberSignUps(server, { password: MEMBER_PASSWORD, network: 4 });
    admin = (await signInAndBindTotp(server, 'admin', TEST_OPERATOR_PASSWORD)).token;
    support = await staff('support-nt', 'support');
    content = await staff('content-nt', 'content');
  });
  afterAll(async () => {
    for (const client of clients) await client.endAsync();
    expect(server?.unexpectedErrors ?? []).toEqual([]);
    await server?.close();
  });

  it('refuses a content operator (403), a member token and no token (401)', async () => {
    const member = await signUp();
    const denied = await send(content, notice(member.uid), 'de');
    expect(denied.status).toBe(403);
    expect(denied.body.msg).toBe('Ihre Rolle erlaubt dies nicht');
    expect((await send(member.token, notice(member.uid))).status).toBe(401);
    expect((await send(undefined, notice(member.uid))).status).toBe(401);
    expect(await auditRows()).toHaveLength(0);
  });

  it('answers bad input with a 400 naming the field, sending and recording nothing', async () => {
    const member = await signUp();
    const watcher = await subscriber(server, member.token, [`refresh_${member.id}`]);
    clients.push(watcher.client);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...notice(member.uid), uid: undefined }, 'uid'],
      [notice(member.uid, { type: 'wallet' }), 'type'],
      [notice(member.uid, { content: '' }), 'content'],
      [notice(member.uid, { content: '   ' }), 'content'],
      [notice(member.uid, { content: 'x'.repeat(501) }), 'content'],
      [notice(member.uid, { orderCode: 'OC 1001' }), 'orderCode'],
      [notice(member.uid, { serviceType: 3 }), 'serviceType'],
      [notice(member.uid, { isNew: 'yes' }), 'isNew'],
      [notice(member.uid, { changeUser: '1' }), 'changeUser'],
    ];
    for (const [body, field] of cases) {
      const answer = await send(support, body);
      expect([answer.status, answer.body.data], JSON.stringify(body)).toEqual([400, { field }]);
    }
    const unknown = await send(support, notice('0000000'), 'fr');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ msg: "Aucun membre n'a cet UID", data: { field: 'uid' } });
    const notMerchant = await send(support, notice(member.uid, { linkMerchant: true }));
    expect([notMerchant.status, notMerchant.body.data]).toEqual([400, { field: 'linkMerchant' }]);
    await sleep(150);
    expect(watcher.received).toEqual([]);
    expect(await auditRows()).toHaveLength(0);
  });

  it('delivers a notice to the member’s subscribed client only, and audits it', async () => {
    const member = await signUp();
    const other = await signUp();
    const own = await subscriber(server, member.token, [`refresh_${member.id}`]);
    const stranger = await subscriber(server, other.token, [`refresh_${other.id}`, `refresh_${member.id}`]);
    clients.push(own.client, stranger.client);
    expect(own.grants).toEqual([0]);
    expect(stranger.grants).toEqual([0, 128]); // another member's channel is refused

    const sent = await send(support, notice(member.uid, { type: 'appeal', isNew: true, content: ' Appeal opened for OC-1001 ' }));
    expect(sent.status).toBe(200);
    const supportId = (await consoleCall(server, '/console/me', support)).body.data.id as string;
    const expected: OrderChangeMessage = {
      type: 'appeal',
      isNew: true,
      content: 'Appeal opened for OC-1001',
      orderCode: 'OC-1001',
      changeUser: `operator:${supportId}`,
      serviceType: 'buy',
      link_merchant: false,
    };
    expect(sent.body.data).toEqual({ topic: `refresh_${member.id}`, message: expected });
    await until(() => own.received.length === 1);
    expect(own.received).toEqual([{ topic: `refresh_${member.id}`, data: expected }]);
    await sleep(150);
    expect(stranger.received).toEqual([]);

    const [row] = (await auditRows()).filter((audit) => audit.target === `member:${member.id}`);
    expect(row).toMatchObject({ operator_id: supportId });
    expect(JSON.parse(row!.after_json)).toEqual(expected);
  });

  it('sends a merchant’s notice on the merchant channel with the merchant link', async () => {
    const merchant = await signUp();
    await server.context.use<IdentityService>(IDENTITY_SERVICE).updateMember(merchant.id, { isMerchant: 2 });
    const watcher = await subscriber(server, merchant.token, [`refresh_${merchant.id}`]);
    clients.push(watcher.client);
    const sent = await send(admin, notice(merchant.uid, { linkMerchant: true, orderCode: 'DEAL-7', serviceType: 'sell' }));
    expect(sent.status).toBe(200);
    await until(() => watcher.received.length === 1);
    expect(watcher.received[0]!.data).toMatchObject({ orderCode: 'DEAL-7', serviceType: 'sell', link_merchant: true });
  });

  it('offers the service other plugins publish through, refusing a malformed message', async () => {
    const member = await signUp();
    const watcher = await subscriber(server, member.token, [`refresh_${member.id}`]);
    clients.push(watcher.client);
    const service = server.context.use<NotificationsService>(NOTIFICATIONS_SERVICE);
    const message: OrderChangeMessage = { type: 'otc', isNew: false, content: 'Released', orderCode: 'OC-9', changeUser: '55', serviceType: 'buy', link_merchant: false };
    expect(() => service.notifyMember(member.id, { ...message, serviceType: '' })).toThrow(/serviceType/);
    service.notifyMember(member.id, message);
    await until(() => watcher.received.length === 1);
    expect(watcher.received[0]!.data).toEqual(message);
  });
});
