// Default operator content of the cgform collections, seeded once when a collection is first created.
import type { Language } from '../../shared';

export type Titles = Record<Language, string>;

/** Titles in the order zh-TW, en, ko, ja, de, fr, tr. */
function titles(zhTW: string, en: string, ko: string, ja: string, de: string, fr: string, tr: string): Titles {
  return { 'zh-TW': zhTW, en, ko, ja, de, fr, tr };
}

export interface SeedTreeItem {
  data: Record<string, unknown>;
  children?: Array<Record<string, unknown>>;
}

export const NAV_SEED: SeedTreeItem[] = [
  {
    data: { nav_sort: 1, nav_show: 1, nav_code: 'markets', nav_path: '/market/main', titles: titles('市場', 'Markets', '마켓', 'マーケット', 'Märkte', 'Marchés', 'Piyasalar') },
    children: [
      { nav_sort: 1, nav_show: 1, nav_code: 'markets', nav_path: '/market/main', titles: titles('市場', 'Markets', '마켓', 'マーケット', 'Märkte', 'Marchés', 'Piyasalar') },
      { nav_sort: 2, nav_show: 1, nav_code: 'rates', nav_path: '/rate/index', titles: titles('匯率', 'Rates', '환율', 'レート', 'Kurse', 'Taux', 'Kurlar') },
    ],
  },
  {
    data: { nav_sort: 2, nav_show: 1, nav_code: 'trade', nav_path: '/exchange/index', titles: titles('交易', 'Trade', '거래', '取引', 'Handel', 'Trading', 'İşlem') },
    children: [
      { nav_sort: 1, nav_show: 1, nav_code: 'spot', nav_path: '/exchange/index', titles: titles('現貨', 'Spot', '현물', '現物', 'Spot', 'Au comptant', 'Spot') },
      { nav_sort: 2, nav_show: 1, nav_code: 'margin', nav_path: '/exchange/index', titles: titles('槓桿', 'Margin', '마진', '信用取引', 'Margin', 'Marge', 'Marjin') },
    ],
  },
  {
    data: { nav_sort: 3, nav_show: 1, nav_code: 'contracts', nav_path: '/exchange/full-contract/BTC_USDT', titles: titles('合約', 'Contracts', '선물', '先物', 'Kontrakte', 'Contrats', 'Kontratlar') },
    children: [
      { nav_sort: 1, nav_show: 1, nav_code: 'ubw', nav_path: '/exchange/full-contract/BTC_USDT', titles: titles('U本位合約', 'USDT-M', 'USDT-M 선물', 'USDT建て先物', 'USDT-M-Kontrakte', 'Contrats USDT-M', 'USDT-M Kontratlar') },
      { nav_sort: 2, nav_show: 1, nav_code: 'bbw', nav_path: '/exchange/full-contract/BTC_USDT', titles: titles('幣本位合約', 'Coin-M', '코인-M 선물', 'コイン建て先物', 'Coin-M-Kontrakte', 'Contrats Coin-M', 'Coin-M Kontratlar') },
    ],
  },
  { data: { nav_sort: 4, nav_show: 1, nav_code: 'finance', nav_path: '/finance/investment', titles: titles('理財', 'Finance', '금융 상품', '資産運用', 'Finanzen', 'Finance', 'Finans') } },
  { data: { nav_sort: 5, nav_show: 1, nav_code: 'rewards', nav_path: '/welfare/rewardCenter', titles: titles('獎勵', 'Rewards', '리워드', '特典', 'Prämien', 'Récompenses', 'Ödüller') } },
  { data: { nav_sort: 6, nav_show: 0, nav_code: 'launchpad', nav_path: '/newCurrency', titles: titles('新幣認購', 'Launchpad', '런치패드', 'ローンチパッド', 'Neue Coins', 'Nouvelles cryptos', 'Yeni Coinler') } },
];

