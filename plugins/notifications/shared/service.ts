import type { OrderChangeMessage } from './types';

/**
 * What the notifications plugin offers other server plugins (context.use<NotificationsService>(NOTIFICATIONS_SERVICE)):
 * the OTC product tells members and merchants that an order or appeal changed. Every message goes out, also one
 * about the recipient's own change: other parts of their pages may refresh on it; the web decides what to show.
 */
export const NOTIFICATIONS_SERVICE = 'notifications';

export interface NotificationsService {
  /** Publishes on refresh_{memberId}. Throws a TypeError naming the field when the message is malformed. */
  notifyMember(memberId: string, message: OrderChangeMessage): void;
  /** Publishes on refresh_{merchantId} (a merchant id is the merchant's member id for now). Same checks. */
  notifyMerchant(merchantId: string, message: OrderChangeMessage): void;
}
