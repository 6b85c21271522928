import { ApiError, ERROR_CODES, notFoundError, pageOf, type ApiRequest, type ServerRegistrar } from '../../../core/server';
import { historyQuerySchema, recordBodySchema, recordParamsSchema, sendBodySchema } from '../shared/schemas';
import { CHAT_PATHS, chatKeyOf, type ChatHistoryQuery, type ChatMessage, type ChatPage, type ChatRecordBody, type SendChatBody } from '../shared/types';
import type { ChatDesk } from './chat';
import type { ConversationRow } from './conversations';
import type { MemberKeys } from './member-keys';
import { checkedContent } from './message-content';
import type { SendThrottle } from './send-throttle';
import { chatMessageOf } from './views';

export interface MemberRouteDeps {
  desk: ChatDesk;
  keys: MemberKeys;
  throttle: SendThrottle;
}

/**
 * The member's chat: history by chat key (which also opens the support conversation), sending, and the record
 * calls that address a conversation by its id. A conversation of another member answers 404, like an unknown one.
 */
export function registerMemberRoutes(registrar: ServerRegistrar, deps: MemberRouteDeps): void {
  const { context } = registrar;
  const { desk, keys, throttle } = deps;
  const { conversations } = desk;

  const ownConversation = async (memberId: string, id: number, field: string): Promise<ConversationRow> => {
    const conversation = await conversations.byId(id);
    if (!conversation || conversation.member_id !== memberId) throw notFoundError(field);
    return conversation;
  };

  const pageOfConversation = async (conversation: ConversationRow, current: number, size: number): Promise<ChatPage> => {
    const { rows, total } = await conversations.messages(conversation.id, current, size);
    return { ...pageOf(rows.map(chatMessageOf), total, size, current), chatId: conversation.id };
  };

  const send = async (request: ApiRequest<unknown, SendChatBody>): Promise<ChatMessage> => {
    const principal = request.principal!;
    const conversation = await ownConversation(principal.id, request.body.chatId, 'chatId');
    const content = await checkedContent(request.body, principal, context.uploads, context.site.api.head);
    if (!throttle.take(`user:${principal.id}`, context.now().getTime())) {
      throw new ApiError(ERROR_CODES.rateLimited, 'chat:tooFast', { field: 'content' });
    }
    const { message } = await desk.post(conversation.id, { sender: 'member', senderId: principal.id, content, contentType: request.body.contentType });
    return chatMessageOf(message);
  };

  registrar.route<Required<ChatHistoryQuery>, unknown, unknown, ChatPage>({
    method: 'GET',
    path: CHAT_PATHS.history,
    auth: 'user',
    schema: { querystring: historyQuerySchema },
    async handler(request) {
      const { current, size, chatKey } = request.query;
      const memberId = request.principal!.id;
      const uid = await keys.uidOf(memberId);
      if (uid === null || chatKeyOf(uid) !== chatKey) throw notFoundError('chatKey');
      return pageOfConversation(await conversations.supportConversationOf({ id: memberId, uid }), current, size);
    },
  });

  for (const path of [CHAT_PATHS.send, CHAT_PATHS.sendRecord]) {
    registrar.route<unknown, SendChatBody, unknown, ChatMessage>({
      method: 'POST',
      path,
      auth: 'user',
      schema: { body: sendBodySchema },
      handler: send,
    });
  }

  registrar.route<unknown, Required<ChatRecordBody>, { id: number }, ChatPage>({
    method: 'POST',
    path: `${CHAT_PATHS.getRecord}/{id}`,
    auth: 'user',
    schema: { params: recordParamsSchema, body: recordBodySchema },
    async handler(request) {
      const conversation = await ownConversation(request.principal!.id, request.params.id, 'id');
      return pageOfConversation(conversation, request.body.current, request.body.size);
    },
  });
}
