// Default operator content of the home page, seeded once per collection (operators change it in the console).
import type { Language } from '../../../core/shared';

type Texts = Record<Language, string>;

export interface HomeCollectionSeed {
  code: string;
  name: string;
  rows: Array<Record<string, unknown>>;
}

const HERO_TITLE: Texts = { en: 'Trade crypto with confidence', 'zh-TW': '安心交易加密資產', ko: '안심하고 거래하는 암호화폐', ja: '安心して暗号資産を取引', de: 'Krypto-Handel mit Vertrauen', fr: 'Tradez la crypto en toute confiance', tr: 'Kriptoda güvenle işlem yapın' };
const HERO_TEXT: Texts = { en: 'Spot, contracts, margin and earn products on one secure platform, with deep liquidity around the clock.', 'zh-TW': '現貨、合約、槓桿與理財，盡在一個安全的平台，全天候深度流動性。', ko: '현물, 선물, 마진, 금융 상품을 하나의 안전한 플랫폼에서. 24시간 깊은 유동성을 제공합니다.', ja: '現物、先物、信用取引、資産運用をひとつの安全なプラットフォームで。24時間、厚い流動性を提供します。', de: 'Spot, Kontrakte, Margin und Earn-Produkte auf einer sicheren Plattform – mit hoher Liquidität rund um die Uhr.', fr: 'Spot, contrats, marge et produits d’épargne sur une seule plateforme sécurisée, avec une liquidité profonde 24 h/24.', tr: 'Spot, kontrat, marjin ve kazanç ürünleri tek bir güvenli platformda; günün her saati derin likidite.' };
const PRODUCTS_TITLE: Texts = { en: 'One account, every product', 'zh-TW': '一個帳戶，暢享所有產品', ko: '하나의 계정으로 모든 상품을', ja: 'ひとつのアカウントで全商品を', de: 'Ein Konto, alle Produkte', fr: 'Un compte, tous les produits', tr: 'Tek hesap, tüm ürünler' };
const PRODUCTS_TEXT: Texts = { en: 'Everything you need to trade, hedge and earn.', 'zh-TW': '交易、對沖與賺取收益所需的一切。', ko: '거래, 헤지, 수익에 필요한 모든 것.', ja: '取引、ヘッジ、運用に必要なものがすべて揃っています。', de: 'Alles, was Sie zum Handeln, Absichern und Verdienen brauchen.', fr: 'Tout ce qu’il faut pour trader, vous couvrir et faire fructifier.', tr: 'İşlem yapmak, korunmak ve kazanmak için ihtiyacınız olan her şey.' };
const SIGNUP_TITLE: Texts = { en: 'Start trading in minutes', 'zh-TW': '幾分鐘即可開始交易', ko: '몇 분 만에 거래를 시작하세요', ja: '数分で取引を始めましょう', de: 'In wenigen Minuten mit dem Handel beginnen', fr: 'Commencez à trader en quelques minutes', tr: 'Birkaç dakikada işleme başlayın' };
const SIGNUP_TEXT: Texts = { en: 'Create your free account and claim a sign-up package of 500 + 200 + 7,500 USDC — up to 8,200 USDC.', 'zh-TW': '免費建立帳戶，領取 500 + 200 + 7,500 USDC 註冊禮包，最高可達 8,200 USDC。', ko: '무료 계정을 만들고 500 + 200 + 7,500 USDC 가입 패키지를 받으세요. 최대 8,200 USDC.', ja: '無料アカウントを作成して、500 + 200 + 7,500 USDC の新規登録パッケージを受け取りましょう。最大 8,200 USDC。', de: 'Erstellen Sie Ihr kostenloses Konto und sichern Sie sich ein Startpaket von 500 + 200 + 7.500 USDC – bis zu 8.200 USDC.', fr: 'Créez votre compte gratuit et recevez un pack de bienvenue de 500 + 200 + 7 500 USDC, jusqu’à 8 200 USDC.', tr: 'Ücretsiz hesabınızı oluşturun ve 500 + 200 + 7.500 USDC kayıt paketini alın; 8.200 USDC’ye kadar.' };

