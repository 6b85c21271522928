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

/**
 * Code types only a signed-in member may ask for (Blade-Auth required): "bind" to a new or the old contact when
 * binding or changing it, "verify" to the member's own contact to re-authenticate instead of the login password.
 */
export const MEMBER_CODE_TYPES = ['bind', 'verify'] as const;
export type MemberCodeType = (typeof MEMBER_CODE_TYPES)[number];

/** Every purpose a stored code may have. */
export type CodePurpose = SendCodeType | MemberCodeType;
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
  /** Security center state (no secrets): a Google authenticator is bound, a transaction password and an anti-phishing code are set. */
  googleBound: boolean;
  tradePwdSet: boolean;
  antiCodeSet: boolean;
  /** The member's anti-phishing code (their own, shown to them so they can compare mails against it). */
  antiCode: string | null;
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

// ---- Devices, login log, support, repay and payment methods (account center) ----

export const ACCOUNT_CENTER_PATHS = {
  loginDevices: '/coin/member/getLoginDevice',
  updateDevice: '/coin/member/updateDevice',
  /** + "/{id}" */
  deleteDevice: '/coin/member/deleteDevice',
  loginLog: '/coin/member/getLoginLog',
  support: '/coin/member/support',
  repayQuery: '/coin/member/returnApplyQuery',
  repayApply: '/coin/member/returnApply',
  consoleReturnApplies: '/console/identity/return-applies',
  payments: '/coin/member/getPayment',
  /** POST adds; "/{id}" edits; "/{id}/delete" removes. */
  payment: '/coin/member/payment',
} as const;

/** One row of GET /coin/member/getLoginDevice. */
export interface LoginDevice {
  id: string;
  /** The browser fingerprint hash the device signs in with. */
  device_id: string;
  /** The name the member gave it (1–40 characters), null until renamed. */
  name: string | null;
  last_ip: string | null;
  last_seen_at: string;
  created_at: string;
  /** True for the device of the requesting session. */
  current: boolean;
}

export interface UpdateDeviceBody {
  id: string | number;
  name: string;
}

export type LoginResultKind = 'success' | 'bad_credentials' | 'locked' | 'delayed' | 'ip_limited' | 'frozen';

/** One row of GET /coin/member/getLoginLog (a Page of these, newest first). */
export interface LoginLogEntry {
  id: string;
  time: string;
  ip: string;
  device_id: string | null;
  /** The device's name when the member named it. */
  device_name: string | null;
  user_agent: string | null;
  result: LoginResultKind;
}

/** Repay status (spec §3): 0 returning, 1 returned, 2 rejected; null: never applied. */
export const RETURN_STATUS = { returning: 0, returned: 1, rejected: 2 } as const;
export type ReturnStatus = (typeof RETURN_STATUS)[keyof typeof RETURN_STATUS];

export interface ReturnApplyStatus {
  status: ReturnStatus | null;
}

/** A return application as the console lists it. */
export interface ReturnApplication {
  id: string;
  member_id: string;
  uid: string | null;
  status: ReturnStatus;
  created_at: string;
  processed_at: string | null;
  operator_id: string | null;
  note: string | null;
}

export const PAYMENT_KINDS = ['bank', 'ewallet'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const PAYMENT_METHODS_MAX = 10;

/** The form of each payment kind (schemas/forms/<id>.json). */
export const PAYMENT_FORM_IDS: Record<PaymentKind, string> = {
  bank: 'identity.payment-bank',
  ewallet: 'identity.payment-ewallet',
};

export interface BankPaymentFields {
  holderName: string;
  bankName: string;
  accountNumber: string;
  branch?: string;
}

export interface EwalletPaymentFields {
  provider: string;
  account: string;
  holderName: string;
  /** A link from POST /cgform-api/upload/file. */
  qrImage?: string;
}

/** Body of POST /coin/member/payment and /coin/member/payment/{id}. */
export type PaymentBody = ({ kind: 'bank' } & BankPaymentFields) | ({ kind: 'ewallet' } & EwalletPaymentFields);

/** One row of GET /coin/member/getPayment; a bank account number is masked but for its last 4 characters. */
export type PaymentMethod = { id: string; created_at: string; updated_at: string } & (
  | ({ kind: 'bank' } & BankPaymentFields)
  | ({ kind: 'ewallet' } & EwalletPaymentFields)
);

// ---- Security center: contacts, Google authenticator, passwords, anti-phishing code ----

export const SECURITY_PATHS = {
  antiCode: '/coin/member/antiCode',
  bindContact: '/coin/member/accountVerificationBinding',
  /** + "/bind" */
  googleSecret: '/coin/member/getGoogleVerification',
  /** + "/{code}/{action}", action 2 bind (default) or 1 reset */
  googleBindOrReset: '/coin/member/googleVerificationBindingOrReset',
  updatePassword: '/api/blade-user/update-password',
  tradePwd: '/coin/member/tradePwd',
  resetPassword: '/coin/open/resetPassword',
} as const;

/** googleVerificationBindingOrReset/{code}/{action}: 2 confirms the pending secret, 1 removes the bound one. */
export const GOOGLE_ACTION = { reset: 1, bind: 2 } as const;

/**
 * Re-authentication for a change of a contact, a factor or a password: the login password, or a "verify" code
 * sent to the member's own email or phone; plus the current Google code when an authenticator is bound.
 */
export interface Reauthentication {
  password?: string;
  code?: string;
  googleCode?: string;
  /** End every other session of the member (the current one stays). */
  signOutOthers?: boolean;
}

/** Body of POST /coin/member/antiCode. */
export interface AntiCodeBody extends Reauthentication {
  /** 4–20 letters or digits. */
  antiCode: string;
}

/** Body of POST /coin/member/accountVerificationBinding. `oldCode` is required when the contact is changed. */
export type BindContactBody = Reauthentication &
  ({ type: 'email'; email: string } | { type: 'phone'; areaCode: string; phone: string }) & {
    /** The "bind" code sent to the new contact. */
    newCode: string;
    /** The "bind" code sent to the contact being replaced. */
    oldCode?: string;
  };

/** GET /coin/member/getGoogleVerification/bind: a new secret, pending until confirmed with a code. */
export interface GoogleSecret {
  /** Base32, for typing into the app. */
  secret: string;
  /** otpauth://totp/… */
  uri: string;
  /** The URI as a PNG data URL. */
  qrCode: string;
}

/** Body of POST /coin/member/tradePwd. */
export interface TradePwdBody extends Reauthentication {
  tradePwd: string;
}

/** Body of POST /coin/open/resetPassword (a "reset" code sent to the account). */
export interface ResetPasswordBody {
  /** An email, or a phone number (with `areaCode`, default the site's; "+49 1701234567" also works). */
  account: string;
  areaCode?: string;
  code: string;
  password: string;
}

/** What a security change answers. */
export interface SecurityChangeResult {
  /** How many other sessions were ended (0 unless signOutOthers). */
  signedOut: number;
}

export const ANTI_CODE_RE = /^[A-Za-z0-9]{4,20}$/;
