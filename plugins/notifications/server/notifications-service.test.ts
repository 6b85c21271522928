import { describe, expect, it } from 'vitest';
import type { OrderChangeMessage } from '../shared/types';
import { createNotificationsService } from './notifications-service';

const message: OrderChangeMessage = { type: 'otc', isNew: false, content: 'Paid', orderCode: 'OC-9', changeUser: '3', serviceType: 'sell', link_merchant: true };

describe('notifications service', () => {
  it('publishes a member’s and a merchant’s messages on their refresh topics', () => {
    const published: Array<[string, unknown]> = [];
    const service = createNotificationsService({ publish: (topic, payload) => published.push([topic, payload]) });
    service.notifyMember('12', { ...message, link_merchant: false });
    service.notifyMerchant('40', message);
    expect(published).toEqual([
      ['refresh_12', { ...message, link_merchant: false }],
      ['refresh_40', message],
    ]);
  });

  it('refuses a malformed message, naming the field, and publishes nothing', () => {
    const published: unknown[] = [];
    const service = createNotificationsService({ publish: (topic) => published.push(topic) });
    expect(() => service.notifyMember('12', { ...message, type: 'wallet' as never })).toThrow(/"type"/);
    expect(() => service.notifyMerchant('40', { ...message, orderCode: '' })).toThrow(/"orderCode"/);
    expect(published).toEqual([]);
  });
});
