import { describe, expect, it } from 'vitest';
import type { IdentityService, MemberRecord, MemberSearch } from '../../identity/shared/service';
import { findMemberByAccount } from './account-lookup';

const member = (id: string, email: string | null, phone: string | null = null): MemberRecord => ({
  id,
  uid: `1000000${id}`,
  email,
  areaCode: phone ? '49' : null,
  phone,
  avatar: null,
  isMerchant: 0,
  supported: 0,
  status: 'active',
  inviteCode: 'ABCDEFGH',
  createdAt: '2026-01-01T00:00:00.000Z',
});

function identityWith(members: MemberRecord[]): { service: IdentityService; searches: MemberSearch[] } {
  const searches: MemberSearch[] = [];
  const service = {
    async searchMembers(query: MemberSearch) {
      searches.push(query);
      const needle = (query.search ?? '').toLowerCase();
      const hits = members.filter((m) => m.uid === needle || m.email?.toLowerCase().includes(needle) || m.phone?.includes(needle));
      return { records: hits.slice((query.page - 1) * query.size, query.page * query.size), total: hits.length };
    },
  } as unknown as IdentityService;
  return { service, searches };
}

describe('findMemberByAccount', () => {
  it('returns only an exact match of uid, email or phone, even past the first page of partial matches', async () => {
    const crowd = Array.from({ length: 120 }, (_, index) => member(String(index + 10), `xa@b.example${index}`));
    const exact = member('5', 'a@b.example');
    const { service, searches } = identityWith([...crowd, exact, member('6', null, '1701234567')]);
    expect((await findMemberByAccount(service, 'a@b.example'))?.id).toBe('5');
    expect(searches.length).toBe(3);
    expect((await findMemberByAccount(service, 'A@B.example'))?.id).toBe('5');
    expect((await findMemberByAccount(service, '1701234567'))?.id).toBe('6');
    expect((await findMemberByAccount(service, '10000005'))?.id).toBe('5');
    expect(await findMemberByAccount(service, 'b.example')).toBeNull();
  });
});
