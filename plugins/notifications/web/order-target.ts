import type { ShellRoot } from '../../../core/plugin-api';
import type { OrderChangeMessage } from '../shared/types';
import { MERCHANT_ROUTE, ORDER_ROUTE } from './ids';

/** Paths of the named routes (spec §2), used while the plugin that declares them is not selected. */
const FALLBACK_PATHS: Record<string, string> = { [ORDER_ROUTE]: '/otc/order', [MERCHANT_ROUTE]: '/merchant/deal' };

/** The page of the order a notification is about: the merchant's deal page when link_merchant, else the order page. */
export function orderTarget(root: Pick<ShellRoot, 'href'>, message: OrderChangeMessage): string {
  const route = message.link_merchant ? MERCHANT_ROUTE : ORDER_ROUTE;
  const params = { serviceType: message.serviceType, orderCode: message.orderCode };
  try {
    return root.href(route, params);
  } catch {
    // no selected plugin declares the route yet
    return `${FALLBACK_PATHS[route]}?${new URLSearchParams(params)}`;
  }
}
