import { ApiError, ERROR_CODES, notFoundError, pageOf, type ApiRequest, type Page, type ServerRegistrar } from '../../../core/server';
import {
  assignBodySchema,
  cannedBodySchema,
  cannedParamsSchema,
  conversationParamsSchema,
  emptyBodySchema,
  emptyQuerySchema,
  queueQuerySchema,
  replyBodySchema,
  transcriptQuerySchema,
} from '../shared/schemas';
import {
  DESK_PATHS,
  deskPath,
  SYSTEM_TEXTS,
  CONTENT_TYPE,
  type AgentLoad,
  type CannedReply,
  type CannedReplyBody,
  type ContentType,
  type ConversationStatus,
  type DeskConversation,
  type DeskMessage,
} from '../shared/types';
import { checkedCannedReply, type CannedReplies } from './canned-replies';
import type { ChatDesk } from './chat';
import type { ConversationRow } from './conversations';
import { checkedContent } from './message-content';
import type { SendThrottle } from './send-throttle';
import { deskMessageOf } from './views';

export interface ConsoleRouteDeps {
  desk: ChatDesk;
  canned: CannedReplies;
  throttle: SendThrottle;
}

type Paging = { current: number; size: number };
type IdParams = { id: number };

/**
 * The support desk: the queue, transcripts, replies, assignment, closing, the agents' load and canned replies.
 * Reading needs chat.read, everything that changes a conversation or a canned reply chat.reply; every call
 * is written to the audit log.
 */