export const FOOTER_SEED: SeedTreeItem[] = [
  {
    data: { sort: 1, title_code: 'about', skip_type: 'page', titles: titles('關於', 'About', '소개', '会社情報', 'Unternehmen', 'À propos', 'Hakkımızda') },
    children: [
      { sort: 1, title_code: 'aboutUs', skip_type: 'page', skip_path: '/aboutus', titles: titles('關於我們', 'About us', '회사 소개', '私たちについて', 'Über uns', 'Qui sommes-nous', 'Biz kimiz') },
      { sort: 2, title_code: 'terms', skip_type: 'article', article_code: 'terms', titles: titles('服務條款', 'Terms', '이용약관', '利用規約', 'Nutzungsbedingungen', "Conditions d'utilisation", 'Kullanım Koşulları') },
    ],
  },
  {
    data: { sort: 2, title_code: 'services', skip_type: 'page', titles: titles('服務', 'Services', '서비스', 'サービス', 'Service', 'Services', 'Hizmetler') },
    children: [
      { sort: 1, title_code: 'customerService', skip_type: 'page', skip_path: '/service', titles: titles('客戶服務', 'Customer service', '고객 서비스', 'カスタマーサービス', 'Kundenservice', 'Service client', 'Müşteri hizmetleri') },
      { sort: 2, title_code: 'tradingRules', skip_type: 'page', skip_path: '/trading-rules', titles: titles('交易規則', 'Trading rules', '거래 규칙', '取引ルール', 'Handelsregeln', 'Règles de trading', 'İşlem kuralları') },
      { sort: 3, title_code: 'helpCenter', skip_type: 'page', skip_path: '/article/main/index', titles: titles('幫助中心', 'Help center', '고객센터', 'ヘルプセンター', 'Hilfe-Center', "Centre d'aide", 'Yardım merkezi') },
    ],
  },
  {
    data: { sort: 3, title_code: 'community', skip_type: 'page', titles: titles('社群', 'Community', '커뮤니티', 'コミュニティ', 'Community', 'Communauté', 'Topluluk') },
    children: [
      { sort: 1, title_code: 'followX', skip_type: 'url', href: 'https://x.com', titles: titles('在 X 上關注我們', 'Follow us on X', 'X에서 팔로우하기', 'X でフォロー', 'Folgen Sie uns auf X', 'Suivez-nous sur X', "Bizi X'te takip edin") },
    ],
  },
];

export const LANGUAGE_SEED: Array<Record<string, unknown>> = [
  { label: 'English', value: 'en', text: 'English', sort: 1 },
  { label: '繁體中文', value: 'zh-TW', text: '繁體中文', sort: 2 },
  { label: '한국어', value: 'ko', text: '한국어', sort: 3 },
  { label: '日本語', value: 'ja', text: '日本語', sort: 4 },
  { label: 'Deutsch', value: 'de', text: 'Deutsch', sort: 5 },
  { label: 'Français', value: 'fr', text: 'Français', sort: 6 },
  { label: 'Türkçe', value: 'tr', text: 'Türkçe', sort: 7 },
];

/** Operator-set display rates: units of the currency per 1 USD, decimal strings. */
export const CURRENCY_SEED: Array<Record<string, unknown>> = [
  { code: 'USD', symbol: '$', rate: '1', sort: 1 },
  { code: 'EUR', symbol: '€', rate: '0.92', sort: 2 },
  { code: 'GBP', symbol: '£', rate: '0.79', sort: 3 },
  { code: 'JPY', symbol: '¥', rate: '149.50', sort: 4 },
  { code: 'KRW', symbol: '₩', rate: '1385', sort: 5 },
  { code: 'TRY', symbol: '₺', rate: '34.20', sort: 6 },
  { code: 'TWD', symbol: 'NT$', rate: '32.40', sort: 7 },
];

