import type { RealtimePublisher } from '../../../core/server';
import { chatKeyOf, DESK_TOPIC, type DeskConversation, type DeskEvent } from '../shared/types';
import type { ConversationRow, Conversations, MessageRow, NewMessage } from './conversations';
import type { OperatorDirectory } from './operators';
import { chatMessageOf, deskConversationOf, deskMessageOf } from './views';

/**
 * Posting to a conversation: the message is stored with the conversation's new state, then published on the
 * member's chat key topic and on the desk topic, so member and agents see it live.
 */
export class ChatDesk {
  constructor(
    readonly conversations: Conversations,
    readonly operators: OperatorDirectory,
    private readonly realtime: RealtimePublisher,
  ) {}

  async post(conversationId: number, message: NewMessage): Promise<{ conversation: ConversationRow; message: MessageRow }> {
    const posted = await this.conversations.append(conversationId, message);
    this.realtime.publish(chatKeyOf(posted.conversation.member_uid), chatMessageOf(posted.message));
    const event: DeskEvent = {
      kind: 'message',
      conversation: await this.deskConversation(posted.conversation),
      message: deskMessageOf(posted.message, await this.operators.nameOf(posted.message.sender === 'agent' ? posted.message.sender_id : null)),
    };
    this.realtime.publish(DESK_TOPIC, event);
    return posted;
  }

  async deskConversation(conversation: ConversationRow): Promise<DeskConversation> {
    return deskConversationOf(conversation, await this.operators.nameOf(conversation.assigned_operator_id));
  }
}
