// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createTestRoot } from '../../../core/web/testing/test-root';
import type { ChatMessage } from '../shared/types';
import identityManifest from '../../identity/plugin';
import identityWeb from '../../identity/web';
import manifest from '../plugin';
import type { ChatStore } from './chat-store';
import { CHAT_STORE } from './ids';
import chatWeb from './index';

const HISTORY = '/api/mjkj-web/coin/chat/history';
const SEND = '/api/mjkj-web/coin/chat/send';
const UPLOAD = '/api/mjkj-web/cgform-api/upload/file';
const PROFILE = '/api/mjkj-web/coin/member/getMemberInfo';
const CHAT_KEY = 'chat_48213377';

let seq = 100;
const message = (changes: Partial<ChatMessage> = {}): ChatMessage => ({
  id: (seq += 1),
  chatId: 5,
  content: 'hello',
  content_type: 1,
  create_time: '2026-05-01T10:00:00.000Z',
  blade_user_id: '0',
  sender: 'agent',
  ...changes,
});
const page = (records: ChatMessage[], current = 1) => ({ records, total: 40, size: 15, current, pages: 3, chatId: 5 });

afterEach(() => localStorage.clear());

async function signedIn(answers: Record<string, unknown> = {}) {
  const setup = createTestRoot({ plugins: [{ manifest: identityManifest, web: identityWeb }, { manifest, web: chatWeb }] });
  Object.assign(setup.api.answers, { [PROFILE]: { id: '7', uid: '48213377', blade_user_id: '7', chatKey: CHAT_KEY }, [HISTORY]: page([]), ...answers });
  setup.root.start();
  await setup.root.session.login({ access_token: 'access', refresh_token: 'refresh', user_id: '7' });
  const store = setup.root.store<ChatStore>(CHAT_STORE);
  await until(() => !store.loading && store.chatId !== null);
  return { ...setup, store };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!condition()) throw new Error('condition not met');
}

