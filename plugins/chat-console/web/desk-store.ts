import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { chatMessageProblem } from '../../../core/shared';
import {
  compareQueue,
  CONTENT_TYPE,
  type AgentLoad,
  type CannedReply,
  type ConversationStatus,
  type DeskConversation,
  type DeskEvent,
  type DeskMessage,
} from '../../chat/shared/types';
import type { MessageSender, SendOutcome } from '../../chat/shared/message-sender';
import type { DeskApi } from './desk-api';

/** How long the agents' load waits for more changes before it is reloaded once. */
const AGENTS_RELOAD_DELAY_MS = 300;

/** Adds or replaces a conversation in a queue of the given status, in queue order. */
export function upsertQueue(queue: DeskConversation[], conversation: DeskConversation, status: ConversationStatus): DeskConversation[] {
  const others = queue.filter((item) => item.id !== conversation.id);
  return conversation.status === status ? [...others, conversation].sort(compareQueue) : others;
}

/** Adds the messages not known yet, oldest first. */
export function mergeTranscript(transcript: DeskMessage[], incoming: DeskMessage[]): DeskMessage[] {
  const known = new Set(transcript.map((message) => message.id));
  const fresh = incoming.filter((message) => !known.has(message.id) && (known.add(message.id), true));
  return fresh.length === 0 ? transcript : [...transcript, ...fresh].sort((a, b) => a.id - b.id);
}

/**
 * The state of the support desk page: the queue of one status, the open conversation and its transcript, the
 * agents' load and the canned replies, kept current by the desk topic's events.
 */