const FIGURES: Array<Record<string, unknown>> = [
  { sort: 1, show: true, code: 'countries', value: { en: '130+', 'zh-TW': '130+', ko: '130+', ja: '130+', de: '130+', fr: '130+', tr: '130+' }, label: { en: 'countries and regions served', 'zh-TW': '服務國家與地區', ko: '서비스 국가 및 지역', ja: 'サービス提供国・地域', de: 'Länder und Regionen', fr: 'pays et régions desservis', tr: 'ülke ve bölgede hizmet' } },
  { sort: 2, show: true, code: 'reserve', value: { en: '15,000 BTC', 'zh-TW': '15,000 BTC', ko: '15,000 BTC', ja: '15,000 BTC', de: '15.000 BTC', fr: '15 000 BTC', tr: '15.000 BTC' }, label: { en: 'security reserve', 'zh-TW': '安全準備金', ko: '보안 준비금', ja: 'セキュリティ準備金', de: 'Sicherheitsreserve', fr: 'réserve de sécurité', tr: 'güvenlik rezervi' } },
  { sort: 3, show: true, code: 'ai', value: { en: 'AI', 'zh-TW': 'AI', ko: 'AI', ja: 'AI', de: 'KI', fr: 'IA', tr: 'YZ' }, label: { en: 'liquidity management', 'zh-TW': '智能流動性管理', ko: '유동성 관리', ja: '流動性管理', de: 'Liquiditätsmanagement', fr: 'gestion de la liquidité', tr: 'likidite yönetimi' } },
  { sort: 4, show: true, code: 'gift', value: { en: '~1000 USDC', 'zh-TW': '約 1000 USDC', ko: '약 1000 USDC', ja: '約1000 USDC', de: 'ca. 1000 USDC', fr: 'env. 1000 USDC', tr: 'yaklaşık 1000 USDC' }, label: { en: 'sign-up gift', 'zh-TW': '註冊禮遇', ko: '가입 선물', ja: '新規登録特典', de: 'Willkommensgeschenk', fr: 'cadeau d’inscription', tr: 'kayıt hediyesi' } },
];

