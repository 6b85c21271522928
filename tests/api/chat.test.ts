import { readFileSync } from 'node:fs';
import mqtt, { type MqttClient } from 'mqtt';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import chatManifest from '../../plugins/chat/plugin';
import chatServer from '../../plugins/chat/server';
import type { ChatMessage, ChatPage, DeskConversation, DeskEvent } from '../../plugins/chat/shared/types';
import consoleCoreManifest from '../../plugins/console-core/plugin';
import consoleCoreServer from '../../plugins/console-core/server';
import { latestCodeFor } from '../../plugins/identity/server';
import { consoleCall, signInAndBindTotp } from './console-harness';
import { availableDialects, fetchJson, startTestServer, TEST_OPERATOR_PASSWORD, testIdentityPlugin, type JsonResponse, type TestDialect, type TestServer } from './harness';
import { testClock, type TestClock } from './identity-harness';

const dialects = await availableDialects();
const texts = (language: string) => JSON.parse(readFileSync(`locales/${language}/chat.json`, 'utf8'));
const en = texts('en');
const STAFF_PASSWORD = 'Staff-Password-42';
const MEMBER_PASSWORD = 'Quiet-Lantern-73';

interface Member {
  id: string;
  uid: string;
  token: string;
  chatKey: string;
}

const png = (r: number) => sharp({ create: { width: 24, height: 16, channels: 3, background: { r, g: 80, b: 160 } } }).png().toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Granted QoS per topic; mqtt.js rejects a SUBACK holding a refusal (128), the packet still names every grant. */
async function grantsOf(client: MqttClient, topics: string[]): Promise<number[]> {
  try {
    return (await client.subscribeAsync(topics)).map((grant) => grant.qos);
  } catch (error) {
    const granted = (error as { packet?: { granted?: number[] } }).packet?.granted;
    if (!granted) throw error;
    return granted;
  }
}

