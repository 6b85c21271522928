import type { KycApplicationView } from './types';

/** What the KYC plugin offers other server plugins: context.use<KycService>(KYC_SERVICE). */
export const KYC_SERVICE = 'kyc';

export interface KycService {
  /** The member's latest application, or null when there is none. */
  latestFor(memberId: string): Promise<(KycApplicationView & { id: string }) | null>;
}
