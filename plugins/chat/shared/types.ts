/** Wire types, paths and topics of the customer-service chat (member widget and support desk). */
import type { Page } from '../../../core/shared';

/** content_type of a message (spec §3). */
export const CONTENT_TYPE = { text: 1, image: 2 } as const;
export type ContentType = (typeof CONTENT_TYPE)[keyof typeof CONTENT_TYPE];
export const CONTENT_TYPES: readonly ContentType[] = [CONTENT_TYPE.text, CONTENT_TYPE.image];

/** Who wrote a message: the member, a support agent (an operator) or the platform. */
export type ChatSender = 'member' | 'agent' | 'system';

/** blade_user_id of a system message (spec §3). */
export const SYSTEM_USER_ID = '-1';
/** blade_user_id of an agent's message: members never see which operator answered. */
export const AGENT_USER_ID = '0';

/** The realtime topic of a member's chat is the chat key of the session user info: chat_<uid>. */
export const CHAT_TOPIC_PREFIX = 'chat_';
export const chatKeyOf = (uid: string): string => `${CHAT_TOPIC_PREFIX}${uid}`;
/** The support desk's topic: every conversation change and message, for operators with chat.read. */
export const DESK_TOPIC = 'chat-desk';

/** The kinds of conversation; the OTC order chat ("customer and broker") will add its own. */
export type ConversationKind = 'support';
export type ConversationStatus = 'open' | 'closed';
export const CONVERSATION_STATUSES: readonly ConversationStatus[] = ['open', 'closed'];

/** A chat message as members receive it (history, send answers and the chat key topic). */
export interface ChatMessage {
  id: number;
  /** The conversation (chatId of the send call). */
  chatId: number;
  /** Text; for an image the upload's link; for a system message a text key of the chat namespace. */
  content: string;
  content_type: ContentType;
  /** ISO-8601 UTC. */
  create_time: string;
  /** The member's id for their own messages, AGENT_USER_ID for an agent's, SYSTEM_USER_ID for the platform's. */
  blade_user_id: string;
  sender: ChatSender;
}

/** GET history and getChatRecord answer: a page of messages, newest first, and the conversation id. */
export interface ChatPage extends Page<ChatMessage> {
  chatId: number;
}

export interface ChatHistoryQuery {
  current?: number;
  size?: number;
  chatKey: string;
}

/** POST send and sendChatRecord body. An image message's content is the link (or id) of the sender's upload. */
export interface SendChatBody {
  chatId: number;
  content: string;
  contentType: ContentType;
}

/** POST getChatRecord/{id} body. */
export interface ChatRecordBody {
  current?: number;
  size?: number;
}

/** System message contents: text keys of the chat namespace. */
export const SYSTEM_TEXTS = { agentJoined: 'system.agentJoined', closed: 'system.closed' } as const;

export const CHAT_PATHS = {
  history: '/coin/chat/history',
  send: '/coin/chat/send',
  sendRecord: '/coin/buy/sendChatRecord',
  getRecord: '/coin/buy/getChatRecord',
  /** The kernel's upload route; the answer's link is what an image message carries. */
  upload: '/cgform-api/upload/file',
} as const;

/** The kernel upload purpose ("type" field) of chat images. */
export const CHAT_UPLOAD_PURPOSE = 'chat';
/** Largest page of messages a client may ask for. */
export const CHAT_PAGE_MAX = 50;

// ---- support desk (console) -------------------------------------------------------------------

/** A message as the desk shows it: which operator wrote an agent's message. */
export interface DeskMessage extends ChatMessage {
  operatorId: string | null;
  operatorName: string | null;
}

export interface DeskConversation {
  id: number;
  kind: ConversationKind;
  memberId: string;
  memberUid: string;
  status: ConversationStatus;
  assignedTo: { id: string; name: string } | null;
  /** Since when the member has been waiting for an answer (their oldest unanswered message), else null. */
  waitingSince: string | null;
  lastMessage: { content: string; contentType: ContentType; sender: ChatSender; createTime: string } | null;
  createdAt: string;
}

/**
 * What the desk topic carries: every message with its conversation's new state. Assigning and closing post a
 * system message, so every change of a conversation arrives this way.
 */
export interface DeskEvent {
  kind: 'message';
  conversation: DeskConversation;
  message: DeskMessage;
}

/** An operator who may answer chats, with the open conversations assigned to them. */
export interface AgentLoad {
  id: string;
  name: string;
  role: string;
  openConversations: number;
}

export interface CannedReply {
  id: number;
  title: string;
  content: string;
  updatedAt: string;
}

export interface CannedReplyBody {
  title: string;
  content: string;
}

export const CANNED_TITLE_MAX = 60;

export const DESK_PATHS = {
  conversations: '/console/chat/conversations',
  agents: '/console/chat/agents',
  canned: '/console/chat/canned-replies',
} as const;

export const deskPath = {
  conversation: (id: number | string) => `${DESK_PATHS.conversations}/${id}`,
  messages: (id: number | string) => `${DESK_PATHS.conversations}/${id}/messages`,
  take: (id: number | string) => `${DESK_PATHS.conversations}/${id}/take`,
  assign: (id: number | string) => `${DESK_PATHS.conversations}/${id}/assign`,
  close: (id: number | string) => `${DESK_PATHS.conversations}/${id}/close`,
  canned: (id: number | string) => `${DESK_PATHS.canned}/${id}`,
  cannedDelete: (id: number | string) => `${DESK_PATHS.canned}/${id}/delete`,
};

/** Queue order: unassigned first, then the longest waiting, then the most recent message. */
export function compareQueue(a: DeskConversation, b: DeskConversation): number {
  if ((a.assignedTo === null) !== (b.assignedTo === null)) return a.assignedTo === null ? -1 : 1;
  if (a.waitingSince !== b.waitingSince) {
    if (a.waitingSince === null) return 1;
    if (b.waitingSince === null) return -1;
    return a.waitingSince < b.waitingSince ? -1 : 1;
  }
  const at = a.lastMessage?.createTime ?? a.createdAt;
  const bt = b.lastMessage?.createTime ?? b.createdAt;
  if (at !== bt) return at > bt ? -1 : 1;
  return b.id - a.id;
}
