import { describe, expect, it, vi } from 'vitest';
import type { DeskConversation, DeskMessage } from '../../chat/shared/types';
import type { DeskApi } from './desk-api';
import { DeskStore, mergeTranscript, upsertQueue } from './desk-store';

const conversation = (id: number, changes: Partial<DeskConversation> = {}): DeskConversation => ({
  id,
  kind: 'support',
  memberId: String(id),
  memberUid: `1000000${id}`,
  status: 'open',
  assignedTo: null,
  waitingSince: null,
  lastMessage: null,
  createdAt: '2026-05-01T09:00:00.000Z',
  ...changes,
});

const message = (id: number, chatId: number, changes: Partial<DeskMessage> = {}): DeskMessage => ({
  id,
  chatId,
  content: `message ${id}`,
  content_type: 1,
  create_time: '2026-05-01T10:00:00.000Z',
  blade_user_id: String(chatId),
  sender: 'member',
  operatorId: null,
  operatorName: null,
  ...changes,
});

const page = <T,>(records: T[], size = 20) => ({ records, total: records.length, size, current: 1, pages: 1 });

function fakeApi(overrides: Partial<DeskApi> = {}): DeskApi {
  return {
    queue: vi.fn(async () => page([conversation(1, { waitingSince: '2026-05-01T10:00:00.000Z' }), conversation(2, { assignedTo: { id: '3', name: 'kim' } })])),
    conversation: vi.fn(async (id: number) => conversation(id)),
    transcript: vi.fn(async (id: number) => page([message(11, id), message(10, id)], 15)),
    reply: vi.fn(async (id: number, content: string) => message(50, id, { sender: 'agent', content, operatorId: '1', operatorName: 'admin' })),
    uploadImage: vi.fn(async () => ({ link: '/api/mjkj-web/cgform-api/file/x' })),
    take: vi.fn(async (id: number) => conversation(id, { assignedTo: { id: '1', name: 'admin' } })),
    assign: vi.fn(async (id: number, operatorId: string) => conversation(id, { assignedTo: { id: operatorId, name: 'kim' } })),
    close: vi.fn(async (id: number) => conversation(id, { status: 'closed' })),
    agents: vi.fn(async () => []),
    canned: vi.fn(async () => []),
    createCanned: vi.fn(),
    updateCanned: vi.fn(),
    deleteCanned: vi.fn(),
    ...overrides,
  } as DeskApi;
}

describe('desk queue helpers', () => {
  it('puts unassigned conversations first, the longest waiting before the others, and drops other statuses', () => {
    const queue = [conversation(1, { assignedTo: { id: '1', name: 'a' } }), conversation(2, { waitingSince: '2026-05-01T10:05:00Z' })];
    const next = upsertQueue(queue, conversation(3, { waitingSince: '2026-05-01T10:00:00Z' }), 'open');
    expect(next.map((item) => item.id)).toEqual([3, 2, 1]);
    expect(upsertQueue(next, conversation(3, { status: 'closed' }), 'open').map((item) => item.id)).toEqual([2, 1]);
  });

  it('merges transcript messages once, oldest first', () => {
    const merged = mergeTranscript([message(2, 1), message(4, 1)], [message(3, 1), message(4, 1)]);
    expect(merged.map((item) => item.id)).toEqual([2, 3, 4]);
  });
});

describe('DeskStore', () => {
  it('loads the queue and shows the selected conversation oldest first, with older pages while the last was full', async () => {
    const api = fakeApi({ transcript: vi.fn(async (id: number) => page(Array.from({ length: 15 }, (_, index) => message(100 - index, id)), 15)) });
    const store = new DeskStore(api);
    await store.start();
    expect(store.queue.map((item) => item.id)).toEqual([1, 2]);
    expect(store.waitingCount).toBe(1);
    await store.select(1);
    expect(store.transcript[0].id).toBe(86);
    expect(store.transcriptHasMore).toBe(true);
    await store.loadOlder();
    expect(api.transcript).toHaveBeenLastCalledWith(1, 2);
  });

  it('applies desk events: a new conversation joins the queue, the open transcript grows', async () => {
    const store = new DeskStore(fakeApi());
    await store.start();
    await store.select(1);
    store.apply({ kind: 'message', conversation: conversation(9, { waitingSince: '2026-05-01T09:00:00.000Z' }), message: message(60, 9) });
    expect(store.queue.map((item) => item.id)).toEqual([9, 1, 2]);
    expect(store.total).toBe(3);
    store.apply({ kind: 'message', conversation: conversation(1, { waitingSince: '2026-05-01T10:00:00.000Z' }), message: message(61, 1, { content: 'live' }) });
    expect(store.transcript.map((item) => item.content)).toContain('live');
    store.apply({ kind: 'message', conversation: conversation(9, { status: 'closed' }), message: message(62, 9, { sender: 'system' }) });
    expect(store.queue.map((item) => item.id)).toEqual([1, 2]);
    expect(store.total).toBe(2);
    store.dispose();
  });

  it('refuses a blank reply without a request and sends one reply at a time', async () => {
    let release!: () => void;
    const api = fakeApi({
      reply: vi.fn(
        (id: number, content: string) =>
          new Promise<DeskMessage>((resolve) => {
            release = () => resolve(message(70, id, { sender: 'agent', content }));
          }),
      ),
    });
    const store = new DeskStore(api);
    await store.start();
    await store.select(1);
    expect(await store.sendText('  ')).toEqual({ sent: false, problem: 'text_fsnrbnwk' });
    const first = store.sendText(' on it ');
    expect(await store.sendText('again')).toEqual({ sent: false });
    release();
    expect(await first).toEqual({ sent: true });
    expect(api.reply).toHaveBeenCalledTimes(1);
    expect(api.reply).toHaveBeenCalledWith(1, 'on it', 1);
    expect(store.transcript.at(-1)?.content).toBe('on it');
  });

  it('takes, assigns and closes the selected conversation', async () => {
    const api = fakeApi();
    const store = new DeskStore(api);
    await store.start();
    await store.select(1);
    await store.take();
    expect(store.selected?.assignedTo?.name).toBe('admin');
    await store.assign('3');
    expect(api.assign).toHaveBeenCalledWith(1, '3');
    await store.close();
    expect(store.selected?.status).toBe('closed');
    expect(store.queue.map((item) => item.id)).toEqual([2]);
    store.dispose();
  });
});
