import type { RealtimePublisher } from '../../../core/server';
import type { NotificationsService } from '../shared/service';
import { memberTopic, merchantTopic, orderChangeProblem, type OrderChangeMessage } from '../shared/types';

/** Checks each message before it goes out: a malformed one is a fault of the calling plugin. */
export function createNotificationsService(realtime: RealtimePublisher): NotificationsService {
  const publish = (topic: string, message: OrderChangeMessage) => {
    const problem = orderChangeProblem(message);
    if (problem) throw new TypeError(`notifications: the order-change message has an invalid field "${problem}"`);
    realtime.publish(topic, message);
  };
  return {
    notifyMember: (memberId, message) => publish(memberTopic(memberId), message),
    notifyMerchant: (merchantId, message) => publish(merchantTopic(merchantId), message),
  };
}