export function registerConsoleRoutes(registrar: ServerRegistrar, deps: ConsoleRouteDeps): void {
  const { context } = registrar;
  const { desk, canned, throttle } = deps;
  const { conversations, operators } = desk;

  const audit = (request: ApiRequest, action: string, target: string, before?: unknown, after?: unknown) =>
    context.audit.record({ operatorId: request.principal!.id, action, target, before, after, ip: request.ip });

  /** The row behind the path's id, or 404 naming `id`. */
  const found = <T>(row: T | null | undefined): T => {
    if (!row) throw notFoundError('id');
    return row;
  };
  const find = async (id: number): Promise<ConversationRow> => found(await conversations.byId(id));
  const target = (id: number) => `chat_conversation:${id}`;
  const stateOf = (row: ConversationRow) => ({ status: row.status, assignedTo: row.assigned_operator_id });

  registrar.route<Paging & { status: ConversationStatus }, unknown, unknown, Page<DeskConversation>>({
    method: 'GET',
    path: DESK_PATHS.conversations,
    auth: 'operator',
    permission: 'chat.read',
    schema: { querystring: queueQuerySchema },
    async handler(request) {
      const { status, current, size } = request.query;
      const { rows, total } = await conversations.queue(status, current, size);
      await audit(request, 'chat.queue.view', `status=${status}`, undefined, { current, size, total });
      return pageOf(await Promise.all(rows.map((row) => desk.deskConversation(row))), total, size, current);
    },
  });

  registrar.route<unknown, unknown, IdParams, DeskConversation>({
    method: 'GET',
    path: deskPath.conversation('{id}'),
    auth: 'operator',
    permission: 'chat.read',
    schema: { params: conversationParamsSchema, querystring: emptyQuerySchema },
    async handler(request) {
      const conversation = await find(request.params.id);
      await audit(request, 'chat.conversation.view', target(conversation.id));
      return desk.deskConversation(conversation);
    },
  });

  registrar.route<Paging, unknown, IdParams, Page<DeskMessage>>({
    method: 'GET',
    path: deskPath.messages('{id}'),
    auth: 'operator',
    permission: 'chat.read',
    schema: { params: conversationParamsSchema, querystring: transcriptQuerySchema },
    async handler(request) {
      const conversation = await find(request.params.id);
      const { current, size } = request.query;
      const { rows, total } = await conversations.messages(conversation.id, current, size);
      await audit(request, 'chat.transcript.view', target(conversation.id), undefined, { current, size });
      const records = await Promise.all(rows.map(async (row) => deskMessageOf(row, row.sender === 'agent' ? await operators.nameOf(row.sender_id) : null)));
      return pageOf(records, total, size, current);
    },
  });

  registrar.route<unknown, { content: string; contentType: ContentType }, IdParams, DeskMessage>({
    method: 'POST',
    path: deskPath.messages('{id}'),
    auth: 'operator',
    permission: 'chat.reply',
    schema: { params: conversationParamsSchema, body: replyBodySchema },
    async handler(request) {
      const operator = request.principal!;
      const before = await find(request.params.id);
      const content = await checkedContent(request.body, operator, context.uploads, context.site.api.head);
      if (!throttle.take(`operator:${operator.id}`, context.now().getTime())) {
        throw new ApiError(ERROR_CODES.rateLimited, 'chat:tooFast', { field: 'content' });
      }
      const { conversation, message } = await desk.post(before.id, { sender: 'agent', senderId: operator.id, content, contentType: request.body.contentType });
      await audit(
        request,
        'chat.reply',
        target(before.id),
        stateOf(before),
        { messageId: message.id, contentType: message.content_type, ...stateOf(conversation) },
      );
      return deskMessageOf(message, await operators.nameOf(operator.id));
    },
  });

  /** Assigns the conversation and tells the member an agent has joined. */
  const assignTo = async (request: ApiRequest, id: number, operatorId: string, action: 'chat.take' | 'chat.assign'): Promise<DeskConversation> => {
    const before = await find(id);
    if (before.assigned_operator_id === operatorId && before.status === 'open') return desk.deskConversation(before);
    const assigned = await conversations.assign(id, operatorId, { onlyIfFree: action === 'chat.take' });
    if (!assigned) throw new ApiError(ERROR_CODES.conflict, 'chat:alreadyAssigned');
    const { conversation } = await desk.post(id, { sender: 'system', senderId: null, content: SYSTEM_TEXTS.agentJoined, contentType: CONTENT_TYPE.text });
    await audit(request, action, target(id), stateOf(before), { assignedTo: operatorId, status: conversation.status });
    return desk.deskConversation(conversation);
  };

  registrar.route<unknown, unknown, IdParams, DeskConversation>({
    method: 'POST',
    path: deskPath.take('{id}'),
    auth: 'operator',
    permission: 'chat.reply',
    schema: { params: conversationParamsSchema, body: emptyBodySchema },
    handler: (request) => assignTo(request, request.params.id, request.principal!.id, 'chat.take'),
  });

  registrar.route<unknown, { operatorId: string }, IdParams, DeskConversation>({
    method: 'POST',
    path: deskPath.assign('{id}'),
    auth: 'operator',
    permission: 'chat.reply',
    schema: { params: conversationParamsSchema, body: assignBodySchema },
    async handler(request) {
      const agent = await operators.state(request.body.operatorId);
      const mayAnswer = agent !== null && (await operators.can({ kind: 'operator', id: agent.id }, 'chat.reply'));
      if (!mayAnswer) throw ApiError.fieldInvalid('operatorId');
      return assignTo(request, request.params.id, agent.id, 'chat.assign');
    },
  });

  registrar.route<unknown, unknown, IdParams, DeskConversation>({
    method: 'POST',
    path: deskPath.close('{id}'),
    auth: 'operator',
    permission: 'chat.reply',
    schema: { params: conversationParamsSchema, body: emptyBodySchema },
    async handler(request) {
      const before = await find(request.params.id);
      if (!(await conversations.close(before.id))) throw new ApiError(ERROR_CODES.conflict, 'chat:alreadyClosed');
      const { conversation } = await desk.post(before.id, { sender: 'system', senderId: null, content: SYSTEM_TEXTS.closed, contentType: CONTENT_TYPE.text });
      await audit(request, 'chat.close', target(before.id), stateOf(before), { status: conversation.status });
      return desk.deskConversation(conversation);
    },
  });

  registrar.route<unknown, unknown, unknown, AgentLoad[]>({
    method: 'GET',
    path: DESK_PATHS.agents,
    auth: 'operator',
    permission: 'chat.read',
    schema: { querystring: emptyQuerySchema },
    async handler() {
      const [agents, counts] = await Promise.all([operators.agents(), conversations.openCounts()]);
      return agents.map((agent) => ({ id: agent.id, name: agent.name, role: agent.role, openConversations: counts.get(agent.id) ?? 0 }));
    },
  });

  const cannedTarget = (id: number) => `chat_canned_reply:${id}`;
  const cannedStateOf = (reply: CannedReply) => ({ title: reply.title, content: reply.content });
  const findCanned = async (id: number): Promise<CannedReply> => found(await canned.byId(id));

  registrar.route<unknown, unknown, unknown, CannedReply[]>({
    method: 'GET',
    path: DESK_PATHS.canned,
    auth: 'operator',
    permission: 'chat.read',
    schema: { querystring: emptyQuerySchema },
    handler: () => canned.list(),
  });

  registrar.route<unknown, CannedReplyBody, unknown, CannedReply>({
    method: 'POST',
    path: DESK_PATHS.canned,
    auth: 'operator',
    permission: 'chat.reply',
    schema: { body: cannedBodySchema },
    async handler(request) {
      const created = await canned.create(checkedCannedReply(request.body), request.principal!.id);
      await audit(request, 'chat.canned.create', cannedTarget(created.id), undefined, cannedStateOf(created));
      return created;
    },
  });

  registrar.route<unknown, CannedReplyBody, IdParams, CannedReply>({
    method: 'POST',
    path: deskPath.canned('{id}'),
    auth: 'operator',
    permission: 'chat.reply',
    schema: { params: cannedParamsSchema, body: cannedBodySchema },
    async handler(request) {
      const before = await findCanned(request.params.id);
      const updated = await canned.update(before.id, checkedCannedReply(request.body), request.principal!.id);
      await audit(request, 'chat.canned.update', cannedTarget(before.id), cannedStateOf(before), cannedStateOf(updated));
      return updated;
    },
  });

  registrar.route<unknown, unknown, IdParams, null>({
    method: 'POST',
    path: deskPath.cannedDelete('{id}'),
    auth: 'operator',
    permission: 'chat.reply',
    schema: { params: cannedParamsSchema, body: emptyBodySchema },
    async handler(request) {
      const before = await findCanned(request.params.id);
      await canned.remove(before.id);
      await audit(request, 'chat.canned.delete', cannedTarget(before.id), cannedStateOf(before));
      return null;
    },
  });
}
