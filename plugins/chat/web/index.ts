import { defineWebPlugin, type ShellRoot } from '../../../core/plugin-api';
import { ChatStore } from './chat-store';
import { CHAT_STORE } from './ids';

/** The member's chat key while signed in: the realtime topic of their conversation (spec §7). */
const chatKeyOf = (root: ShellRoot): string | null => (root.session.isLogin ? (root.session.user?.chatKey ?? null) : null);

export default defineWebPlugin({
  id: 'chat',
  components: [{ slot: 'layout.overlay', order: 10, component: () => import('./components/ChatWidget'), visible: (root) => chatKeyOf(root) !== null }],
  stores: { [CHAT_STORE]: (root) => new ChatStore(root) },
  realtime: [{ topic: chatKeyOf, handle: (payload, root) => root.store<ChatStore>(CHAT_STORE).receive(payload) }],
  locales: (language) => import(`../../../locales/${language}/chat.json`),
});
