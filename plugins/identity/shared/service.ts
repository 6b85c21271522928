/**
 * What the identity plugin offers other server plugins (context.use<IdentityService>(IDENTITY_SERVICE)),
 * so the account center, KYC and console plugins work with members without touching identity's tables.
 */
export const IDENTITY_SERVICE = 'identity';

export type MemberStatus = 'active' | 'frozen';
export type CodeChannel = 'email' | 'sms';
export type CodePurpose = 'register' | 'login' | 'reset' | 'bind' | 'verify';
/** A language of the platform (core/shared LANGUAGES); messages sent outside a request default to the site's. */
export type MessageLanguage = string;

export interface MemberRecord {
  id: string;
  uid: string;
  email: string | null;
  areaCode: string | null;
  phone: string | null;
  avatar: string | null;
  isMerchant: number;
  supported: number;
  status: MemberStatus;
  inviteCode: string;
  createdAt: string;
}

export interface MemberSearch {
  /** Matches uid exactly, or a part of the email or phone. */
  search?: string;
  status?: MemberStatus;
  page: number;
  size: number;
}

export interface IdentityService {
  getMember(id: string): Promise<MemberRecord | null>;
  /** The member with exactly this uid (as shown to members and operators), or null. */
  getMemberByUid(uid: string): Promise<MemberRecord | null>;
  searchMembers(query: MemberSearch): Promise<{ records: MemberRecord[]; total: number }>;
  /** Checks the member's login password (argon2id); false for an unknown member. */
  verifyPassword(memberId: string, password: string): Promise<boolean>;
  /** Sets a new login password after the login-password rule and the common-password check (ApiError on failure). */
  setPassword(memberId: string, password: string): Promise<void>;
  /**
   * Sends a one-time code through the outbox (rate limits, expiry and single use as for sign-up codes). `target` is
   * an email address, or a phone number as "+<area code><number>" (e.g. "+491701234567").
   */
  sendCode(input: { channel: CodeChannel; target: string; purpose: CodePurpose; ip: string; language?: MessageLanguage }): Promise<void>;
  /** Consumes a code: true once for the newest unexpired code of that target and purpose. */
  consumeCode(input: { channel: CodeChannel; target: string; purpose: CodePurpose; code: string }): Promise<boolean>;
  /** Replaces the member's email, or area code and phone (unique; ApiError 409 when taken). */
  changeContact(memberId: string, contact: { email: string } | { areaCode: string; phone: string }): Promise<void>;
  updateMember(memberId: string, changes: Partial<Pick<MemberRecord, 'avatar' | 'supported' | 'isMerchant'>>): Promise<void>;
  /** Freezing also ends every session of the member. */
  setStatus(memberId: string, status: MemberStatus): Promise<void>;
  /** Ends the member's sessions (refresh families revoked, access tokens stopped at once) except one; returns how many. */
  endSessions(memberId: string, options?: { exceptSessionId?: string }): Promise<number>;
  /**
   * Confirms a money movement out of the platform (a withdrawal): the member's transaction password, and the
   * current Google code when an authenticator is bound (each code accepted once). Throws ApiError naming the field
   * (`tradePassword`, `googleCode`): 400 when missing or wrong, 409 `identity:tradePasswordNotSet` when the member
   * has none yet, 429 after repeated failures.
   */
  authorizeFunds(memberId: string, proof: { tradePassword?: string; googleCode?: string }): Promise<void>;
  /** Queues an email to the member through the outbox; the member's anti-phishing code is shown in it when set. */
  mailMember(memberId: string, message: { subject: string; body: string; language?: MessageLanguage }): Promise<void>;
}
