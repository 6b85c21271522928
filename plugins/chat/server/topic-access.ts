import type { ServerRegistrar } from '../../../core/server';
import { CHAT_TOPIC_PREFIX, DESK_TOPIC } from '../shared/types';
import type { MemberKeys } from './member-keys';
import type { OperatorDirectory } from './operators';

/**
 * Who may read the chat topics: a member's chat key topic (chat_<uid>) its member and operators with chat.read;
 * the desk topic operators with chat.read only.
 */
export function registerTopicAccess(registrar: ServerRegistrar, keys: MemberKeys, operators: OperatorDirectory): void {
  registrar.topicAccess(CHAT_TOPIC_PREFIX, async (principal, topic) => {
    if (principal?.kind === 'user') return (await keys.chatKeyOf(principal.id)) === topic;
    return operators.can(principal, 'chat.read');
  });
  registrar.topicAccess(DESK_TOPIC, (principal, topic) => topic === DESK_TOPIC && operators.can(principal, 'chat.read'));
}
