import { CHAT_MESSAGE_MAX } from './constants';
import { MESSAGE_KEYS, type MessageKey } from './validation-messages.en';

export { CHAT_MESSAGE_MAX };

// ---- account credentials -------------------------------------------------------------------

const EMAIL_MAX_LENGTH = 254;
const EMAIL_LOCAL = String.raw`\w+(?:[.-]\w+)*`;
const DOMAIN_LABEL = String.raw`[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?`;
const EMAIL_RE = new RegExp(String.raw`^${EMAIL_LOCAL}@${DOMAIN_LABEL}(?:\.${DOMAIN_LABEL})+$`);

/**
 * Word characters (ASCII letters, digits, '_'), optionally separated by single dots or hyphens,
 * then '@', then a domain of at least two dot-separated labels.
 */
export function isEmail(value: string): boolean {
  return typeof value === 'string' && value.length <= EMAIL_MAX_LENGTH && EMAIL_RE.test(value);
}

/** Symbols allowed in passwords, besides ASCII letters and digits. */
export const PASSWORD_SYMBOLS = '!@#$%^&*()_+-=[]{};\':",./<>?`~\\|';
export const LOGIN_PASSWORD_MIN = 6;
export const LOGIN_PASSWORD_MAX = 20;
export const STRONG_PASSWORD_MIN = 6;

const isLetter = (c: string) => /^[A-Za-z]$/.test(c);
const isDigit = (c: string) => /^[0-9]$/.test(c);
const isSymbol = (c: string) => c.length === 1 && PASSWORD_SYMBOLS.includes(c);
const isPasswordChar = (c: string) => isLetter(c) || isDigit(c) || isSymbol(c);

/** 6 to 20 characters, each an ASCII letter, digit or one of PASSWORD_SYMBOLS. */
export function isLoginPassword(value: string): boolean {
  if (typeof value !== 'string') return false;
  const chars = Array.from(value);
  return chars.length >= LOGIN_PASSWORD_MIN && chars.length <= LOGIN_PASSWORD_MAX && chars.every(isPasswordChar);
}

/**
 * At least 6 characters from the same alphabet as login passwords, using at least two of the
 * classes letters / digits / symbols. It sets no upper bound: combine with isLoginPassword
 * when the password must also be accepted by the login form.
 */
export function isStrongPassword(value: string): boolean {
  if (typeof value !== 'string') return false;
  const chars = Array.from(value);
  if (chars.length < STRONG_PASSWORD_MIN || !chars.every(isPasswordChar)) return false;
  const classes = [chars.some(isLetter), chars.some(isDigit), chars.some(isSymbol)];
  return classes.filter(Boolean).length >= 2;
}

const SIX_DIGITS_RE = /^[0-9]{6}$/;

/** Exactly six ASCII digits (verification codes). */
export function isSixDigitCode(value: string): boolean {
  return typeof value === 'string' && SIX_DIGITS_RE.test(value);
}

/** Problem with a trade (transaction) password: empty, or anything but exactly six digits. */
export function tradePasswordProblem(value: string): MessageKey | null {
  if (typeof value !== 'string' || value === '') return MESSAGE_KEYS.tradePwdRequired;
  return SIX_DIGITS_RE.test(value) ? null : MESSAGE_KEYS.tradePwdSixDigits;
}

export function isTradePassword(value: string): boolean {
  return tradePasswordProblem(value) === null;
}

// ---- URLs ----------------------------------------------------------------------------------

const URL_RE = new RegExp(
  String.raw`^https?://(?:${DOMAIN_LABEL}(?:\.${DOMAIN_LABEL})*|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?(?:[/?#][^\s]*)?$`,
  'i',
);

/** http:// or https:// (any case), then a host name or bracketed IPv6, optional port and path. No user info. */
export function isUrl(value: string): boolean {
  if (typeof value !== 'string') return false;
  const m = URL_RE.exec(value);
  if (!m) return false;
  return m[1] === undefined || Number(m[1]) <= 65_535;
}

// ---- phone numbers -------------------------------------------------------------------------

export const PHONE_TOTAL_DIGITS_MIN = 5;
export const PHONE_TOTAL_DIGITS_MAX = 15;
const AREA_CODE_RE = /^\+?([1-9][0-9]{0,2})$/;

/**
 * E.164 check of an area (country) code and a national number.
 * - number empty or blank -> 'phoneUpload' (nothing entered yet)
 * - number with anything but digits -> 'phoneFormat'
 * - area code not 1-3 digits (optional leading '+', no leading 0), or area + number digits
 *   outside 5..15 -> 'phoneInvalid'
 */
export function phoneNumberProblem(areaCode: string, number: string): MessageKey | null {
  if (typeof number !== 'string' || number.trim() === '') return MESSAGE_KEYS.phoneUpload;
  if (!/^[0-9]+$/.test(number)) return MESSAGE_KEYS.phoneFormat;
  const area = typeof areaCode === 'string' ? AREA_CODE_RE.exec(areaCode) : null;
  if (!area) return MESSAGE_KEYS.phoneInvalid;
  const total = area[1]!.length + number.length;
  if (total < PHONE_TOTAL_DIGITS_MIN || total > PHONE_TOTAL_DIGITS_MAX) return MESSAGE_KEYS.phoneInvalid;
  return null;
}

export function isPhoneNumber(areaCode: string, number: string): boolean {
  return phoneNumberProblem(areaCode, number) === null;
}

// ---- invite codes --------------------------------------------------------------------------

export const INVITE_CODE_MIN = 4;
export const INVITE_CODE_MAX = 32;
const INVITE_CODE_RE = new RegExp(`^[A-Za-z0-9]{${INVITE_CODE_MIN},${INVITE_CODE_MAX}}$`);

