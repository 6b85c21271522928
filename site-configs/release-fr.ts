import { defineSiteConfig } from '../core/plugin-api';

export default defineSiteConfig({
  name: 'release-fr',
  release: 'release-fr',
  title: 'Bourse France',
  plugins: ['home', 'markets', 'identity', 'kyc', 'api-keys', 'wallet', 'spot', 'notifications', 'articles', 'chat'],
  language: 'fr',
  languages: ['en', 'zh-TW', 'ko', 'ja', 'de', 'fr', 'tr'],
  currency: { code: 'EUR', symbol: '€', rate: '0.92' },
  areaCode: '33',
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
