import type { IdentityService, MemberRecord } from '../../identity/shared/service';

const PAGE_SIZE = 50;
const MAX_PAGES = 20;

function isAccountOf(member: MemberRecord, account: string): boolean {
  const digits = account.replace(/[\s+-]/g, '');
  return (
    member.uid === account ||
    (member.email !== null && member.email.toLowerCase() === account.toLowerCase()) ||
    (member.phone !== null && (member.phone === digits || `${member.areaCode ?? ''}${member.phone}` === digits))
  );
}

/**
 * The member whose uid, email or phone number is exactly `account`. The identity service searches by
 * part of a contact, so its matches are filtered to exact ones.
 */
export async function findMemberByAccount(identity: IdentityService, account: string): Promise<MemberRecord | null> {
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { records, total } = await identity.searchMembers({ search: account, page, size: PAGE_SIZE });
    const match = records.find((member) => isAccountOf(member, account));
    if (match) return match;
    if (page * PAGE_SIZE >= total) break;
  }
  return null;
}
