import { ApiError, ERROR_CODES, type ServerRegistrar } from '../../../core/server';
import { IDENTITY_SERVICE, type IdentityService, type MemberRecord } from '../../identity/shared/service';
import type { NotificationsService } from '../shared/service';
import {
  memberTopic,
  merchantTopic,
  SEND_NOTIFICATION_PATH,
  sendNotificationSchema,
  type OrderChangeMessage,
  type SendNotificationRequest,
  type SendNotificationResult,
} from '../shared/types';

/** is_merchant of a merchant (spec §1). */
const MERCHANT = 2;

async function memberByUid(identity: IdentityService, uid: string): Promise<MemberRecord> {
  const member = await identity.getMemberByUid(uid);
  if (!member) throw new ApiError(ERROR_CODES.notFound, 'notifications:unknownMember', { field: 'uid' });
  return member;
}

/** POST /console/notifications/send: support sends a member a notice about an order, as the OTC product would. */
export function registerConsoleRoutes(registrar: ServerRegistrar, notifications: NotificationsService): void {
  const { context } = registrar;
  const identity = context.use<IdentityService>(IDENTITY_SERVICE);

  registrar.route<unknown, SendNotificationRequest, unknown, SendNotificationResult>({
    method: 'POST',
    path: SEND_NOTIFICATION_PATH,
    auth: 'operator',
    permission: 'notifications.send',
    schema: { body: sendNotificationSchema },
    async handler(request) {
      const { uid, type, content, orderCode, serviceType, isNew = false, linkMerchant = false } = request.body;
      const member = await memberByUid(identity, uid.trim());
      if (linkMerchant && member.isMerchant !== MERCHANT) throw new ApiError(ERROR_CODES.badRequest, 'notifications:notMerchant', { field: 'linkMerchant' });
      const operatorId = request.principal!.id;
      const message: OrderChangeMessage = {
        type,
        isNew,
        content: content.trim(),
        orderCode,
        changeUser: `operator:${operatorId}`,
        serviceType,
        link_merchant: linkMerchant,
      };
      // recorded first: no notice leaves without its audit row
      await context.audit.record({ operatorId, action: 'notifications.send', target: `member:${member.id}`, after: message, ip: request.ip });
      if (linkMerchant) notifications.notifyMerchant(member.id, message);
      else notifications.notifyMember(member.id, message);
      return { topic: linkMerchant ? merchantTopic(member.id) : memberTopic(member.id), message };
    },
  });
}
