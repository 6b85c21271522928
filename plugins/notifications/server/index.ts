import { defineServerPlugin } from '../../../core/server';
import { NOTIFICATIONS_SERVICE } from '../shared/service';
import { registerConsoleRoutes } from './console-routes';
import { createNotificationsService } from './notifications-service';

/**
 * No topic rule of its own: refresh_{memberId} is the member's private topic under the core rule for `refresh_`
 * (readable by that member only), and a merchant's topic is the same topic while a merchant id is its member id.
 */
export default defineServerPlugin({
  id: 'notifications',
  register(registrar) {
    const service = createNotificationsService(registrar.context.realtime);
    registrar.provide(NOTIFICATIONS_SERVICE, service);
    registerConsoleRoutes(registrar, service);
  },
});
