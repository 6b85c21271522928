export const NOTIFICATIONS_STORE = 'notifications';
/** Named routes of the OTC product (spec §2); they take the params serviceType and orderCode. */
export const ORDER_ROUTE = 'order';
export const MERCHANT_ROUTE = 'merchant';
