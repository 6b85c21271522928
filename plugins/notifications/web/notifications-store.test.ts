import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS_MAX } from '../../../core/shared';
import type { OrderChangeMessage } from '../shared/types';
import { NotificationsStore } from './notifications-store';
import { viewerOf } from './viewer';

const change = (orderCode: string, changes: Partial<OrderChangeMessage> = {}): OrderChangeMessage => ({
  type: 'otc',
  isNew: false,
  content: `Order ${orderCode} was paid`,
  orderCode,
  changeUser: '77',
  serviceType: 'buy',
  link_merchant: false,
  ...changes,
});

const member = viewerOf({ id: '9', uid: 'U9' });
const merchant = viewerOf({ id: '9', uid: 'U9', is_merchant: 2, merchant: { id: '9' } });

describe('NotificationsStore', () => {
  it('keeps at most four, closing the oldest when a fifth arrives', () => {
    const store = new NotificationsStore();
    expect(store.max).toBe(NOTIFICATIONS_MAX);
    for (const code of ['A1', 'A2', 'A3', 'A4', 'A5']) store.receive(change(code), member);
    expect(store.items.map((item) => item.message.orderCode)).toEqual(['A2', 'A3', 'A4', 'A5']);
    store.receive(change('A6'), member);
    expect(store.items.map((item) => item.message.orderCode)).toEqual(['A3', 'A4', 'A5', 'A6']);
  });

  it('closes one notification by its id and keeps the others', () => {
    const store = new NotificationsStore();
    const first = store.receive(change('B1'), member)!;
    store.receive(change('B2'), member);
    store.close(first.id);
    expect(store.items.map((item) => item.message.orderCode)).toEqual(['B2']);
    store.clear();
    expect(store.items).toEqual([]);
  });

  it('ignores changes the member made, and for a merchant those of their merchant', () => {
    const store = new NotificationsStore();
    expect(store.receive(change('C1', { changeUser: '9' }), member)).toBeNull();
    expect(store.receive(change('C2', { changeUser: '9', link_merchant: true }), merchant)).toBeNull();
    const otherMerchant = viewerOf({ id: '9', uid: 'U9', is_merchant: 2, merchant: { id: 'M5' } });
    expect(store.receive(change('C3', { changeUser: 'M5' }), otherMerchant)).toBeNull();
    // a plain member has no merchant: a change by merchant M5 is someone else's
    expect(store.receive(change('C4', { changeUser: 'M5' }), member)).not.toBeNull();
    expect(store.items.map((item) => item.message.orderCode)).toEqual(['C4']);
  });

  it('ignores other message types on the topic, malformed payloads and a missing viewer', () => {
    const store = new NotificationsStore();
    expect(store.receive({ type: 'wallet', event: 'balance' }, member)).toBeNull();
    expect(store.receive({ ...change('D1'), type: 'chat' }, member)).toBeNull();
    expect(store.receive({ ...change('D2'), orderCode: '' }, member)).toBeNull();
    expect(store.receive({ ...change('D3'), link_merchant: 'yes' }, member)).toBeNull();
    expect(store.receive('not an object', member)).toBeNull();
    expect(store.receive(null, member)).toBeNull();
    expect(store.receive(change('D4'), null)).toBeNull();
    expect(store.items).toEqual([]);
    expect(store.receive(change('D5', { type: 'appeal', isNew: true }), member)).not.toBeNull();
  });
});
