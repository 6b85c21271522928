import type { SessionUser, ShellRoot } from '../../../core/plugin-api';
import { memberTopic, merchantTopic } from '../shared/types';

/** is_merchant of a merchant (spec §1). */
const MERCHANT = 2;

/** Who reads the notifications: the member and, for a merchant, the merchant id. */
export interface Viewer {
  id: string;
  merchantId: string | null;
}

export function viewerOf(user: SessionUser | null): Viewer | null {
  if (!user) return null;
  return { id: user.id, merchantId: user.is_merchant === MERCHANT ? (user.merchant?.id ?? user.id) : null };
}

/** The member's own topic while signed in. */
export function memberTopicOf(root: ShellRoot): string | null {
  const viewer = viewerOf(root.session.user);
  return viewer ? memberTopic(viewer.id) : null;
}

/**
 * A merchant's second channel (spec §6). While a merchant id is its member id this is the member topic, which is
 * subscribed already: subscribing twice would show every message twice.
 */
export function merchantTopicOf(root: ShellRoot): string | null {
  const viewer = viewerOf(root.session.user);
  return viewer?.merchantId && viewer.merchantId !== viewer.id ? merchantTopic(viewer.merchantId) : null;
}