const AREA_CODES: Array<[code: string, iso: string, name: string]> = [
  ['49', 'DE', 'Germany'], ['33', 'FR', 'France'], ['1', 'US', 'United States'], ['1', 'CA', 'Canada'],
  ['44', 'GB', 'United Kingdom'], ['81', 'JP', 'Japan'], ['82', 'KR', 'South Korea'], ['886', 'TW', 'Taiwan'],
  ['90', 'TR', 'Türkiye'], ['43', 'AT', 'Austria'], ['41', 'CH', 'Switzerland'], ['39', 'IT', 'Italy'],
  ['34', 'ES', 'Spain'], ['31', 'NL', 'Netherlands'], ['32', 'BE', 'Belgium'], ['352', 'LU', 'Luxembourg'],
  ['45', 'DK', 'Denmark'], ['46', 'SE', 'Sweden'], ['47', 'NO', 'Norway'], ['358', 'FI', 'Finland'],
  ['48', 'PL', 'Poland'], ['420', 'CZ', 'Czechia'], ['36', 'HU', 'Hungary'], ['40', 'RO', 'Romania'],
  ['30', 'GR', 'Greece'], ['351', 'PT', 'Portugal'], ['353', 'IE', 'Ireland'], ['380', 'UA', 'Ukraine'],
  ['852', 'HK', 'Hong Kong'], ['65', 'SG', 'Singapore'], ['60', 'MY', 'Malaysia'], ['66', 'TH', 'Thailand'],
  ['84', 'VN', 'Vietnam'], ['62', 'ID', 'Indonesia'], ['63', 'PH', 'Philippines'], ['91', 'IN', 'India'],
  ['61', 'AU', 'Australia'], ['64', 'NZ', 'New Zealand'], ['971', 'AE', 'United Arab Emirates'], ['966', 'SA', 'Saudi Arabia'],
  ['972', 'IL', 'Israel'], ['55', 'BR', 'Brazil'], ['52', 'MX', 'Mexico'], ['54', 'AR', 'Argentina'],
  ['27', 'ZA', 'South Africa'], ['234', 'NG', 'Nigeria'],
];
export const AREA_CODE_SEED: Array<Record<string, unknown>> = AREA_CODES.map(([code, iso, name]) => ({ code, name, iso }));

export const CLIENT_VERSION_SEED: Array<Record<string, unknown>> = [
  { client_type: 'web', version: '0.1.0', min_version: '0.1.0', url: '/' },
  { client_type: 'android', version: '0.1.0', min_version: '0.1.0', url: '' },
  { client_type: 'ios', version: '0.1.0', min_version: '0.1.0', url: '' },
];

/** Dictionaries the console's forms use for choice fields. */
export const DICT_ITEM_SEED: Array<Record<string, unknown>> = [
  { dict_code: 'nav_show', item_value: '1', sort: 1, titles: titles('顯示', 'Shown', '표시', '表示', 'Angezeigt', 'Affiché', 'Gösteriliyor') },
  { dict_code: 'nav_show', item_value: '0', sort: 2, titles: titles('隱藏', 'Hidden', '숨김', '非表示', 'Ausgeblendet', 'Masqué', 'Gizli') },
  { dict_code: 'footer_skip_type', item_value: 'article', sort: 1, titles: titles('文章', 'Article', '기사', '記事', 'Artikel', 'Article', 'Makale') },
  { dict_code: 'footer_skip_type', item_value: 'page', sort: 2, titles: titles('頁面', 'Page', '페이지', 'ページ', 'Seite', 'Page', 'Sayfa') },
  { dict_code: 'footer_skip_type', item_value: 'url', sort: 3, titles: titles('外部連結', 'External link', '외부 링크', '外部リンク', 'Externer Link', 'Lien externe', 'Harici bağlantı') },
];

export interface FormSeed {
  code: string;
  name: string;
  rows?: Array<Record<string, unknown>>;
  /** Parent/child rows: children get pid = the parent's row id. */
  tree?: SeedTreeItem[];
}

export const FORM_SEEDS: FormSeed[] = [
  { code: 'nav', name: 'Navigation', tree: NAV_SEED },
  { code: 'footer', name: 'Footer', tree: FOOTER_SEED },
  { code: 'language', name: 'Languages', rows: LANGUAGE_SEED },
  { code: 'currency', name: 'Display currencies', rows: CURRENCY_SEED },
  { code: 'area_code', name: 'Phone area codes', rows: AREA_CODE_SEED },
  { code: 'client_version', name: 'Client versions', rows: CLIENT_VERSION_SEED },
  { code: 'dict_item', name: 'Dictionaries', rows: DICT_ITEM_SEED },
  { code: 'site_text', name: 'Text overrides', rows: [] },
  { code: 'site_settings', name: 'Site settings', rows: [] },
];