describe.each(dialects.map((dialect) => [dialect] as [TestDialect]))('customer-service chat (%s)', (dialect) => {
  let server: TestServer;
  let clock: TestClock;
  let admin: string;
  const staff: Record<'support' | 'content', { id: string; token: string }> = {} as never;
  const clients: MqttClient[] = [];
  let signUps = 0;
  let inviteCode: string | undefined;

  const auth = (token?: string): Record<string, string> => (token ? { 'Blade-Auth': `bearer ${token}` } : {});
  const get = (path: string, token?: string, language = 'en') => fetchJson(server.api(path), { headers: { ...auth(token), 'mj-lang': language } });
  const post = (path: string, body: unknown, token?: string, language = 'en') =>
    fetchJson(server.api(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mj-lang': language, ...auth(token) },
      body: JSON.stringify(body),
    });
  const auditRows = (action: string) => server.context.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'asc').execute();
  const messageCount = async () => Number((await server.context.db.selectFrom('chat_message').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  async function signUp(): Promise<Member> {
    const email = `chat${Date.now().toString(36)}${(signUps += 1)}@example.com`;
    const headers = { 'x-forwarded-for': `10.3.${Math.floor(signUps / 250)}.${signUps % 250}` };
    await fetchJson(`${server.api('/coin/open/send/email')}?${new URLSearchParams({ email, type: 'register' })}`, { headers });
    const code = await latestCodeFor(server.context.db, email);
    const registered = await fetchJson(server.api('/coin/open/register'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ account: 'email', email, code, password: MEMBER_PASSWORD, inviteCode }),
    });
    if (registered.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(registered.body)}`);
    const row = await server.context.db.selectFrom('member').select(['id', 'uid', 'invite_code']).where('email', '=', email).executeTakeFirstOrThrow();
    inviteCode ??= String(row.invite_code);
    const token = server.mintToken('user', String(row.id));
    const info = await get('/coin/member/getMemberInfo', token);
    return { id: String(row.id), uid: String(row.uid), token, chatKey: info.body.data.chatKey };
  }

  const history = (member: Pick<Member, 'token'>, chatKey: string, query: Record<string, string> = {}) =>
    get(`/coin/chat/history?${new URLSearchParams({ chatKey, ...query })}`, member.token);
  const chatIdOf = async (member: Member): Promise<number> => (await history(member, member.chatKey)).body.data.chatId;
  const send = (member: Member, body: Record<string, unknown>, language = 'en') => post('/coin/chat/send', body, member.token, language);
  /** Sends as the member one second after the last message, so the flood limit never applies. */
  const say = async (member: Member, chatId: number, content: string): Promise<ChatMessage> => {
    clock.advance(1000);
    const response = await send(member, { chatId, content, contentType: 1 });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data;
  };
  const desk = (path: string, token: string, body?: unknown) => consoleCall(server, path, token, body);

  async function upload(token: string, bytes: Buffer, name: string): Promise<{ id: string; link: string }> {
    const form = new FormData();
    form.append('type', 'chat');
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const response = await fetchJson(server.api('/cgform-api/upload/file'), { method: 'POST', headers: auth(token), body: form });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data;
  }

  async function subscriber(token?: string) {
    const client = await mqtt.connectAsync(`${server.baseUrl.replace('http', 'ws')}/mqtt`, {
      reconnectPeriod: 0,
      keepalive: 5,
      ...(token ? { username: 'bearer', password: token } : {}),
    });
    clients.push(client);
    const messages: Array<{ topic: string; data: any }> = [];
    client.on('message', (topic, payload) => messages.push({ topic, data: JSON.parse(payload.toString()).data }));
    return { client, messages };
  }

  beforeAll(async () => {
    clock = testClock();
    server = await startTestServer({
      dialect,
      now: clock.now,
      extraPlugins: [
        testIdentityPlugin({ transports: {} }),
        { manifest: consoleCoreManifest, server: consoleCoreServer },
        { manifest: chatManifest, server: chatServer },
      ],
    });
    admin = (await signInAndBindTotp(server, 'admin', TEST_OPERATOR_PASSWORD)).token;
    for (const role of ['support', 'content'] as const) {
      const created = await consoleCall(server, '/console/operators', admin, { username: `${role}-agent`, role, password: STAFF_PASSWORD });
      expect(created.status).toBe(200);
      staff[role] = { id: created.body.data.id, token: (await signInAndBindTotp(server, `${role}-agent`, STAFF_PASSWORD)).token };
    }
  });
  afterAll(async () => {
    for (const client of clients) client.end(true);
    await server?.close();
    expect(server?.unexpectedErrors ?? []).toEqual([]);
  });

  it('loads the history by chat key in pages of 15, newest first, with the conversation id', async () => {
    const member = await signUp();
    expect(member.chatKey).toBe(`chat_${member.uid}`);
    const empty = await history(member, member.chatKey);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({ records: [], total: 0, size: 15, current: 1, pages: 0, chatId: expect.any(Number) });
    const chatId = empty.body.data.chatId;
    // asking again finds the same conversation
    expect((await history(member, member.chatKey)).body.data.chatId).toBe(chatId);

    for (let n = 1; n <= 16; n += 1) await say(member, chatId, `message ${n}`);
    const first: ChatPage = (await history(member, member.chatKey)).body.data;
    expect(first).toMatchObject({ total: 16, size: 15, current: 1, pages: 2, chatId });
    expect(first.records).toHaveLength(15);
    expect(first.records[0]).toMatchObject({ content: 'message 16', content_type: 1, blade_user_id: member.id, sender: 'member', chatId });
    expect(first.records[0].create_time).toMatch(/^\d{4}-\d\d-\d\dT/);
    // a full page: the client offers "Load more"
    const second: ChatPage = (await history(member, member.chatKey, { current: '2' })).body.data;
    expect(second.records.map((message) => message.content)).toEqual(['message 1']);
    // the same page through the record call of the OTC order chat
    const record = await post(`/coin/buy/getChatRecord/${chatId}`, { current: 2, size: 15 }, member.token);
    expect(record.body.data).toEqual(second);
    expect((await post(`/coin/buy/getChatRecord/${chatId}`, {}, member.token)).body.data.records).toHaveLength(15);

    expect((await history(member, member.chatKey, { size: '51' })).status).toBe(400);
    expect((await history(member, member.chatKey, { current: '0' })).body.data).toEqual({ field: 'current' });
    expect((await get(`/coin/chat/history?chatKey=${member.chatKey}`)).status).toBe(401);
  });

  it('refuses blank, overlong and mistyped messages with a 400 naming the field, storing nothing', async () => {
    const member = await signUp();
    const chatId = await chatIdOf(member);
    const before = await messageCount();

    const blank = await send(member, { chatId, content: ' \n\t\u3000 ', contentType: 1 });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ code: 400, success: false, msg: en.text_fsnrbnwk, data: { field: 'content' } });
    const german = await send(member, { chatId, content: '   ', contentType: 1 }, 'de');
    expect(german.body.msg).toBe(texts('de').text_fsnrbnwk);
    expect(german.body.msg).not.toBe(en.text_fsnrbnwk);

    const long = await send(member, { chatId, content: 'x'.repeat(401), contentType: 1 });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ msg: en.tooLong, data: { field: 'content' } });
    expect((await send(member, { chatId, content: 'y', contentType: 3 })).body).toMatchObject({ code: 400, data: { field: 'contentType' } });
    expect((await send(member, { chatId, content: 'y', contentType: '1' })).body).toMatchObject({ code: 400, data: { field: 'contentType' } });
    expect((await send(member, { chatId: String(chatId), content: 'y', contentType: 1 })).body).toMatchObject({ code: 400, data: { field: 'chatId' } });
    expect((await send(member, { content: 'y', contentType: 1 })).body).toMatchObject({ code: 400, data: { field: 'chatId' } });
    expect((await send(member, { chatId, content: 'y', contentType: 1, extra: 1 })).body).toMatchObject({ code: 400, data: { field: 'extra' } });
    expect(await messageCount()).toBe(before);

    // 400 characters (emoji count once) are fine; surrounding whitespace is dropped
    clock.advance(1000);
    const longest = await send(member, { chatId, content: `  ${'😀'.repeat(400)}\n`, contentType: 1 });
    expect(longest.status).toBe(200);
    expect(longest.body.data.content).toBe('😀'.repeat(400));
  });

  it('sends an image only as a link to an image upload of the sender', async () => {
    const alice = await signUp();
    const bob = await signUp();
    const chatId = await chatIdOf(alice);
    const picture = await upload(alice.token, await png(200), 'holiday.png');

    clock.advance(1000);
    const sent = await send(alice, { chatId, content: picture.link, contentType: 2 });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ content: `/api/${server.head}/cgform-api/file/${picture.id}`, content_type: 2 });
    const served = await fetch(`${server.baseUrl}${sent.body.data.content}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    // the bare upload id works too
    clock.advance(1000);
    expect((await send(alice, { chatId, content: picture.id, contentType: 2 })).status).toBe(200);

    const bobsChat = await chatIdOf(bob);
    const stolen = await send(bob, { chatId: bobsChat, content: picture.link, contentType: 2 });
    expect(stolen.status).toBe(400);
    expect(stolen.body).toMatchObject({ msg: en.imageInvalid, data: { field: 'content' } });
    const pdf = await upload(alice.token, PDF, 'terms.pdf');
    expect((await send(alice, { chatId, content: pdf.link, contentType: 2 })).body).toMatchObject({ code: 400, data: { field: 'content' } });
    expect((await send(alice, { chatId, content: 'not an upload', contentType: 2 })).status).toBe(400);
    expect((await send(alice, { chatId, content: 'https://evil.example/x.png', contentType: 2 })).status).toBe(400);
  });

  it("keeps a member out of another member's conversation: history, records and sending answer 404", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const bobsChat = await chatIdOf(bob);
    await say(bob, bobsChat, 'private to bob');

    const byKey = await history(alice, bob.chatKey);
    expect(byKey.status).toBe(404);
    expect(byKey.body.data).toEqual({ field: 'chatKey' });
    expect((await post(`/coin/buy/getChatRecord/${bobsChat}`, {}, alice.token)).status).toBe(404);
    expect((await post(`/coin/buy/getChatRecord/999999`, {}, alice.token)).status).toBe(404);
    const before = await messageCount();
    for (const path of ['/coin/chat/send', '/coin/buy/sendChatRecord']) {
      const response = await post(path, { chatId: bobsChat, content: 'hello bob', contentType: 1 }, alice.token);
      expect(response.status).toBe(404);
      expect(response.body.data).toEqual({ field: 'chatId' });
    }
    expect(await messageCount()).toBe(before);
    // an operator token is not a member's
    expect((await history({ token: staff.support.token }, bob.chatKey)).status).toBe(401);

    // sendChatRecord works on the member's own conversation like send
    clock.advance(1000);
    const own = await post('/coin/buy/sendChatRecord', { chatId: bobsChat, content: 'via the record call', contentType: 1 }, bob.token);
    expect(own.body.data).toMatchObject({ content: 'via the record call', chatId: bobsChat, sender: 'member' });
  });

  it('lets a support agent see the queue, read, take, reply with text and an image, reassign and close, all audited', async () => {
    const member = await signUp();
    const chatId = await chatIdOf(member);
    await say(member, chatId, 'Where is my deposit?');
    const support = staff.support;

    const queue = await desk('/console/chat/conversations', support.token);
    expect(queue.status).toBe(200);
    const row: DeskConversation = queue.body.data.records.find((item: DeskConversation) => item.id === chatId);
    expect(row).toMatchObject({ memberUid: member.uid, memberId: member.id, status: 'open', assignedTo: null, waitingSince: expect.any(String) });
    expect(row.lastMessage).toMatchObject({ content: 'Where is my deposit?', sender: 'member', contentType: 1 });

    const transcript = await desk(`/console/chat/conversations/${chatId}/messages`, support.token);
    expect(transcript.body.data.records.map((message: ChatMessage) => message.content)).toEqual(['Where is my deposit?']);

    const taken = await desk(`/console/chat/conversations/${chatId}/take`, support.token, {});
    expect(taken.body.data.assignedTo).toEqual({ id: support.id, name: 'support-agent' });
    // someone else cannot take it any more
    const again = await desk(`/console/chat/conversations/${chatId}/take`, admin, {});
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(en.alreadyAssigned);

    clock.advance(1000);
    const reply = await desk(`/console/chat/conversations/${chatId}/messages`, support.token, { content: '  It is on its way.  ', contentType: 1 });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data).toMatchObject({ content: 'It is on its way.', sender: 'agent', blade_user_id: '0', operatorId: support.id, operatorName: 'support-agent' });
    const picture = await upload(support.token, await png(30), 'receipt.png');
    clock.advance(1000);
    const image = await desk(`/console/chat/conversations/${chatId}/messages`, support.token, { content: picture.link, contentType: 2 });
    expect(image.body.data).toMatchObject({ content_type: 2, content: picture.link });
    expect((await desk(`/console/chat/conversations/${chatId}/messages`, support.token, { content: '   ', contentType: 1 })).body).toMatchObject({
      code: 400,
      msg: en.text_fsnrbnwk,
    });

    // the member sees the answers, the agent anonymous, and the system note of the agent joining
    const seen: ChatPage = (await history(member, member.chatKey)).body.data;
    expect(seen.records.map((message) => [message.sender, message.blade_user_id, message.content])).toEqual([
      ['agent', '0', picture.link],
      ['agent', '0', 'It is on its way.'],
      ['system', '-1', 'system.agentJoined'],
      ['member', member.id, 'Where is my deposit?'],
    ]);
    expect(JSON.stringify(seen)).not.toContain('support-agent');

    const answered = (await desk(`/console/chat/conversations/${chatId}`, support.token)).body.data;
    expect(answered).toMatchObject({ waitingSince: null, status: 'open' });

    const agents = (await desk('/console/chat/agents', support.token)).body.data;
    expect(agents.map((agent: { name: string }) => agent.name)).toEqual(['admin', 'support-agent']);
    const loadOf = async (name: string) => (await desk('/console/chat/agents', support.token)).body.data.find((agent: { name: string }) => agent.name === name).openConversations;
    expect(await loadOf('support-agent')).toBeGreaterThanOrEqual(1);
    const supportLoad = await loadOf('support-agent');
    const adminLoad = await loadOf('admin');

    const badAssign = await desk(`/console/chat/conversations/${chatId}/assign`, support.token, { operatorId: staff.content.id });
    expect(badAssign.status).toBe(400);
    expect(badAssign.body.data).toEqual({ field: 'operatorId' });
    const reassigned = await desk(`/console/chat/conversations/${chatId}/assign`, support.token, { operatorId: '1' });
    expect(reassigned.body.data.assignedTo).toEqual({ id: '1', name: 'admin' });
    expect(await loadOf('support-agent')).toBe(supportLoad - 1);
    expect(await loadOf('admin')).toBe(adminLoad + 1);

    const closed = await desk(`/console/chat/conversations/${chatId}/close`, support.token, {});
    expect(closed.body.data).toMatchObject({ status: 'closed', assignedTo: null });
    expect((await desk(`/console/chat/conversations/${chatId}/close`, support.token, {})).status).toBe(409);
    expect(await loadOf('admin')).toBe(adminLoad);
    const closedQueue = (await desk('/console/chat/conversations?status=closed', support.token)).body.data.records;
    expect(closedQueue.map((item: DeskConversation) => item.id)).toContain(chatId);
    // writing again reopens it, unassigned and waiting
    await say(member, chatId, 'One more question');
    expect((await desk(`/console/chat/conversations/${chatId}`, support.token)).body.data).toMatchObject({ status: 'open', assignedTo: null, waitingSince: expect.any(String) });

    const target = `chat_conversation:${chatId}`;
    for (const action of ['chat.queue.view', 'chat.transcript.view', 'chat.take', 'chat.reply', 'chat.assign', 'chat.close', 'chat.conversation.view']) {
      const rows = await auditRows(action);
      expect(rows.length, action).toBeGreaterThan(0);
    }
    const replies = (await auditRows('chat.reply')).filter((entry) => entry.target === target);
    expect(replies).toHaveLength(2);
    expect(replies[0].operator_id).toBe(support.id);
    expect(JSON.parse(replies[0].after_json)).toMatchObject({ contentType: 1, assignedTo: support.id });
    const assign = (await auditRows('chat.assign')).find((entry) => entry.target === target)!;
    expect([JSON.parse(assign.before_json).assignedTo, JSON.parse(assign.after_json).assignedTo]).toEqual([support.id, '1']);
    const close = (await auditRows('chat.close')).find((entry) => entry.target === target)!;
    expect(JSON.parse(close.after_json)).toEqual({ status: 'closed' });
  });

  it('orders the queue unassigned first, then the longest waiting', async () => {
    const [early, late, served] = [await signUp(), await signUp(), await signUp()];
    await say(early, await chatIdOf(early), 'first');
    await say(late, await chatIdOf(late), 'second');
    const servedChat = await chatIdOf(served);
    await say(served, servedChat, 'third');
    await desk(`/console/chat/conversations/${servedChat}/take`, staff.support.token, {});
    const uids = (await desk('/console/chat/conversations?size=100', staff.support.token)).body.data.records.map((row: DeskConversation) => row.memberUid);
    expect(uids.indexOf(early.uid)).toBeLessThan(uids.indexOf(late.uid));
    expect(uids.indexOf(late.uid)).toBeLessThan(uids.indexOf(served.uid));
  });

  it('keeps canned replies per site, editable with chat.reply, audited and validated', async () => {
    const { token } = staff.support;
    const created = await desk('/console/chat/canned-replies', token, { title: ' Greeting ', content: 'Hello, how can I help?' });
    expect(created.body.data).toMatchObject({ title: 'Greeting', content: 'Hello, how can I help?' });
    const id = created.body.data.id;
    expect((await desk('/console/chat/canned-replies', token, { title: '  ', content: 'x' })).body.data).toEqual({ field: 'title' });
    expect((await desk('/console/chat/canned-replies', token, { title: 'Blank', content: ' ' })).body).toMatchObject({ msg: en.text_fsnrbnwk, data: { field: 'content' } });
    expect((await desk('/console/chat/canned-replies', token, { title: 'Long', content: 'z'.repeat(401) })).body.data).toEqual({ field: 'content' });

    const updated = await desk(`/console/chat/canned-replies/${id}`, token, { title: 'Greeting', content: 'Hi! How can we help?' });
    expect(updated.body.data.content).toBe('Hi! How can we help?');
    expect((await desk('/console/chat/canned-replies', token)).body.data).toEqual([expect.objectContaining({ id, content: 'Hi! How can we help?' })]);
    // another site on the same database does not see them
    const rows = await server.context.db.selectFrom('chat_canned_reply').select('site').execute();
    expect(rows.map((row) => row.site)).toEqual([server.site.name]);

    expect((await desk(`/console/chat/canned-replies/${id}/delete`, token, {})).status).toBe(200);
    expect((await desk(`/console/chat/canned-replies/${id}/delete`, token, {})).status).toBe(404);
    expect((await desk('/console/chat/canned-replies', token)).body.data).toEqual([]);
    expect((await auditRows('chat.canned.create')).map((row) => JSON.parse(row.after_json))).toEqual([{ title: 'Greeting', content: 'Hello, how can I help?' }]);
    expect(JSON.parse((await auditRows('chat.canned.update'))[0].before_json)).toEqual({ title: 'Greeting', content: 'Hello, how can I help?' });
    expect(await auditRows('chat.canned.delete')).toHaveLength(1);
  });

  it('refuses a content operator every desk route with 403 and members with 401', async () => {
    const member = await signUp();
    const chatId = await chatIdOf(member);
    const calls: Array<[string, unknown?]> = [
      ['/console/chat/conversations'],
      [`/console/chat/conversations/${chatId}`],
      [`/console/chat/conversations/${chatId}/messages`],
      [`/console/chat/conversations/${chatId}/messages`, { content: 'hi', contentType: 1 }],
      [`/console/chat/conversations/${chatId}/take`, {}],
      [`/console/chat/conversations/${chatId}/assign`, { operatorId: '1' }],
      [`/console/chat/conversations/${chatId}/close`, {}],
      ['/console/chat/agents'],
      ['/console/chat/canned-replies'],
      ['/console/chat/canned-replies', { title: 'a', content: 'b' }],
    ];
    for (const [path, body] of calls) {
      const asContent: JsonResponse = await desk(path, staff.content.token, body);
      expect(asContent.status, path).toBe(403);
      expect((await desk(path, member.token, body)).status, path).toBe(401);
    }
    expect((await desk(`/console/chat/conversations/${chatId}`, staff.support.token)).status).toBe(200);
  });

  it('stops a sender who floods the conversation with 429', async () => {
    const member = await signUp();
    const chatId = await chatIdOf(member);
    clock.advance(60_000);
    const statuses: number[] = [];
    for (let n = 0; n < 11; n += 1) statuses.push((await send(member, { chatId, content: `burst ${n}`, contentType: 1 })).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    clock.advance(1000);
    expect((await send(member, { chatId, content: 'after a pause', contentType: 1 })).status).toBe(200);
  });

  it('delivers messages live on the member topic and the desk topic, readable only by the member and chat agents', async () => {
    const alice = await signUp();
    const bob = await signUp();
    const chatId = await chatIdOf(alice);

    const aliceFeed = await subscriber(alice.token);
    expect(await grantsOf(aliceFeed.client, [alice.chatKey, bob.chatKey, 'chat-desk'])).toEqual([0, 128, 128]);
    const bobFeed = await subscriber(bob.token);
    expect(await grantsOf(bobFeed.client, [alice.chatKey])).toEqual([128]);
    const anonymous = await subscriber();
    expect(await grantsOf(anonymous.client, [alice.chatKey, 'chat-desk'])).toEqual([128, 128]);
    const contentFeed = await subscriber(staff.content.token);
    expect(await grantsOf(contentFeed.client, [alice.chatKey, 'chat-desk'])).toEqual([128, 128]);
    const agentFeed = await subscriber(staff.support.token);
    expect(await grantsOf(agentFeed.client, ['chat-desk', alice.chatKey])).toEqual([0, 0]);

    await say(alice, chatId, 'Is anyone there?');
    await waitFor(() => agentFeed.messages.some((message) => message.topic === 'chat-desk'));
    const event: DeskEvent = agentFeed.messages.find((message) => message.topic === 'chat-desk')!.data;
    expect(event).toMatchObject({ kind: 'message', conversation: { id: chatId, memberUid: alice.uid }, message: { content: 'Is anyone there?', sender: 'member' } });

    clock.advance(1000);
    await desk(`/console/chat/conversations/${chatId}/messages`, staff.support.token, { content: 'Yes, how can I help?', contentType: 1 });
    await waitFor(() => aliceFeed.messages.some((message) => message.data.content === 'Yes, how can I help?'));
    const live = aliceFeed.messages.map((message) => [message.topic, message.data.sender, message.data.content]);
    expect(live).toEqual([
      [alice.chatKey, 'member', 'Is anyone there?'],
      [alice.chatKey, 'agent', 'Yes, how can I help?'],
    ]);
    expect(aliceFeed.messages[1].data).toMatchObject({ chatId, blade_user_id: '0', content_type: 1 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bobFeed.messages).toEqual([]);
    expect(anonymous.messages).toEqual([]);
    expect(contentFeed.messages).toEqual([]);
  });
});
