import { defineServerPlugin, type ServerPlugin } from '../../../core/server';
import { IDENTITY_SERVICE, type IdentityService } from '../../identity/shared/service';
import { CannedReplies } from './canned-replies';
import { ChatDesk } from './chat';
import { registerConsoleRoutes } from './console-routes';
import { Conversations } from './conversations';
import { MemberKeys } from './member-keys';
import { registerMemberRoutes } from './member-routes';
import { CHAT_MIGRATIONS } from './migrations';
import { OperatorDirectory } from './operators';
import { SEND_BURST, SEND_PER_SECOND, SendThrottle } from './send-throttle';
import { registerTopicAccess } from './topic-access';

export interface ChatServerOptions {
  /** Messages one sender may send in a burst, and per second after it (default 10 and 1). */
  sendLimit?: { burst: number; perSecond: number };
}

/** The chat server part; the options change the flood limit (a load test's one agent answers every member). */
export function createChatServer(options: ChatServerOptions = {}): ServerPlugin {
  const limit = options.sendLimit ?? { burst: SEND_BURST, perSecond: SEND_PER_SECOND };
  return defineServerPlugin({
    id: 'chat',
    migrations: CHAT_MIGRATIONS,
    register(registrar) {
      const { context } = registrar;
      const operators = new OperatorDirectory(context.db, () => context.now().getTime());
      const desk = new ChatDesk(new Conversations(context.db, context.now), operators, context.realtime);
      const keys = new MemberKeys(() => context.use<IdentityService>(IDENTITY_SERVICE));
      const throttle = new SendThrottle(limit.burst, limit.perSecond);
      registerMemberRoutes(registrar, { desk, keys, throttle });
      registerConsoleRoutes(registrar, { desk, canned: new CannedReplies(context.db, context.site.name, context.now), throttle });
      registerTopicAccess(registrar, keys, operators);
    },
  });
}

export default createChatServer();
