// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { RootProvider } from '../../../../core/web/store/root-context';
import { createTestRoot } from '../../../../core/web/testing/test-root';
import type { DeskConversation, DeskEvent, DeskMessage } from '../../../chat/shared/types';
import consoleCoreManifest from '../../../console-core/plugin';
import { OPERATOR_CONSOLE_STORE, type OperatorConsole } from '../../../console-core/shared/types';
import consoleCoreWeb from '../../../console-core/web';
import type { DeskFeedOptions } from '../desk-feed';
import CannedRepliesPage from './CannedRepliesPage';
import { Desk } from './DeskPage';

const API = '/api/mjkj-web';
const page = <T,>(records: T[], size = 20) => ({ records, total: records.length, size, current: 1, pages: 1 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const conversation = (id: number, changes: Partial<DeskConversation> = {}): DeskConversation => ({
  id,
  kind: 'support',
  memberId: String(id),
  memberUid: `4821337${id}`,
  status: 'open',
  assignedTo: null,
  waitingSince: new Date(Date.now() - 5 * 60_000).toISOString(),
  lastMessage: { content: 'Where is my deposit?', contentType: 1, sender: 'member', createTime: new Date().toISOString() },
  createdAt: new Date().toISOString(),
  ...changes,
});

const message = (id: number, chatId: number, changes: Partial<DeskMessage> = {}): DeskMessage => ({
  id,
  chatId,
  content: 'Where is my deposit?',
  content_type: 1,
  create_time: new Date().toISOString(),
  blade_user_id: String(chatId),
  sender: 'member',
  operatorId: null,
  operatorName: null,
  ...changes,
});

async function renderSignedIn(node: ReactNode, permissions: string[], answers: Record<string, unknown>) {
  const setup = createTestRoot({ plugins: [{ manifest: consoleCoreManifest, web: consoleCoreWeb }] });
  Object.assign(setup.api.answers, {
    [`${API}/console/auth/login`]: { access_token: 'operator-token', token_type: 'bearer', expires_in: 3600, operator: { id: '1', username: 'admin', role: 'support' }, totpBound: true },
    [`${API}/console/me`]: { id: '1', username: 'admin', role: 'support', permissions, totpBound: true },
    [`${API}/console/chat/agents`]: [{ id: '1', name: 'admin', role: 'support', openConversations: 2 }],
    [`${API}/console/chat/canned-replies`]: [{ id: 4, title: 'Greeting', content: 'Hello, how can I help?', updatedAt: new Date().toISOString() }],
    ...answers,
  });
  setup.root.start();
  const session = setup.root.store<OperatorConsole & { signIn(u: string, p: string): Promise<boolean> }>(OPERATOR_CONSOLE_STORE);
  await waitFor(() => expect(session.hydrated).toBe(true));
  expect(await session.signIn('admin', 'secret')).toBe(true);
  await act(async () => {
    render(<RootProvider root={setup.root}>{node}</RootProvider>);
  });
  return setup;
}

/** Stands in for the MQTT connection of the desk: records how it was opened and lets a test push events. */
function fakeFeed() {
  const feed = { options: null as DeskFeedOptions | null, closed: false };
  const open = (options: DeskFeedOptions) => {
    feed.options = options;
    return () => {
      feed.closed = true;
    };
  };
  return { feed, open, push: (event: DeskEvent) => act(() => feed.options!.onEvent(event)) };
}

describe('support desk', () => {
  it('lists the queue, opens a transcript, replies with Enter and follows live events', async () => {
    const { feed, open, push } = fakeFeed();
    const setup = await renderSignedIn(<Desk openFeed={open} />, ['chat.read', 'chat.reply'], {
      [`${API}/console/chat/conversations`]: page([conversation(1)]),
      [`${API}/console/chat/conversations/1`]: conversation(1),
      [`${API}/console/chat/conversations/1/messages`]: (request: { method: string; body: { content: string } }) =>
        request.method === 'POST'
          ? message(30, 1, { sender: 'agent', content: request.body.content, operatorId: '1', operatorName: 'admin' })
          : page([message(20, 1)], 15),
    });
    expect(feed.options?.token()).toBe('bearer operator-token');

    const [item] = await screen.findAllByTestId('chat-queue-item');
    expect(item.dataset.conversation).toBe('1');
    expect(item.textContent).toContain('Where is my deposit?');
    expect(item.textContent).toMatch(/waiting/);
    fireEvent.click(item);
    const transcript = await screen.findByTestId('chat-transcript');
    await waitFor(() => expect(transcript.textContent).toContain('Where is my deposit?'));
    expect(screen.getByTestId('chat-agent-load').textContent).toContain('admin');

    const box = within(transcript).getByRole('textbox') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Hello, how can I help?' } });
    box.setSelectionRange(6, 6);
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect(box.value).toBe('Hello,\n how can I help?');
    expect(box.selectionStart).toBe(7);
    fireEvent.change(box, { target: { value: 'Hello, how can I help?' } });
    await act(async () => {
      fireEvent.keyDown(box, { key: 'Enter' });
    });
    await waitFor(() => expect(box.value).toBe(''));
    const posted = setup.api.requests.filter((request) => request.method === 'POST' && request.url.pathname.endsWith('/messages'));
    expect(posted.map((request) => request.body)).toEqual([{ content: 'Hello, how can I help?', contentType: 1 }]);
    expect(transcript.textContent).toContain('Hello, how can I help?');

    push({ kind: 'message', conversation: conversation(1), message: message(31, 1, { content: 'Thanks, one more thing' }) });
    expect(transcript.textContent).toContain('Thanks, one more thing');
    push({ kind: 'message', conversation: conversation(2, { lastMessage: { content: 'New here', contentType: 1, sender: 'member', createTime: new Date().toISOString() } }), message: message(40, 2, { content: 'New here' }) });
    expect(screen.getAllByTestId('chat-queue-item').map((element) => element.dataset.conversation)).toEqual(['1', '2']);
    cleanup();
    expect(feed.closed).toBe(true);
  });

  it('shows a reader without chat.reply the transcript but no reply box or actions', async () => {
    const { open } = fakeFeed();
    await renderSignedIn(<Desk openFeed={open} />, ['chat.read'], {
      [`${API}/console/chat/conversations`]: page([conversation(1)]),
      [`${API}/console/chat/conversations/1`]: conversation(1),
      [`${API}/console/chat/conversations/1/messages`]: page([message(20, 1)], 15),
    });
    fireEvent.click((await screen.findAllByTestId('chat-queue-item'))[0]);
    const transcript = await screen.findByTestId('chat-transcript');
    await waitFor(() => expect(transcript.textContent).toContain('Where is my deposit?'));
    expect(within(transcript).queryByRole('textbox')).toBeNull();
    expect(within(transcript).queryByRole('button', { name: 'take' })).toBeNull();
  });
});

describe('canned replies', () => {
  it('lists the replies and creates one with title and text', async () => {
    const setup = await renderSignedIn(<CannedRepliesPage />, ['chat.read', 'chat.reply'], {});
    const list = await screen.findByTestId('chat-canned-list');
    await waitFor(() => expect(list.textContent).toContain('Greeting'));
    setup.api.answers[`${API}/console/chat/canned-replies`] = (request: { method: string; body: unknown }) =>
      request.method === 'POST' ? { id: 5, ...(request.body as object), updatedAt: new Date().toISOString() } : [];
    fireEvent.click(screen.getByRole('button', { name: 'cannedNew' }));
    const dialog = await screen.findByRole('dialog');
    const [title] = within(dialog).getAllByRole('textbox');
    fireEvent.change(title, { target: { value: 'Deposit delay' } });
    fireEvent.change(dialog.querySelector('textarea')!, { target: { value: 'Deposits need 12 confirmations.' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'confirm' }));
    });
    const created = setup.api.requests.find((request) => request.method === 'POST' && request.url.pathname.endsWith('/canned-replies'));
    expect(created?.body).toEqual({ title: 'Deposit delay', content: 'Deposits need 12 confirmations.' });
  });
});
