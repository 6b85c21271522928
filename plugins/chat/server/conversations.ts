import { sql, type Kysely } from 'kysely';
import { GroupCommit } from './group-commit';
import type { ChatSender, ContentType, ConversationKind, ConversationStatus } from '../shared/types';

export interface ConversationRow {
  id: number;
  kind: ConversationKind;
  member_id: string;
  member_uid: string;
  reference: string;
  status: ConversationStatus;
  assigned_operator_id: string | null;
  waiting_since: string | null;
  last_content: string | null;
  last_content_type: ContentType | null;
  last_sender: ChatSender | null;
  last_message_at: string | null;
  created_at: string;
}

export interface MessageRow {
  id: number;
  conversation_id: number;
  sender: ChatSender;
  sender_id: string | null;
  content: string;
  content_type: ContentType;
  created_at: string;
}

export interface NewMessage {
  sender: ChatSender;
  /** The member's or operator's id; null for system messages. */
  senderId: string | null;
  content: string;
  contentType: ContentType;
}

const toConversation = (row: Record<string, any>): ConversationRow => ({
  ...(row as ConversationRow),
  id: Number(row.id),
  member_id: String(row.member_id),
  member_uid: String(row.member_uid),
  assigned_operator_id: row.assigned_operator_id === null ? null : String(row.assigned_operator_id),
  last_content_type: row.last_content_type === null ? null : (Number(row.last_content_type) as ContentType),
});

const toMessage = (row: Record<string, any>): MessageRow => ({
  ...(row as MessageRow),
  id: Number(row.id),
  conversation_id: Number(row.conversation_id),
  sender_id: row.sender_id === null ? null : String(row.sender_id),
  content_type: Number(row.content_type) as ContentType,
});

interface AppendJob {
  conversationId: number;
  message: NewMessage;
}

/** Conversations and their messages. A message and the change of its conversation commit together. */
export class Conversations {
  private readonly writer = new GroupCommit<AppendJob, { conversation: ConversationRow; message: MessageRow }>((jobs) => this.appendAll(jobs));

  constructor(
    private readonly db: Kysely<any>,
    private readonly now: () => Date,
  ) {}

  async byId(id: number): Promise<ConversationRow | undefined> {
    const row = await this.db.selectFrom('chat_conversation').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toConversation(row) : undefined;
  }

  /** The member's support conversation, made on first use (concurrent first uses make one). */
  async supportConversationOf(member: { id: string; uid: string }): Promise<ConversationRow> {
    const find = () =>
      this.db
        .selectFrom('chat_conversation')
        .selectAll()
        .where('kind', '=', 'support')
        .where('member_id', '=', member.id)
        .where('reference', '=', '')
        .executeTakeFirst();
    const existing = await find();
    if (existing) return toConversation(existing);
    await this.db
      .insertInto('chat_conversation')
      .values({ kind: 'support', member_id: member.id, member_uid: member.uid, reference: '', status: 'open', created_at: this.now().toISOString() })
      .onConflict((conflict) => conflict.columns(['kind', 'member_id', 'reference']).doNothing())
      .execute();
    return toConversation((await find())!);
  }

  /** A page of the conversation's messages, newest first. */
  async messages(conversationId: number, current: number, size: number): Promise<{ rows: MessageRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('chat_message')
        .selectAll()
        .where('conversation_id', '=', conversationId)
        .orderBy('id', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute(),
      this.db.selectFrom('chat_message').select((eb) => eb.fn.countAll().as('total')).where('conversation_id', '=', conversationId).executeTakeFirst(),
    ]);
    return { rows: rows.map(toMessage), total: Number(count?.total ?? 0) };
  }

  /**
   * Adds a message and brings the conversation up to date: a member's message (re)opens it and starts the
   * waiting time unless the member was already waiting; an agent's answer ends the waiting and assigns an
   * unassigned conversation to that agent. Messages sent at the same time are committed together.
   */
  append(conversationId: number, message: NewMessage): Promise<{ conversation: ConversationRow; message: MessageRow }> {
    return this.writer.submit({ conversationId, message });
  }

  private async appendAll(jobs: AppendJob[]): Promise<Array<{ conversation: ConversationRow; message: MessageRow }>> {
    const at = this.now().toISOString();
    return this.db.transaction().execute(async (trx) => {
      const results = [];
      for (const { conversationId, message } of jobs) {
        const inserted = await trx
          .insertInto('chat_message')
          .values({
            conversation_id: conversationId,
            sender: message.sender,
            sender_id: message.senderId,
            content: message.content,
            content_type: message.contentType,
            created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const bySender =
          message.sender === 'member'
            ? { status: 'open', waiting_since: sql`coalesce(waiting_since, ${at})` }
            : message.sender === 'agent'
              ? { status: 'open', waiting_since: null, assigned_operator_id: sql`coalesce(assigned_operator_id, ${message.senderId})` }
              : {};
        const conversation = await trx
          .updateTable('chat_conversation')
          .set({ ...bySender, last_content: message.content, last_content_type: message.contentType, last_sender: message.sender, last_message_at: at })
          .where('id', '=', conversationId)
          .returningAll()
          .executeTakeFirstOrThrow();
        results.push({
          conversation: toConversation(conversation),
          message: { id: Number(inserted.id), conversation_id: conversationId, ...toMessageFields(message), created_at: at },
        });
      }
      return results;
    });
  }

  /**
   * Assigns the conversation. `onlyIfFree` takes it only when nobody (or this operator already) has it.
   * Returns false when nothing changed because someone else holds it.
   */
  async assign(conversationId: number, operatorId: string, options: { onlyIfFree: boolean }): Promise<boolean> {
    let update = this.db.updateTable('chat_conversation').set({ assigned_operator_id: operatorId, status: 'open' }).where('id', '=', conversationId);
    if (options.onlyIfFree) {
      update = update.where((eb) => eb.or([eb('assigned_operator_id', 'is', null), eb('assigned_operator_id', '=', operatorId)]));
    }
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Closes an open conversation (unassigned, nobody waiting); false when it was not open. */
  async close(conversationId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('chat_conversation')
      .set({ status: 'closed', assigned_operator_id: null, waiting_since: null })
      .where('id', '=', conversationId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The desk's queue: conversations with at least one message, unassigned first, longest waiting next. */
  async queue(status: ConversationStatus, current: number, size: number): Promise<{ rows: ConversationRow[]; total: number }> {
    const base = this.db.selectFrom('chat_conversation').where('status', '=', status).where('last_message_at', 'is not', null);
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy(sql`case when assigned_operator_id is null then 0 else 1 end`)
        .orderBy(sql`case when waiting_since is null then 1 else 0 end`)
        .orderBy('waiting_since', 'asc')
        .orderBy('last_message_at', 'desc')
        .orderBy('id', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute(),
      base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst(),
    ]);
    return { rows: rows.map(toConversation), total: Number(count?.total ?? 0) };
  }

  /** Open conversations per assigned operator. */
  async openCounts(): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('chat_conversation')
      .select(['assigned_operator_id', (eb) => eb.fn.countAll().as('open')])
      .where('status', '=', 'open')
      .where('assigned_operator_id', 'is not', null)
      .groupBy('assigned_operator_id')
      .execute();
    return new Map(rows.map((row) => [String(row.assigned_operator_id), Number(row.open)]));
  }
}

function toMessageFields(message: NewMessage): Pick<MessageRow, 'sender' | 'sender_id' | 'content' | 'content_type'> {
  return { sender: message.sender, sender_id: message.senderId, content: message.content, content_type: message.contentType };
}
