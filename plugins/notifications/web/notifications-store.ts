import { action, makeObservable, observableRef } from 'mobx';
import { NOTIFICATIONS_MAX } from '../../../core/shared';
import { asOrderChange, type OrderChangeMessage } from '../shared/types';
import type { Viewer } from './viewer';

export interface ShownNotification {
  id: number;
  message: OrderChangeMessage;
}

/** The notifications on screen, oldest first: at most `max` (spec §9: 4); they close only when clicked or closed. */
export class NotificationsStore {
  items: ShownNotification[] = [];
  private nextId = 1;

  constructor(readonly max: number = NOTIFICATIONS_MAX) {
    makeObservable(this, { items: observableRef, receive: action, close: action, clear: action });
  }

  /**
   * Shows an order change, closing the oldest when the stack is full. Ignored: other message types on the
   * topic, malformed payloads, no viewer, and changes the viewer made (as the member or as their merchant).
   */
  receive(payload: unknown, viewer: Viewer | null): ShownNotification | null {
    const message = asOrderChange(payload);
    if (!message || !viewer || message.changeUser === viewer.id || message.changeUser === viewer.merchantId) return null;
    const shown = { id: this.nextId++, message };
    this.items = [...this.items, shown].slice(-this.max);
    return shown;
  }

  close(id: number): void {
    this.items = this.items.filter((item) => item.id !== id);
  }

  clear(): void {
    this.items = [];
  }
}
