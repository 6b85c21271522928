// Wire types and paths of the identity endpoints, shared by the server routes and the web pages.

export const IDENTITY_PATHS = {
  sendEmailCode: '/coin/open/send/email',
  sendSmsCode: '/coin/open/send/sms',
  register: '/coin/open/register',
  token: '/api/blade-auth/oauth/token',
  memberInfo: '/coin/member/getMemberInfo',
  areaCodes: '/coin/open/get/phone/areaCode',
  devMailbox: '/console/dev/mailbox',
} as const;

/** Purposes a code can be sent for through the public send endpoints. */
export const SEND_CODE_TYPES = ['register', 'login', 'reset'] as const;
export type SendCodeType = (typeof SEND_CODE_TYPES)[number];

/** Every purpose a stored code may have ("bind" is used by the account center). */
export type CodePurpose = SendCodeType | 'bind';
export type CodeChannel = 'email' | 'sms';

export interface SendEmailCodeQuery {
  email: string;
  type: SendCodeType;
}

export interface SendSmsCodeQuery {
  areaCode: string;
  phone: string;
  type: SendCodeType;
}

/** What a send endpoint answers, the same whether or not the account exists. */
export interface CodeSent {
  /** Seconds until the next code may be requested for this address. */
  resendAfter: number;
  /** Minutes the code stays valid. */
  expiresInMinutes: number;
}

export type AccountType = 'email' | 'phone';

/**
 * POST /coin/open/register. `inviteCode` is required except for the very first member of a
 * fresh installation (an empty member table), who has nobody to be invited by.
 */
export interface RegisterBody {
  account: AccountType;
  email?: string;
  areaCode?: string;
  phone?: string;
  code: string;
  password: string;
  inviteCode?: string;
}

export interface RegisterResult {
  uid: string;
}

/** The OAuth answer of POST /api/blade-auth/oauth/token (not wrapped in the envelope). */
export interface TokenGrantResponse {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  /** Seconds the access token is valid: 604800. */
  expires_in: number;
  user_id: string;
  uid: string;
  /** The account the user signed in with (email, or "+<area code> <phone>"). */
  account: string;
  tenant_id: string;
  /** When the grant was issued, ms since the epoch. */
  datetime: number;
}

/** GET /coin/member/getMemberInfo: the signed-in member, contacts unmasked for the owner. */
export interface MemberInfo {
  id: string;
  uid: string;
  email: string | null;
  phone: string | null;
  area_code: string | null;
  avatar: string | null;
  /** 2 = OTC merchant. */
  is_merchant: number;
  merchant: { id: string } | null;
  /** 1 once the member used the support action. */
  supported: number;
  chatKey: string;
  blade_user_id: string;
}

/** One row of the development mailbox. */
export interface MailboxMessage {
  id: number;
  channel: CodeChannel;
  to: string;
  subject: string | null;
  body: string;
  created_at: string;
  sent_at: string | null;
  error: string | null;
}

/** One row of GET /coin/open/get/phone/areaCode (served by the kernel from the area_code form). */
export interface AreaCodeItem {
  /** Digits only, e.g. "49". */
  code: string;
  /** Country or region name. */
  name: string;
  /** ISO 3166 alpha-2 code. */
  iso: string;
}