describe('ChatStore', () => {
  it('loads the first page of 15 on login and subscribes the chat key topic', async () => {
    const full = Array.from({ length: 15 }, (_, index) => message({ id: 200 - index }));
    const { store, api, realtime } = await signedIn({ [HISTORY]: page(full) });
    const request = api.requests.find((entry) => entry.url.pathname === HISTORY)!;
    expect(Object.fromEntries(request.url.searchParams)).toEqual({ current: '1', size: '15', chatKey: CHAT_KEY });
    expect(store.messages.map((item) => item.id)).toEqual(full.map((item) => item.id).reverse());
    expect(store.hasMore).toBe(true);
    expect(realtime.topics).toContain(CHAT_KEY);
  });

  it('offers more only while the last page was full, and loads the next page', async () => {
    const { store, api } = await signedIn({ [HISTORY]: page(Array.from({ length: 15 }, (_, index) => message({ id: 300 - index }))) });
    api.answers[HISTORY] = page([message({ id: 250 }), message({ id: 249 })], 2);
    await store.loadMore();
    const last = api.requests.filter((entry) => entry.url.pathname === HISTORY).at(-1)!;
    expect(last.url.searchParams.get('current')).toBe('2');
    expect(store.messages[0].id).toBe(249);
    expect(store.hasMore).toBe(false);
    await store.loadMore();
    expect(api.requests.filter((entry) => entry.url.pathname === HISTORY)).toHaveLength(2);
  });

  it('counts messages of others arriving while closed, not the member’s own, and resets on open', async () => {
    const { store, realtime } = await signedIn();
    realtime.emit(CHAT_KEY, message({ id: 1001 }));
    realtime.emit(CHAT_KEY, message({ id: 1002, sender: 'system', blade_user_id: '-1', content: 'system.agentJoined' }));
    realtime.emit(CHAT_KEY, message({ id: 1003, sender: 'member', blade_user_id: '7' }));
    // the same message twice (the send answer and the topic) counts once
    realtime.emit(CHAT_KEY, message({ id: 1001 }));
    expect(store.unread).toBe(2);
    store.setOpen(true);
    expect(store.unread).toBe(0);
    realtime.emit(CHAT_KEY, message({ id: 1004 }));
    expect(store.unread).toBe(0);
    store.setOpen(false);
    realtime.emit(CHAT_KEY, message({ id: 1005 }));
    expect(store.unread).toBe(1);
    expect(store.messages.map((item) => item.id)).toEqual([1001, 1002, 1003, 1004, 1005]);
  });

  it('ignores payloads that are not messages of this conversation', async () => {
    const { store, realtime } = await signedIn();
    realtime.emit(CHAT_KEY, { id: 'x' });
    realtime.emit(CHAT_KEY, message({ chatId: 99 }));
    expect(store.messages).toEqual([]);
    expect(store.unread).toBe(0);
  });

  it('refuses blank and overlong text without a request', async () => {
    const { store, api } = await signedIn();
    expect(await store.sendText('  \n ')).toEqual({ sent: false, problem: 'text_fsnrbnwk' });
    expect(await store.sendText('')).toEqual({ sent: false, problem: 'text_fsnrbnwk' });
    expect(await store.sendText('x'.repeat(401))).toEqual({ sent: false, problem: 'tooLong' });
    expect(api.paths()).not.toContain(SEND);
  });

  it('sends trimmed text to the conversation and blocks a second send while the first is pending', async () => {
    let release!: () => void;
    const { store, api } = await signedIn({
      [SEND]: (request: { body: { content: string } }) =>
        new Promise((resolve) => {
          release = () => resolve(message({ id: 2000, sender: 'member', blade_user_id: '7', content: request.body.content }));
        }),
    });
    const first = store.sendText(' hi there \n');
    await until(() => store.pending);
    expect(await store.sendText('second')).toEqual({ sent: false });
    release();
    expect(await first).toEqual({ sent: true });
    expect(store.pending).toBe(false);
    const sends = api.requests.filter((entry) => entry.url.pathname === SEND);
    expect(sends.map((entry) => entry.body)).toEqual([{ chatId: 5, content: 'hi there', contentType: 1 }]);
    expect(store.messages.map((item) => item.content)).toEqual(['hi there']);
  });

  it('uploads an image and sends its link; a non-image or a failed upload is tips_fstpsb', async () => {
    const { store, api } = await signedIn({
      [UPLOAD]: { link: '/api/mjkj-web/cgform-api/file/abc', id: 'abc' },
      [SEND]: (request: { body: { content: string } }) => message({ id: 3000, content_type: 2, content: request.body.content, sender: 'member', blade_user_id: '7' }),
    });
    expect(await store.sendImage(new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }))).toEqual({ sent: false, problem: 'tips_fstpsb' });
    expect(api.paths()).not.toContain(UPLOAD);

    expect(await store.sendImage(new File([new Uint8Array([137, 80])], 'a.png', { type: 'image/png' }))).toEqual({ sent: true });
    expect(api.requests.find((entry) => entry.url.pathname === SEND)!.body).toEqual({ chatId: 5, content: '/api/mjkj-web/cgform-api/file/abc', contentType: 2 });

    api.answers[UPLOAD] = Response.json({ code: 415, success: false, msg: 'no', data: { field: 'file' } }, { status: 415 });
    expect(await store.sendImage(new File([new Uint8Array([1])], 'b.png', { type: 'image/png' }))).toEqual({ sent: false, problem: 'tips_fstpsb' });
  });

  it('forgets the conversation on logout', async () => {
    const { store, root, realtime } = await signedIn({ [HISTORY]: page([message({ id: 10 })]) });
    realtime.emit(CHAT_KEY, message({ id: 11 }));
    root.session.logout();
    expect(store.messages).toEqual([]);
    expect(store.unread).toBe(0);
    expect(store.chatId).toBeNull();
    expect(realtime.topics).not.toContain(CHAT_KEY);
  });
});
