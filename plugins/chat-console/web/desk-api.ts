import type { HttpClient } from '../../../core/plugin-api';
import type { Page } from '../../../core/shared';
import {
  CHAT_PATHS,
  CHAT_UPLOAD_PURPOSE,
  DESK_PATHS,
  deskPath,
  type AgentLoad,
  type CannedReply,
  type CannedReplyBody,
  type ContentType,
  type ConversationStatus,
  type DeskConversation,
  type DeskMessage,
} from '../../chat/shared/types';

export const QUEUE_PAGE_SIZE = 20;
export const TRANSCRIPT_PAGE_SIZE = 15;

/** The desk's calls, made with the operator's client (OperatorConsole.http). */
export function deskApi(http: HttpClient) {
  return {
    queue: (status: ConversationStatus, current: number) =>
      http.get<Page<DeskConversation>>(DESK_PATHS.conversations, { query: { status, current, size: QUEUE_PAGE_SIZE } }),
    conversation: (id: number) => http.get<DeskConversation>(deskPath.conversation(id)),
    transcript: (id: number, current: number) => http.get<Page<DeskMessage>>(deskPath.messages(id), { query: { current, size: TRANSCRIPT_PAGE_SIZE } }),
    reply: (id: number, content: string, contentType: ContentType, silent = false) =>
      http.post<DeskMessage>(deskPath.messages(id), { content, contentType }, { silent }),
    uploadImage(file: File) {
      const form = new FormData();
      form.append('type', CHAT_UPLOAD_PURPOSE);
      form.append('file', file);
      return http.upload<{ link: string }>(CHAT_PATHS.upload, form, { silent: true });
    },
    take: (id: number) => http.post<DeskConversation>(deskPath.take(id), {}),
    assign: (id: number, operatorId: string) => http.post<DeskConversation>(deskPath.assign(id), { operatorId }),
    close: (id: number) => http.post<DeskConversation>(deskPath.close(id), {}),
    agents: () => http.get<AgentLoad[]>(DESK_PATHS.agents),
    canned: () => http.get<CannedReply[]>(DESK_PATHS.canned),
    createCanned: (body: CannedReplyBody) => http.post<CannedReply>(DESK_PATHS.canned, body),
    updateCanned: (id: number, body: CannedReplyBody) => http.post<CannedReply>(deskPath.canned(id), body),
    deleteCanned: (id: number) => http.post<null>(deskPath.cannedDelete(id), {}),
  };
}

export type DeskApi = ReturnType<typeof deskApi>;
