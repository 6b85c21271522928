import { AGENT_USER_ID, SYSTEM_USER_ID, type ChatMessage, type DeskConversation, type DeskMessage } from '../shared/types';
import type { ConversationRow, MessageRow } from './conversations';

/** A message as members see it: agents stay anonymous. */
export function chatMessageOf(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    chatId: row.conversation_id,
    content: row.content,
    content_type: row.content_type,
    create_time: row.created_at,
    blade_user_id: row.sender === 'member' ? (row.sender_id ?? '') : row.sender === 'agent' ? AGENT_USER_ID : SYSTEM_USER_ID,
    sender: row.sender,
  };
}

export function deskMessageOf(row: MessageRow, operatorName: string | null): DeskMessage {
  const agent = row.sender === 'agent';
  return { ...chatMessageOf(row), operatorId: agent ? row.sender_id : null, operatorName: agent ? operatorName : null };
}

export function deskConversationOf(row: ConversationRow, assigneeName: string | null): DeskConversation {
  return {
    id: row.id,
    kind: row.kind,
    memberId: row.member_id,
    memberUid: row.member_uid,
    status: row.status,
    assignedTo: row.assigned_operator_id === null ? null : { id: row.assigned_operator_id, name: assigneeName ?? row.assigned_operator_id },
    waitingSince: row.waiting_since,
    lastMessage:
      row.last_message_at === null || row.last_sender === null || row.last_content_type === null
        ? null
        : { content: row.last_content ?? '', contentType: row.last_content_type, sender: row.last_sender, createTime: row.last_message_at },
    createdAt: row.created_at,
  };
}
