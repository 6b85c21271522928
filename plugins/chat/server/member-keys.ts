import type { IdentityService } from '../../identity/shared/service';
import { chatKeyOf } from '../shared/types';

/** Members remembered before the memory starts over (a uid never changes, so a cached one stays right). */
const REMEMBERED_MAX = 50_000;

/**
 * A member's public uid and chat key (chat_<uid>), from the identity service. Tokens name the member's internal
 * id; the chat key and its realtime topic name the uid.
 */
export class MemberKeys {
  private readonly uids = new Map<string, string>();

  constructor(private readonly identity: () => IdentityService) {}

  async uidOf(memberId: string): Promise<string | null> {
    const known = this.uids.get(memberId);
    if (known !== undefined) return known;
    const member = await this.identity().getMember(memberId);
    if (!member) return null;
    if (this.uids.size >= REMEMBERED_MAX) this.uids.clear();
    this.uids.set(memberId, member.uid);
    return member.uid;
  }

  async chatKeyOf(memberId: string): Promise<string | null> {
    const uid = await this.uidOf(memberId);
    return uid === null ? null : chatKeyOf(uid);
  }
}
