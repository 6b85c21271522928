import { reaction } from 'mobx';
import { defineWebPlugin, type ShellRoot } from '../../../core/plugin-api';
import { NOTIFICATIONS_STORE } from './ids';
import { NotificationsStore } from './notifications-store';
import { memberTopicOf, merchantTopicOf, viewerOf } from './viewer';

const receive = (payload: unknown, root: ShellRoot) =>
  root.store<NotificationsStore>(NOTIFICATIONS_STORE).receive(payload, viewerOf(root.session.user));

function createStore(root: ShellRoot): NotificationsStore {
  const store = new NotificationsStore();
  // another member signing in on this device must not see the previous one's notices
  reaction(() => root.session.user?.id, () => store.clear());
  return store;
}

export default defineWebPlugin({
  id: 'notifications',
  components: [{ slot: 'layout.overlay', order: 10, component: () => import('./components/NotificationStack'), visible: (root) => root.session.isLogin }],
  stores: { [NOTIFICATIONS_STORE]: createStore },
  realtime: [
    { topic: memberTopicOf, handle: receive },
    { topic: merchantTopicOf, handle: receive },
  ],
  locales: (language) => import(`../../../locales/${language}/notifications.json`),
});
