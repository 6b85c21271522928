// Platform-wide constants (spec §9).

export const REQUEST_TIMEOUT_MS = 300_000;
export const TOKEN_REFRESH_CHECK_MS = 10_000;
export const TOKEN_LIFETIME_S = 604_800;
export const COOKIE_LIFETIME_DAYS = 7;
export const RATE_REFRESH_MS = 300_000;
export const WS_KEEPALIVE_S = 5;
export const CHAT_PAGE_SIZE = 15;
export const CHAT_MESSAGE_MAX = 400;
export const NOTIFICATIONS_MAX = 4;
export const NAV_HIDE_DELAY_MS = 100;
export const SEARCH_LOADING_MS = 500;
export const SEARCH_HOT_COUNT = 8;
export const SEARCH_SUGGESTION_COUNT = 4;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const DEFAULT_THEME = 'theme-night';
export const DEFAULT_AREA_CODE = '49';
export const CLIENT_DECIMALS = 8;
export const ERROR_TOAST_INTERVAL_MS = 2_000;
/** Page size that asks the server for every record in a single page. */
export const PAGE_SIZE_ALL = -521;
export const MARKET_REQUEST_GUARD_MS = 1_000;

export const LANGUAGES = ['zh-TW', 'en', 'ko', 'ja', 'de', 'fr', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
