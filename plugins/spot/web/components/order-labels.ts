import type { SpotOrderView } from '../../shared/types';

/** Text keys of an order's kind, side and status in the spot namespace. */
export const typeKey = (order: Pick<SpotOrderView, 'type'>) => `type_${order.type}`;
export const sideKey = (order: Pick<SpotOrderView, 'side'>) => `side_${order.side}`;
export const statusKey = (order: Pick<SpotOrderView, 'status'>) => `status_${order.status}`;
