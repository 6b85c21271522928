import { describe, expect, it } from 'vitest';
import type { KycApplicationView } from '../../../kyc/shared/types';
import { kycBadge } from './account-profile';

const application = (status: KycApplicationView['status'], reason: string | null): KycApplicationView => ({
  status,
  reason,
  realName: 'Anna Müller',
  idNumberMasked: '****T479',
  country: 'DE',
  submittedAt: '2026-05-01T10:00:00.000Z',
  reviewedAt: null,
});

describe('kycBadge', () => {
  it('is "none" without an application', () => {
    expect(kycBadge(null)).toEqual({ state: 'none', reason: null });
  });

  it('follows the status and keeps the reason of a rejection only', () => {
    expect(kycBadge(application('submitted', null))).toEqual({ state: 'submitted', reason: null });
    expect(kycBadge(application('approved', 'stale note'))).toEqual({ state: 'approved', reason: null });
    expect(kycBadge(application('rejected', 'The back is blurred'))).toEqual({ state: 'rejected', reason: 'The back is blurred' });
  });
});
