import { useState } from 'react';
import { useRoot } from '../../../core/web';
import type { AccountInput } from './form-rules';

/** Account input state, starting on the email tab with the site's default area code. */
export function useAccountInput() {
  const root = useRoot();
  const areaCode = root.boot?.site.areaCode || root.site.areaCode;
  return useState<AccountInput>({ type: 'email', email: '', areaCode, phone: '' });
}
