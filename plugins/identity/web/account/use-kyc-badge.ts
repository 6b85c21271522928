import { useEffect, useState } from 'react';
import type { ShellRoot } from '../../../../core/plugin-api';
import { KYC_MINE_PATH, KYC_ROUTE, type KycApplicationView } from '../../../kyc/shared/types';
import { kycBadge, type KycBadge } from './account-profile';

/** The route of the verification page, provided by the kyc plugin when the site selects it. */
export const KYC_PAGE_ROUTE = KYC_ROUTE;

/** The path of the verification page, or null when no selected plugin provides it. */
export function kycPageHref(root: Pick<ShellRoot, 'href'>): string | null {
  try {
    return root.href(KYC_PAGE_ROUTE);
  } catch {
    return null;
  }
}

/**
 * The member's verification state, read over HTTP from the kyc plugin. Null while loading and when the site
 * has no verification (the call answers 404): the call is silent, so such a site shows nothing rather than an error.
 */
export function useKycBadge(root: Pick<ShellRoot, 'http'>, uid: string | undefined): KycBadge | null {
  const [badge, setBadge] = useState<KycBadge | null>(null);
  useEffect(() => {
    if (!uid) return undefined;
    let current = true;
    root.http.get<KycApplicationView | null>(KYC_MINE_PATH, { silent: true }).then(
      (application) => current && setBadge(kycBadge(application)),
      () => current && setBadge(null),
    );
    return () => {
      current = false;
    };
  }, [root, uid]);
  return badge;
}
