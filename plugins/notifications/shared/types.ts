/**
 * The realtime user-change message (spec §4) and the console route that sends one. Messages travel on the
 * member's private topic refresh_{memberId}; a merchant's messages on refresh_{merchantId}. A merchant is a member
 * with is_merchant = 2 and, for now, its merchant id is its member id, so both names are the same topic.
 * Other plugins publish other `type`s on the same topics (e.g. the wallet's `type: 'wallet'`).
 */

export const ORDER_CHANGE_TYPES = ['otc', 'appeal'] as const;
export type OrderChangeType = (typeof ORDER_CHANGE_TYPES)[number];

export interface OrderChangeMessage {
  type: OrderChangeType;
  /** True when the order or appeal was just created; false when an existing one changed. */
  isNew: boolean;
  /** The text shown to the member. */
  content: string;
  orderCode: string;
  /** Who made the change: a member id, a merchant id, or "operator:<id>" for a notice from the console. */
  changeUser: string;
  /** The order's service type, passed to the order page. */
  serviceType: string;
  /** True: the order is one of the merchant's deals and opens the merchant's deal page (route `merchant`). */
  link_merchant: boolean;
}

export const CONTENT_MAX = 500;
export const CODE_MAX = 64;

/** Longest accepted text of each text field. */
const TEXT_LIMITS = { content: CONTENT_MAX, orderCode: CODE_MAX, serviceType: CODE_MAX, changeUser: CODE_MAX + 16 } as const;

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.trim() !== '' && value.length <= max;

/** The first field of an order-change message that is missing or malformed, or null when the message is valid. */
export function orderChangeProblem(message: unknown): keyof OrderChangeMessage | 'message' | null {
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return 'message';
  const candidate = message as Record<string, unknown>;
  if (!(ORDER_CHANGE_TYPES as readonly unknown[]).includes(candidate.type)) return 'type';
  if (typeof candidate.isNew !== 'boolean') return 'isNew';
  for (const field of ['content', 'orderCode', 'serviceType', 'changeUser'] as const) {
    if (!isText(candidate[field], TEXT_LIMITS[field])) return field;
  }
  if (typeof candidate.link_merchant !== 'boolean') return 'link_merchant';
  return null;
}

/** The message, if the payload of a refresh_ topic is an order change (other types and malformed payloads: null). */
export function asOrderChange(payload: unknown): OrderChangeMessage | null {
  return orderChangeProblem(payload) === null ? (payload as OrderChangeMessage) : null;
}

/** The member's private topic, read only by that member (core topic rule for `refresh_`). */
export const memberTopic = (memberId: string) => `refresh_${memberId}`;
/** The merchant's topic. A merchant id is its member id for now, so this is the member's topic. */
export const merchantTopic = (merchantId: string) => `refresh_${merchantId}`;

// ---------------------------------------------------------------- console
/** POST, permission notifications.send: a notice to one member, published at once. */
export const SEND_NOTIFICATION_PATH = '/console/notifications/send';

export interface SendNotificationRequest {
  /** Member uid as shown in the console. */
  uid: string;
  type: OrderChangeType;
  content: string;
  orderCode: string;
  serviceType: string;
  /** Default false. */
  isNew?: boolean;
  /** Send on the merchant channel, linking the merchant's deal page; the member must be a merchant. Default false. */
  linkMerchant?: boolean;
}

export interface SendNotificationResult {
  topic: string;
  message: OrderChangeMessage;
}

export const sendNotificationSchema = {
  type: 'object',
  required: ['uid', 'type', 'content', 'orderCode', 'serviceType'],
  additionalProperties: false,
  properties: {
    uid: { type: 'string', minLength: 1, maxLength: CODE_MAX },
    type: { type: 'string', enum: [...ORDER_CHANGE_TYPES] },
    content: { type: 'string', minLength: 1, maxLength: CONTENT_MAX, pattern: '\\S' },
    orderCode: { type: 'string', minLength: 1, maxLength: CODE_MAX, pattern: '^[A-Za-z0-9_-]+$' },
    serviceType: { type: 'string', minLength: 1, maxLength: CODE_MAX, pattern: '^[A-Za-z0-9_-]+$' },
    isNew: { type: 'boolean' },
    linkMerchant: { type: 'boolean' },
  },
} as const;