export class DeskStore implements MessageSender {
  status: ConversationStatus = 'open';
  queue: DeskConversation[] = [];
  total = 0;
  page = 1;
  queueLoading = false;
  selected: DeskConversation | null = null;
  transcript: DeskMessage[] = [];
  transcriptPages = 0;
  transcriptHasMore = false;
  agents: AgentLoad[] = [];
  canned: CannedReply[] = [];
  pending = false;
  private agentsTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly api: DeskApi) {
    makeObservable(this, {
      status: observable,
      queue: observableRef,
      total: observable,
      page: observable,
      queueLoading: observable,
      selected: observableRef,
      transcript: observableRef,
      transcriptPages: observable,
      transcriptHasMore: observable,
      agents: observableRef,
      canned: observableRef,
      pending: observable,
      waitingCount: computed,
      apply: action,
    });
  }

  /** Conversations of the shown page with a member waiting for an answer. */
  get waitingCount(): number {
    return this.queue.filter((item) => item.waitingSince !== null).length;
  }

  async start(): Promise<void> {
    await Promise.all([this.loadQueue(1), this.loadAgents(), this.loadCanned()]);
  }

  dispose(): void {
    if (this.agentsTimer) clearTimeout(this.agentsTimer);
  }

  async setStatus(status: ConversationStatus): Promise<void> {
    runInAction(() => {
      this.status = status;
    });
    await this.loadQueue(1);
  }

  async loadQueue(page: number): Promise<void> {
    const status = this.status;
    runInAction(() => {
      this.queueLoading = true;
    });
    try {
      const result = await this.api.queue(status, page);
      if (status !== this.status) return;
      runInAction(() => {
        this.queue = result.records;
        this.total = result.total;
        this.page = result.current;
      });
    } catch {
      // the client showed the message
    } finally {
      runInAction(() => {
        this.queueLoading = false;
      });
    }
  }

  async loadAgents(): Promise<void> {
    try {
      const agents = await this.api.agents();
      runInAction(() => {
        this.agents = agents;
      });
    } catch {
      // the client showed the message
    }
  }

  async loadCanned(): Promise<void> {
    try {
      const canned = await this.api.canned();
      runInAction(() => {
        this.canned = canned;
      });
    } catch {
      // the client showed the message
    }
  }

  async select(id: number): Promise<void> {
    runInAction(() => {
      this.selected = this.queue.find((item) => item.id === id) ?? null;
      this.transcript = [];
      this.transcriptPages = 0;
      this.transcriptHasMore = false;
    });
    try {
      const [conversation] = await Promise.all([this.api.conversation(id), this.loadTranscript(id, 1)]);
      runInAction(() => {
        if (this.selected === null || this.selected.id === id) this.selected = conversation;
      });
    } catch {
      // the client showed the message
    }
  }

  async loadOlder(): Promise<void> {
    if (this.selected && this.transcriptHasMore) await this.loadTranscript(this.selected.id, this.transcriptPages + 1);
  }

  async sendText(text: string): Promise<SendOutcome> {
    const problem = chatMessageProblem(text);
    if (problem) return { sent: false, problem };
    return this.whilePending(async (id) => {
      try {
        this.receiveOwn(await this.api.reply(id, text.trim(), CONTENT_TYPE.text));
        return { sent: true };
      } catch {
        return { sent: false };
      }
    });
  }

  async sendImage(file: File): Promise<SendOutcome> {
    if (!file.type.startsWith('image/')) return { sent: false, problem: 'tips_fstpsb' };
    return this.whilePending(async (id) => {
      try {
        const { link } = await this.api.uploadImage(file);
        this.receiveOwn(await this.api.reply(id, link, CONTENT_TYPE.image, true));
        return { sent: true };
      } catch {
        return { sent: false, problem: 'tips_fstpsb' };
      }
    });
  }

  take(): Promise<void> {
    return this.change((id) => this.api.take(id));
  }

  assign(operatorId: string): Promise<void> {
    return this.change((id) => this.api.assign(id, operatorId));
  }

  close(): Promise<void> {
    return this.change((id) => this.api.close(id));
  }

  /** An event of the desk topic. */
  apply(event: DeskEvent): void {
    const { conversation, message } = event;
    const known = this.queue.some((item) => item.id === conversation.id);
    this.queue = upsertQueue(this.queue, conversation, this.status);
    const listed = this.queue.some((item) => item.id === conversation.id);
    if (listed !== known) this.total += listed ? 1 : -1;
    if (this.selected?.id === conversation.id) {
      this.selected = conversation;
      this.transcript = mergeTranscript(this.transcript, [message]);
    }
    // assigning and closing post a system message: the agents' load has changed
    if (message.sender === 'system' || message.sender === 'agent') this.reloadAgentsSoon();
  }

  /** After a gap in the feed: reload what is shown. */
  async resync(): Promise<void> {
    const id = this.selected?.id;
    await Promise.all([this.loadQueue(this.page), this.loadAgents(), id === undefined ? undefined : this.loadTranscript(id, 1)]);
  }

  private async loadTranscript(id: number, page: number): Promise<void> {
    try {
      const result = await this.api.transcript(id, page);
      runInAction(() => {
        if (this.selected !== null && this.selected.id !== id) return;
        this.transcript = mergeTranscript(this.transcript, result.records);
        this.transcriptPages = Math.max(this.transcriptPages, page);
        this.transcriptHasMore = result.records.length === result.size;
      });
    } catch {
      // the client showed the message
    }
  }

  private receiveOwn(message: DeskMessage): void {
    runInAction(() => {
      if (this.selected?.id === message.chatId) this.transcript = mergeTranscript(this.transcript, [message]);
    });
  }

  private async change(call: (id: number) => Promise<DeskConversation>): Promise<void> {
    const id = this.selected?.id;
    if (id === undefined) return;
    try {
      const conversation = await call(id);
      runInAction(() => {
        if (this.selected?.id === id) this.selected = conversation;
        this.queue = upsertQueue(this.queue, conversation, this.status);
      });
      this.reloadAgentsSoon();
    } catch {
      // the client showed the message
    }
  }

  private async whilePending<T extends { sent: boolean }>(work: (id: number) => Promise<T>): Promise<T | { sent: false }> {
    const id = this.selected?.id;
    if (id === undefined || this.pending) return { sent: false };
    runInAction(() => {
      this.pending = true;
    });
    try {
      return await work(id);
    } finally {
      runInAction(() => {
        this.pending = false;
      });
    }
  }

  private reloadAgentsSoon(): void {
    if (this.agentsTimer) return;
    this.agentsTimer = setTimeout(() => {
      this.agentsTimer = null;
      void this.loadAgents();
    }, AGENTS_RELOAD_DELAY_MS);
  }
}