/** Each card names the route its product plugin provides; it links only when the site selects that plugin. */
const PRODUCTS: Array<Record<string, unknown>> = [
  { sort: 1, show: true, code: 'spot', route: 'spot.exchange', mark: 'S', title: { en: 'Spot trading', 'zh-TW': '現貨交易', ko: '현물 거래', ja: '現物取引', de: 'Spot-Handel', fr: 'Trading spot', tr: 'Spot işlem' }, text: { en: 'Buy and sell major coins instantly at market or limit prices.', 'zh-TW': '以市價或限價即時買賣主流幣種。', ko: '주요 코인을 시장가 또는 지정가로 즉시 매매하세요.', ja: '主要コインを成行または指値で即座に売買できます。', de: 'Kaufen und verkaufen Sie große Coins sofort zum Markt- oder Limitpreis.', fr: 'Achetez et vendez les principales cryptos instantanément, au marché ou à cours limité.', tr: 'Başlıca coinleri piyasa veya limit fiyatla anında alıp satın.' } },
  { sort: 2, show: true, code: 'contracts', route: 'contracts.exchange', mark: 'C', title: { en: 'Perpetual contracts', 'zh-TW': '永續合約', ko: '무기한 선물', ja: '無期限先物', de: 'Perpetual-Kontrakte', fr: 'Contrats perpétuels', tr: 'Vadesiz kontratlar' }, text: { en: 'USDT-margined and coin-margined perpetuals with adjustable leverage.', 'zh-TW': 'U本位與幣本位永續合約，槓桿倍數可調。', ko: '레버리지를 조절할 수 있는 USDT 마진 및 코인 마진 무기한 선물.', ja: 'レバレッジを調整できるUSDT建て・コイン建ての無期限先物。', de: 'USDT- und Coin-margined Perpetuals mit einstellbarem Hebel.', fr: 'Perpétuels marginés en USDT ou en crypto, avec effet de levier réglable.', tr: 'Ayarlanabilir kaldıraçlı USDT ve coin teminatlı vadesiz kontratlar.' } },
  { sort: 3, show: true, code: 'margin', route: 'margin.exchange', mark: 'M', title: { en: 'Margin trading', 'zh-TW': '槓桿交易', ko: '마진 거래', ja: '信用取引', de: 'Margin-Handel', fr: 'Trading sur marge', tr: 'Marjin işlem' }, text: { en: 'Borrow in cross or isolated mode to grow your position.', 'zh-TW': '以全倉或逐倉模式借貸，放大您的倉位。', ko: '교차 또는 격리 모드로 차입하여 포지션을 키우세요.', ja: 'クロスまたは分離モードで借り入れ、ポジションを拡大できます。', de: 'Leihen Sie im Cross- oder Isolated-Modus, um Ihre Position zu vergrößern.', fr: 'Empruntez en marge croisée ou isolée pour renforcer votre position.', tr: 'Pozisyonunuzu büyütmek için çapraz veya izole modda borç alın.' } },
  { sort: 4, show: true, code: 'otc', route: 'otc.common', mark: 'O', title: { en: 'OTC', 'zh-TW': '場外交易', ko: '장외 거래', ja: 'OTC取引', de: 'OTC-Handel', fr: 'OTC', tr: 'OTC' }, text: { en: 'Buy and sell with verified merchants using local payment methods.', 'zh-TW': '透過本地支付方式與認證商家買賣。', ko: '현지 결제 수단으로 인증된 판매자와 거래하세요.', ja: '現地の決済手段で認証済みの加盟店と売買できます。', de: 'Handeln Sie mit verifizierten Händlern über lokale Zahlungsmethoden.', fr: 'Achetez et vendez auprès de marchands vérifiés avec des moyens de paiement locaux.', tr: 'Yerel ödeme yöntemleriyle doğrulanmış satıcılarla alım satım yapın.' } },
  { sort: 5, show: true, code: 'staking', route: 'finance.investment', mark: '%', title: { en: 'Staking & earn', 'zh-TW': '質押與理財', ko: '스테이킹 및 예치', ja: 'ステーキングと運用', de: 'Staking & Earn', fr: 'Staking et épargne', tr: 'Staking ve kazanç' }, text: { en: 'Put idle assets to work with flexible and fixed-term products.', 'zh-TW': '靈活與定期產品，讓閒置資產為您增值。', ko: '자유형 및 정기형 상품으로 유휴 자산을 운용하세요.', ja: 'フレキシブル型と定期型の商品で、眠っている資産を運用できます。', de: 'Lassen Sie ungenutzte Guthaben mit flexiblen und festen Laufzeiten arbeiten.', fr: 'Faites travailler vos actifs inactifs avec des produits flexibles ou à terme.', tr: 'Esnek ve vadeli ürünlerle atıl varlıklarınızı değerlendirin.' } },
  { sort: 6, show: true, code: 'launchpad', route: 'launchpad.index', mark: 'L', title: { en: 'Launchpad', 'zh-TW': '新幣認購', ko: '런치패드', ja: 'ローンチパッド', de: 'Launchpad', fr: 'Launchpad', tr: 'Launchpad' }, text: { en: 'Subscribe to new coins, ETFs and block trades before they list.', 'zh-TW': '在上線前認購新幣、ETF 與大宗交易。', ko: '상장 전에 신규 코인, ETF, 블록딜에 청약하세요.', ja: '上場前に新規コイン、ETF、ブロックトレードに申し込めます。', de: 'Zeichnen Sie neue Coins, ETFs und Blockgeschäfte vor dem Listing.', fr: 'Souscrivez aux nouvelles cryptos, ETF et transactions de bloc avant leur cotation.', tr: 'Yeni coinlere, ETF’lere ve blok işlemlere listelenmeden önce katılın.' } },
];

export const HOME_SEEDS: HomeCollectionSeed[] = [
  {
    code: 'home_block',
    name: 'Home page blocks',
    rows: [
      { code: 'hero', show: true, title: HERO_TITLE, text: HERO_TEXT },
      { code: 'products', show: true, title: PRODUCTS_TITLE, text: PRODUCTS_TEXT },
      { code: 'signup', show: true, title: SIGNUP_TITLE, text: SIGNUP_TEXT },
    ],
  },
  { code: 'home_figure', name: 'Home page figures', rows: FIGURES },
  { code: 'home_product', name: 'Home page products', rows: PRODUCTS },
];