/** Required; 4 to 32 ASCII letters or digits. Blank -> 'inviteCodeRequired', else 'inviteCodeInvalid'. */
export function inviteCodeProblem(value: string): MessageKey | null {
  if (typeof value !== 'string' || value.trim() === '') return MESSAGE_KEYS.inviteCodeRequired;
  return INVITE_CODE_RE.test(value) ? null : MESSAGE_KEYS.inviteCodeInvalid;
}

export function isInviteCode(value: string): boolean {
  return inviteCodeProblem(value) === null;
}

// ---- chat ----------------------------------------------------------------------------------

/**
 * 'text_fsnrbnwk' when the message has no non-whitespace character, 'tooLong' above
 * CHAT_MESSAGE_MAX code points (an emoji counts once), otherwise null.
 */
export function chatMessageProblem(text: string): 'text_fsnrbnwk' | 'tooLong' | null {
  if (typeof text !== 'string' || text.trim() === '') return MESSAGE_KEYS.text_fsnrbnwk;
  // UTF-16 length is an upper bound of the code point count, so only long strings are counted.
  if (text.length > CHAT_MESSAGE_MAX && Array.from(text).length > CHAT_MESSAGE_MAX) return MESSAGE_KEYS.tooLong;
  return null;
}

// ---- ID document images --------------------------------------------------------------------

/** Accepted ID image extensions and the canonical MIME type of each. */
export const ID_IMAGE_TYPES = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  bmp: 'image/bmp',
  gif: 'image/gif',
} as const;
export type IdImageExtension = keyof typeof ID_IMAGE_TYPES;
export const ID_IMAGE_EXTENSIONS = Object.keys(ID_IMAGE_TYPES) as IdImageExtension[];
/** Canonical types plus 'image/x-ms-bmp', which some browsers report for BMP files. */
export const ID_IMAGE_MIME_TYPES: readonly string[] = [...new Set(Object.values(ID_IMAGE_TYPES)), 'image/x-ms-bmp'];
/** Value for an <input type="file" accept> attribute. */
export const ID_IMAGE_ACCEPT = [...ID_IMAGE_EXTENSIONS.map((e) => `.${e}`), ...ID_IMAGE_MIME_TYPES].join(',');
export const ID_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export interface IdImageFileInfo {
  name: string;
  /** MIME type reported by the browser; '' when it does not know. */
  type: string;
  size: number;
}

/**
 * Client-side pre-check of a picked file. The extension must be accepted; the MIME type must be
 * accepted too unless the browser reported none. An empty file is 'idImageType' (not an image);
 * more than ID_IMAGE_MAX_BYTES (or a nonsensical size) is 'idImageSize'.
 * The server must still sniff the bytes (sniffImageType): names and types are client claims.
 */
export function checkIdImage(file: IdImageFileInfo): 'idImageType' | 'idImageSize' | null {
  const name = typeof file?.name === 'string' ? file.name : '';
  const dot = name.lastIndexOf('.');
  const ext = dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
  if (!Object.hasOwn(ID_IMAGE_TYPES, ext)) return MESSAGE_KEYS.idImageType;
  const type = typeof file.type === 'string' ? file.type.trim().toLowerCase() : '';
  if (type !== '' && !ID_IMAGE_MIME_TYPES.includes(type)) return MESSAGE_KEYS.idImageType;
  const size = file.size;
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) return MESSAGE_KEYS.idImageSize;
  if (size === 0) return MESSAGE_KEYS.idImageType;
  if (size > ID_IMAGE_MAX_BYTES) return MESSAGE_KEYS.idImageSize;
  return null;
}

export type SniffedImageType = 'jpeg' | 'png' | 'bmp' | 'gif' | 'webp';
/** Sniffed types accepted as ID images (webp is recognised but not accepted). */
export const ID_IMAGE_SNIFFED_TYPES: readonly SniffedImageType[] = ['jpeg', 'png', 'bmp', 'gif'];

const startsWith = (bytes: Uint8Array, offset: number, expected: readonly number[]) =>
  bytes.length >= offset + expected.length && expected.every((b, i) => bytes[offset + i] === b);
const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const GIF87A = ascii('GIF87a');
const GIF89A = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const BM = ascii('BM');
/** Known BMP DIB header sizes (BITMAPCOREHEADER .. BITMAPV5HEADER). */
const BMP_DIB_HEADER_SIZES = new Set([12, 16, 40, 52, 56, 64, 108, 124]);

/** Image type from the file's magic bytes, or null when it is none of the known ones. */
export function sniffImageType(bytes: Uint8Array): SniffedImageType | null {
  if (!(bytes instanceof Uint8Array)) return null;
  if (startsWith(bytes, 0, JPEG_SIGNATURE)) return 'jpeg';
  if (startsWith(bytes, 0, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, 0, GIF87A) || startsWith(bytes, 0, GIF89A)) return 'gif';
  if (startsWith(bytes, 0, RIFF) && startsWith(bytes, 8, WEBP)) return 'webp';
  // 'BM' alone is too weak (plain text can start with it): also require a known DIB header size.
  if (startsWith(bytes, 0, BM) && bytes.length >= 18) {
    const dibSize = bytes[14]! | (bytes[15]! << 8) | (bytes[16]! << 16) | (bytes[17]! << 24);
    if (BMP_DIB_HEADER_SIZES.has(dibSize)) return 'bmp';
  }
  return null;
}

/** True when the bytes are a JPEG, PNG, BMP or GIF image. */
export function isIdImageBytes(bytes: Uint8Array): boolean {
  const type = sniffImageType(bytes);
  return type !== null && ID_IMAGE_SNIFFED_TYPES.includes(type);
}
