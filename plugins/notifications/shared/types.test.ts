import { describe, expect, it } from 'vitest';
import { asOrderChange, orderChangeProblem, type OrderChangeMessage } from './types';

const valid: OrderChangeMessage = { type: 'appeal', isNew: true, content: 'Appeal opened', orderCode: 'OC-1', changeUser: '5', serviceType: '1', link_merchant: false };

describe('orderChangeProblem', () => {
  it('accepts a complete message', () => {
    expect(orderChangeProblem(valid)).toBeNull();
    expect(asOrderChange(valid)).toBe(valid);
  });

  it.each([
    [{ ...valid, type: 'wallet' }, 'type'],
    [{ ...valid, isNew: 'true' }, 'isNew'],
    [{ ...valid, content: '   ' }, 'content'],
    [{ ...valid, content: 'x'.repeat(501) }, 'content'],
    [{ ...valid, orderCode: 7 }, 'orderCode'],
    [{ ...valid, serviceType: undefined }, 'serviceType'],
    [{ ...valid, changeUser: '' }, 'changeUser'],
    [{ ...valid, link_merchant: 1 }, 'link_merchant'],
    [[valid], 'message'],
    [null, 'message'],
  ])('names the field at fault: %j → %s', (message, field) => {
    expect(orderChangeProblem(message)).toBe(field);
    expect(asOrderChange(message)).toBeNull();
  });
});
