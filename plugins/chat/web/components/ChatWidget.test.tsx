// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RootProvider } from '../../../../core/web/store/root-context';
import { createTestRoot } from '../../../../core/web/testing/test-root';
import identityManifest from '../../../identity/plugin';
import identityWeb from '../../../identity/web';
import manifest from '../../plugin';
import type { ChatMessage } from '../../shared/types';
import type { ChatStore } from '../chat-store';
import { CHAT_STORE } from '../ids';
import chatWeb from '../index';
import ChatWidget from './ChatWidget';

const HISTORY = '/api/mjkj-web/coin/chat/history';
const SEND = '/api/mjkj-web/coin/chat/send';
const CHAT_KEY = 'chat_48213377';

let seq = 500;
const agentMessage = (content: string): ChatMessage => ({
  id: (seq += 1),
  chatId: 5,
  content,
  content_type: 1,
  create_time: new Date().toISOString(),
  blade_user_id: '0',
  sender: 'agent',
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});

async function renderWidget(answers: Record<string, unknown> = {}) {
  const setup = createTestRoot({ plugins: [{ manifest: identityManifest, web: identityWeb }, { manifest, web: chatWeb }] });
  Object.assign(setup.api.answers, {
    '/api/mjkj-web/coin/member/getMemberInfo': { id: '7', uid: '48213377', blade_user_id: '7', chatKey: CHAT_KEY },
    [HISTORY]: { records: [], total: 0, size: 15, current: 1, pages: 0, chatId: 5 },
    ...answers,
  });
  setup.root.start();
  await setup.root.session.login({ access_token: 'access', refresh_token: 'refresh', user_id: '7' });
  const store = setup.root.store<ChatStore>(CHAT_STORE);
  await waitFor(() => expect(store.chatId).toBe(5));
  await act(async () => {
    render(
      <RootProvider root={setup.root}>
        <ChatWidget />
      </RootProvider>,
    );
  });
  return { ...setup, store, button: screen.getByTestId('chat-button') };
}

const px = (value: string) => Number(value.replace('px', ''));
const sends = (requests: Array<{ url: URL; body: unknown }>) => requests.filter((request) => request.url.pathname === SEND);

describe('ChatWidget', () => {
  it('starts at 90% / 90vh and keeps the dragged button inside the window and 64 px below the top', async () => {
    const { button } = await renderWidget();
    expect(px(button.style.left)).toBeCloseTo(window.innerWidth * 0.9);
    expect(px(button.style.top)).toBeCloseTo(window.innerHeight * 0.9);

    fireEvent.pointerDown(button, { button: 0, clientX: 900, clientY: 700, pointerId: 1 });
    fireEvent.pointerMove(button, { clientX: 900, clientY: -400, pointerId: 1 });
    expect(px(button.style.top)).toBe(64);
    fireEvent.pointerMove(button, { clientX: 9000, clientY: 9000, pointerId: 1 });
    expect(px(button.style.left)).toBe(window.innerWidth - 52);
    expect(px(button.style.top)).toBe(window.innerHeight - 52);
    fireEvent.pointerUp(button, { pointerId: 1 });
    // the click ending a drag does not open the dialog; a plain click does
    fireEvent.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.pointerDown(button, { button: 0, clientX: 10, clientY: 10, pointerId: 2 });
    fireEvent.pointerMove(button, { clientX: 12, clientY: 11, pointerId: 2 });
    fireEvent.pointerUp(button, { pointerId: 2 });
    fireEvent.click(button);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(px(button.style.left)).toBe(window.innerWidth - 52);
  });

  it('shows the unread count of messages arriving while closed and clears it on open', async () => {
    const { realtime, button } = await renderWidget();
    expect(screen.queryByTestId('chat-unread')).toBeNull();
    act(() => {
      realtime.emit(CHAT_KEY, agentMessage('Hello from support'));
      realtime.emit(CHAT_KEY, agentMessage('Are you there?'));
    });
    expect(screen.getByTestId('chat-unread').textContent).toBe('2');
    fireEvent.click(button);
    expect(screen.queryByTestId('chat-unread')).toBeNull();
    expect(screen.getByRole('dialog').textContent).toContain('Are you there?');
    act(() => realtime.emit(CHAT_KEY, agentMessage('While open')));
    expect(screen.queryByTestId('chat-unread')).toBeNull();
  });

  it('sends on Enter, adds a line on Ctrl+Enter and blocks sending while a send is pending', async () => {
    let release!: () => void;
    const { api, button } = await renderWidget({
      [SEND]: (request: { body: { content: string } }) =>
        new Promise((resolve) => {
          release = () => resolve({ ...agentMessage(request.body.content), sender: 'member', blade_user_id: '7' });
        }),
    });
    fireEvent.click(button);
    const box = screen.getByRole('textbox') as HTMLTextAreaElement;
    const send = () => screen.getByRole('button', { name: /send$/ });
    expect(send().hasAttribute('disabled')).toBe(true);

    fireEvent.change(box, { target: { value: 'first line' } });
    box.setSelectionRange(10, 10);
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect(box.value).toBe('first line\n');
    expect(sends(api.requests)).toHaveLength(0);

    fireEvent.change(box, { target: { value: 'first line\nsecond line' } });
    expect(send().hasAttribute('disabled')).toBe(false);
    await act(async () => {
      fireEvent.keyDown(box, { key: 'Enter' });
    });
    await waitFor(() => expect(sends(api.requests)).toHaveLength(1));
    expect(send().hasAttribute('disabled')).toBe(true);
    await act(async () => {
      fireEvent.keyDown(box, { key: 'Enter' });
      fireEvent.click(send());
    });
    expect(sends(api.requests)).toHaveLength(1);
    expect(sends(api.requests)[0].body).toEqual({ chatId: 5, content: 'first line\nsecond line', contentType: 1 });

    await act(async () => release());
    await waitFor(() => expect(box.value).toBe(''));
    expect(screen.getByRole('dialog').textContent).toContain('second line');
  });

  it('does not send whitespace: the text stays and nothing is posted', async () => {
    const { api, button } = await renderWidget();
    fireEvent.click(button);
    const box = screen.getByRole('textbox') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: '   ' } });
    await act(async () => {
      fireEvent.keyDown(box, { key: 'Enter' });
    });
    expect(sends(api.requests)).toHaveLength(0);
    expect(box.value).toBe('   ');
  });
});
