import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useRoot } from '../store/root-context';

export const INVITE_CODE_PARAM = 'invite_code';

/** Mirrors the router's location and query into the root store and keeps an invite_code from any URL. */
export function LocationTracker() {
  const root = useRoot();
  const [location] = useLocation();
  const search = useSearch();
  useEffect(() => {
    root.setLocation(location, search);
  }, [root, location, search]);
  useEffect(() => {
    const code = new URLSearchParams(search).get(INVITE_CODE_PARAM);
    if (code) root.settings.set('inviteCode', code);
  }, [root, search]);
  return null;
}
