import { describe, expect, expectTypeOf, it } from 'vitest';
import * as constants from './constants';
import { isLanguage, type Language, LANGUAGES } from './constants';
import * as shared from './index';
import * as validators from './validators';

describe('constants (spec §9)', () => {
  it('has the specified values', () => {
    expect({ ...constants, isLanguage: undefined }).toEqual({
      REQUEST_TIMEOUT_MS: 300000,
      TOKEN_REFRESH_CHECK_MS: 10000,
      TOKEN_LIFETIME_S: 604800,
      COOKIE_LIFETIME_DAYS: 7,
      RATE_REFRESH_MS: 300000,
      WS_KEEPALIVE_S: 5,
      CHAT_PAGE_SIZE: 15,
      CHAT_MESSAGE_MAX: 400,
      NOTIFICATIONS_MAX: 4,
      NAV_HIDE_DELAY_MS: 100,
      SEARCH_LOADING_MS: 500,
      SEARCH_HOT_COUNT: 8,
      SEARCH_SUGGESTION_COUNT: 4,
      CHUNK_LOAD_TIMEOUT_MS: 120000,
      DEFAULT_THEME: 'theme-night',
      DEFAULT_AREA_CODE: '49',
      CLIENT_DECIMALS: 8,
      ERROR_TOAST_INTERVAL_MS: 2000,
      PAGE_SIZE_ALL: -521,
      MARKET_REQUEST_GUARD_MS: 1000,
      LANGUAGES: ['zh-TW', 'en', 'ko', 'ja', 'de', 'fr', 'tr'],
      isLanguage: undefined,
    });
  });

  it('keeps the cookie and token lifetimes consistent', () => {
    expect(constants.TOKEN_LIFETIME_S).toBe(constants.COOKIE_LIFETIME_DAYS * 24 * 60 * 60);
  });

  it('recognises languages', () => {
    for (const language of LANGUAGES) expect(isLanguage(language)).toBe(true);
    expect(isLanguage('zh-tw')).toBe(false);
    expect(isLanguage('zh-CN')).toBe(false);
    expect(isLanguage('')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
    expectTypeOf<Language>().toEqualTypeOf<'zh-TW' | 'en' | 'ko' | 'ja' | 'de' | 'fr' | 'tr'>();
  });

  it('defines CHAT_MESSAGE_MAX once: validators re-export the same binding', () => {
    expect(validators.CHAT_MESSAGE_MAX).toBe(constants.CHAT_MESSAGE_MAX);
    expect(shared.CHAT_MESSAGE_MAX).toBe(400);
  });
});

describe('index', () => {
  it('exports every module', () => {
    for (const name of [
      'parseDecimal',
      'formatDecimal',
      'rescale',
      'mulDiv',
      'compareDecimal',
      'isDecimalString',
      'DecimalError',
      'normalizeNumericInput',
      'formatNumberDisplay',
      'formatWithSeparators',
      'maskAccount',
      'isEmail',
      'isLoginPassword',
      'isSixDigitCode',
      'isStrongPassword',
      'isUrl',
      'isTradePassword',
      'isPhoneNumber',
      'isInviteCode',
      'chatMessageProblem',
      'checkIdImage',
      'sniffImageType',
      'ID_IMAGE_TYPES',
      'ID_IMAGE_MAX_BYTES',
      'MESSAGE_KEYS',
      'VALIDATION_MESSAGES_EN',
      'ApiError',
      'WHITELIST_CODES',
      'WHITELIST_MESSAGES',
      'stripHtml',
      'pageOf',
      'LANGUAGES',
      'DEFAULT_THEME',
    ]) {
      expect(shared, name).toHaveProperty(name);
    }
  });
});
