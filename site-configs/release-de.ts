import { defineSiteConfig } from '../core/plugin-api';

export default defineSiteConfig({
  name: 'release-de',
  release: 'release-de',
  title: 'Bourse Deutschland',
  plugins: ['home', 'markets', 'identity', 'kyc', 'api-keys', 'wallet', 'spot', 'notifications', 'articles', 'chat'],
  language: 'de',
  languages: ['en', 'zh-TW', 'ko', 'ja', 'de', 'fr', 'tr'],
  currency: { code: 'EUR', symbol: '€', rate: '0.92' },
  areaCode: '49',
  theme: 'theme-night',
  logo: { day: '/static/logo-day.svg', night: '/static/logo-night.svg' },
  features: { supportButton: true, repayButton: true, demo: false },
  api: {
    head: 'mjkj-web',
    clientId: 'bourse-web',
    clientSecret: 'bourse-web-public',
    tenantId: '000000',
    tokenTime: 3600,
  },
  basePath: '/',
});
