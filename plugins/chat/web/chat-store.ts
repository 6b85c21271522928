import { action, makeObservable, observable, observableRef, reaction, runInAction } from 'mobx';
import type { ShellRoot } from '../../../core/plugin-api';
import { CHAT_PAGE_SIZE, chatMessageProblem } from '../../../core/shared';
import type { MessageSender, SendOutcome } from '../shared/message-sender';
import { CHAT_PATHS, CHAT_UPLOAD_PURPOSE, CONTENT_TYPE, type ChatMessage, type ChatPage, type ContentType } from '../shared/types';


export function isChatMessage(value: unknown): value is ChatMessage {
  const message = value as Partial<ChatMessage> | null;
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof message.id === 'number' &&
    typeof message.chatId === 'number' &&
    typeof message.content === 'string' &&
    (message.content_type === CONTENT_TYPE.text || message.content_type === CONTENT_TYPE.image) &&
    typeof message.create_time === 'string' &&
    typeof message.blade_user_id === 'string'
  );
}

/**
 * The member's support chat (spec §4): on login the first page of history loads, then messages arrive over the
 * chat key topic; older pages load on demand while the last page was full; messages of others raise the unread
 * count while the dialog is closed; one send at a time.
 */
export class ChatStore implements MessageSender {
  /** Oldest first. */
  messages: ChatMessage[] = [];
  chatId: number | null = null;
  pagesLoaded = 0;
  /** The last page loaded was full: there may be older messages ("Load more"). */
  hasMore = false;
  loading = false;
  isOpen = false;
  unread = 0;
  pending = false;
  private chatKey: string | null = null;
  private readonly stopFollowing: () => void;

  constructor(private readonly root: ShellRoot) {
    makeObservable<ChatStore, 'follow' | 'merge'>(this, {
      messages: observableRef,
      chatId: observable,
      pagesLoaded: observable,
      hasMore: observable,
      loading: observable,
      isOpen: observable,
      unread: observable,
      pending: observable,
      receive: action,
      setOpen: action,
      follow: action,
      merge: action,
    });
    this.stopFollowing = reaction(
      () => (root.session.isLogin ? (root.session.user?.chatKey ?? null) : null),
      (chatKey) => this.follow(chatKey),
      { fireImmediately: true },
    );
  }

  /** The member's own messages are not unread; agents' and system messages are. */
  isMine(message: ChatMessage): boolean {
    const user = this.root.session.user;
    return message.sender === 'member' && user !== null && message.blade_user_id === (user.blade_user_id ?? user.id);
  }

  setOpen(open: boolean): void {
    this.isOpen = open;
    if (open) this.unread = 0;
  }

  /** A message from the chat key topic. */
  receive(payload: unknown): void {
    if (!isChatMessage(payload) || this.chatKey === null) return;
    if (this.chatId !== null && payload.chatId !== this.chatId) return;
    const added = this.merge([payload]);
    if (added > 0 && !this.isOpen && !this.isMine(payload)) this.unread += added;
  }

  loadMore(): Promise<void> {
    if (!this.hasMore || this.loading) return Promise.resolve();
    return this.loadPage(this.pagesLoaded + 1, false);
  }

  async sendText(text: string): Promise<SendOutcome> {
    if (this.pending) return { sent: false };
    const problem = chatMessageProblem(text);
    if (problem) return { sent: false, problem };
    return this.whilePending(async () => ((await this.deliver(text.trim(), CONTENT_TYPE.text, false)) ? { sent: true } : { sent: false }));
  }

  /** Uploads the picked image and sends its link; any failure is the one message tips_fstpsb. */
  async sendImage(file: File): Promise<SendOutcome> {
    if (this.pending) return { sent: false };
    if (!file.type.startsWith('image/')) return { sent: false, problem: 'tips_fstpsb' };
    return this.whilePending(async () => {
      try {
        const form = new FormData();
        form.append('type', CHAT_UPLOAD_PURPOSE);
        form.append('file', file);
        const uploaded = await this.root.http.upload<{ link: string }>(CHAT_PATHS.upload, form, { silent: true });
        if (await this.deliver(uploaded.link, CONTENT_TYPE.image, true)) return { sent: true };
      } catch {
        // reported below
      }
      return { sent: false, problem: 'tips_fstpsb' };
    });
  }

  dispose(): void {
    this.stopFollowing();
  }

  private follow(chatKey: string | null): void {
    this.chatKey = chatKey;
    this.messages = [];
    this.chatId = null;
    this.pagesLoaded = 0;
    this.hasMore = false;
    this.unread = 0;
    this.isOpen = false;
    this.pending = false;
    if (chatKey) void this.loadPage(1, true);
  }

  private async loadPage(page: number, silent: boolean): Promise<void> {
    const chatKey = this.chatKey;
    if (!chatKey) return;
    runInAction(() => {
      this.loading = true;
    });
    try {
      const result = await this.root.http.get<ChatPage>(CHAT_PATHS.history, { query: { current: page, size: CHAT_PAGE_SIZE, chatKey }, silent });
      if (chatKey !== this.chatKey) return;
      runInAction(() => {
        this.chatId = result.chatId;
        this.pagesLoaded = Math.max(this.pagesLoaded, page);
        this.hasMore = result.records.length === result.size;
        this.merge(result.records);
      });
    } catch {
      // the client showed the message (or stayed silent for the load on login)
    } finally {
      runInAction(() => {
        this.loading = false;
      });
    }
  }

  private async deliver(content: string, contentType: ContentType, silent: boolean): Promise<boolean> {
    if (this.chatId === null) await this.loadPage(1, silent);
    if (this.chatId === null) return false;
    try {
      const message = await this.root.http.post<ChatMessage>(CHAT_PATHS.send, { chatId: this.chatId, content, contentType }, { silent });
      this.merge([message]);
      return true;
    } catch {
      return false;
    }
  }

  private async whilePending(work: () => Promise<SendOutcome>): Promise<SendOutcome> {
    runInAction(() => {
      this.pending = true;
    });
    try {
      return await work();
    } finally {
      runInAction(() => {
        this.pending = false;
      });
    }
  }

  /** Adds the messages not known yet, keeping id order; returns how many were new. */
  private merge(incoming: ChatMessage[]): number {
    const known = new Set(this.messages.map((message) => message.id));
    const fresh = incoming.filter((message) => !known.has(message.id) && (known.add(message.id), true));
    if (fresh.length > 0) this.messages = [...this.messages, ...fresh].sort((a, b) => a.id - b.id);
    return fresh.length;
  }
}
