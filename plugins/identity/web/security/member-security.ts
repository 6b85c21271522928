// The security state of the signed-in member, read from the session's profile (getMemberInfo).
import type { SessionUser } from '../../../../core/plugin-api';
import type { MemberInfo } from '../../shared/types';
import type { CodeTarget } from './security-api';

export interface MemberSecurity {
  email: string | null;
  phone: string | null;
  areaCode: string | null;
  googleBound: boolean;
  tradePwdSet: boolean;
  antiCodeSet: boolean;
  antiCode: string | null;
}

/** The profile carries more than SessionUser names: getMemberInfo's security fields are merged into it. */
export function memberSecurity(user: SessionUser | null): MemberSecurity {
  const info = (user ?? {}) as Partial<MemberInfo>;
  return {
    email: info.email || null,
    phone: info.phone || null,
    areaCode: info.area_code || null,
    googleBound: info.googleBound === true,
    tradePwdSet: info.tradePwdSet === true,
    antiCodeSet: info.antiCodeSet === true,
    antiCode: info.antiCode ?? null,
  };
}

export const SECURITY_FACTORS = ['email', 'phone', 'google', 'tradePwd', 'antiCode'] as const;
export type SecurityFactor = (typeof SECURITY_FACTORS)[number];

export function factorIsSet(state: MemberSecurity, factor: SecurityFactor): boolean {
  switch (factor) {
    case 'email':
      return state.email !== null;
    case 'phone':
      return state.phone !== null;
    case 'google':
      return state.googleBound;
    case 'tradePwd':
      return state.tradePwdSet;
    case 'antiCode':
      return state.antiCodeSet;
  }
}

export type SecurityLevel = 'low' | 'medium' | 'high';

/** How many of the five factors are set, and the level that makes: 0–2 low, 3–4 medium, 5 high. */
export function securityLevel(state: MemberSecurity): { set: number; total: number; level: SecurityLevel } {
  const set = SECURITY_FACTORS.filter((factor) => factorIsSet(state, factor)).length;
  return { set, total: SECURITY_FACTORS.length, level: set >= SECURITY_FACTORS.length ? 'high' : set >= 3 ? 'medium' : 'low' };
}

/** Where a "verify" code for re-authentication goes: the member's email, else their phone. */
export function ownContact(state: MemberSecurity): CodeTarget | null {
  if (state.email) return { kind: 'email', email: state.email };
  if (state.phone && state.areaCode) return { kind: 'phone', areaCode: state.areaCode, phone: state.phone };
  return null;
}
