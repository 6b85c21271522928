import { defineSiteConfig } from '../core/plugin-api';

export default defineSiteConfig({
  name: 'console',
  release: 'bourse-console',
  title: 'Bourse Console',
  plugins: ['console-core', 'identity-console', 'wallet-console', 'spot-console', 'articles-console', 'chat-console'],
  language: 'en',
  languages: ['en', 'zh-TW', 'ko', 'ja', 'de', 'fr', 'tr'],
  currency: { code: 'USD', symbol: '$', rate: '1' },
  areaCode: '49',
  theme: 'theme-night',
  logo: { day: '/static/logo-day.svg', night: '/static/logo-night.svg' },
  features: { supportButton: false, repayButton: false, demo: true },
  api: {
    head: 'mjkj-web',
    clientId: 'bourse-web',
    clientSecret: 'bourse-web-public',
    tenantId: '000000',
    tokenTime: 3600,
  },
  basePath: '/console/',
});
