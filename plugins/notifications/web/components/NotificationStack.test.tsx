// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { page, plugin } from '../../../../core/web/testing/fixtures';
import { renderShell } from '../../../../core/web/testing/render-shell';
import type { PluginEntry } from '../../../../core/web';
import en from '../../../../locales/en/notifications.json';
import identityManifest from '../../../identity/plugin';
import identityWeb from '../../../identity/web';
import manifest from '../../plugin';
import type { OrderChangeMessage } from '../../shared/types';
import notificationsWeb from '../index';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const PROFILE = '/api/mjkj-web/coin/member/getMemberInfo';
const base: PluginEntry[] = [
  { manifest: identityManifest, web: identityWeb },
  { manifest, web: notificationsWeb },
];
/** Declares the OTC product's named routes with a path param, to show the link is resolved by name. */
const otc = plugin('otc', {
  routes: [
    { name: 'order', path: '/otc/order/:orderCode', page: page('the order page') },
    { name: 'merchant', path: '/merchant/deal/:orderCode', page: page('the deal page') },
  ],
});

const change = (orderCode: string, changes: Partial<OrderChangeMessage> = {}): OrderChangeMessage => ({
  type: 'otc',
  isNew: true,
  content: `Buyer paid for ${orderCode}`,
  orderCode,
  changeUser: '77',
  serviceType: 'buy',
  link_merchant: false,
  ...changes,
});

async function signedIn(plugins: PluginEntry[], user: Record<string, unknown> = {}) {
  const shell = await renderShell('/', { plugins });
  shell.api.answers[PROFILE] = { uid: 'U9', ...user };
  await act(() => shell.root.session.login({ access_token: 'a', refresh_token: 'r', user_id: '9' }));
  const emit = (topic: string, message: unknown) => act(() => shell.realtime.emit(topic, message));
  return { ...shell, emit };
}

const cards = () => screen.queryAllByTestId('notification');
const codes = () => cards().map((card) => card.getAttribute('data-order'));

describe('order notifications', () => {
  it('subscribes to the member topic only while signed in', async () => {
    const shell = await renderShell('/', { plugins: base });
    expect(shell.realtime.topics).not.toContain('refresh_9');
    shell.api.answers[PROFILE] = { uid: 'U9' };
    await act(() => shell.root.session.login({ access_token: 'a', refresh_token: 'r', user_id: '9' }));
    expect(shell.realtime.topics).toContain('refresh_9');
    act(() => shell.root.session.logout());
    expect(shell.realtime.topics).not.toContain('refresh_9');
  });

  it('shows at most four cards, the oldest closing when a fifth arrives; they stay', async () => {
    const { emit } = await signedIn(base);
    for (const code of ['OC-1', 'OC-2', 'OC-3', 'OC-4']) emit('refresh_9', change(code));
    await waitFor(() => expect(codes()).toEqual(['OC-1', 'OC-2', 'OC-3', 'OC-4']));
    expect(cards()[0]!.textContent).toContain(en.title.otc.new);
    expect(cards()[0]!.textContent).toContain('Buyer paid for OC-1');
    emit('refresh_9', change('OC-5', { type: 'appeal', isNew: false }));
    await waitFor(() => expect(codes()).toEqual(['OC-2', 'OC-3', 'OC-4', 'OC-5']));
    expect(cards()[3]!.textContent).toContain(en.title.appeal.changed);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cards()).toHaveLength(4);
  });

  it('shows nothing for the member’s own changes or other message types', async () => {
    const { emit } = await signedIn(base);
    emit('refresh_9', change('OWN', { changeUser: '9' }));
    emit('refresh_9', { type: 'wallet', event: 'balance' });
    emit('refresh_9', change('OK'));
    await waitFor(() => expect(codes()).toEqual(['OK']));
  });

  it('opens the order page by its route name and closes the card', async () => {
    const { emit } = await signedIn([...base, otc]);
    emit('refresh_9', change('OC-1'));
    emit('refresh_9', change('OC-2'));
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(within(cards()[1]!).getByText('Buyer paid for OC-2'));
    await waitFor(() => expect(window.location.pathname).toBe('/otc/order/OC-2'));
    expect(window.location.search).toBe('?serviceType=buy');
    expect(codes()).toEqual(['OC-1']);
    expect(await screen.findByText('the order page')).toBeTruthy();
  });

  it('falls back to the spec’s paths when no plugin declares the routes; a merchant card opens the deal page', async () => {
    const { emit } = await signedIn(base, { is_merchant: 2, merchant: { id: '9' } });
    emit('refresh_9', change('OC-7', { link_merchant: true, serviceType: 'sell' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(cards()[0]!.textContent).toContain(en.merchant);
    fireEvent.click(within(cards()[0]!).getByText('Buyer paid for OC-7'));
    await waitFor(() => expect(window.location.pathname).toBe('/merchant/deal'));
    expect(new URLSearchParams(window.location.search).get('orderCode')).toBe('OC-7');
    expect(new URLSearchParams(window.location.search).get('serviceType')).toBe('sell');
    expect(cards()).toHaveLength(0);
  });

  it('closes a card with its close button without leaving the page', async () => {
    const { emit } = await signedIn(base);
    emit('refresh_9', change('OC-1'));
    await waitFor(() => expect(cards()).toHaveLength(1));
    const before = window.location.pathname;
    fireEvent.click(within(cards()[0]!).getByRole('button', { name: en.close }));
    await waitFor(() => expect(cards()).toHaveLength(0));
    expect(window.location.pathname).toBe(before);
  });
});
