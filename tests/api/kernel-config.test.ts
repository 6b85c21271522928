import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CgformStore } from '../../core/server/cgform/store';
import { availableDialects, fetchJson, startTestServer, type TestServer } from './harness';

const dialects = await availableDialects();

const BOOT_QUERY = `query Boot($site: String!, $language: String!) {
  boot(site: $site, language: $language) {
    site { name title language currencyCode areaCode theme supportButton repayButton demo tokenTime logoDay logoNight }
    nav { id pid nav_sort nav_show nav_code nav_path title text icon }
    footer { id pid sort title_code title skip_type article_code skip_path href }
    languages { id label value text img }
    currencies { exchange_value quote_currency exchange_code rate symbol }
    texts
    forms { code name }
    serverTime
  }
}`;

describe.each(dialects)('config endpoints (%s)', (dialect) => {
  let server: TestServer;
  const fixedNow = new Date('2025-03-04T05:06:07.000Z');
  const boot = (variables: Record<string, string>) =>
    fetchJson(`${server.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: BOOT_QUERY, variables }),
    });

  beforeAll(async () => {
    server = await startTestServer({ dialect, now: () => fixedNow });
    const store = new CgformStore(server.context.db, server.context.dialect, server.context.now);
    await store.insertRow(server.context.db, 'site_text', { lang: 'de', namespace: 'home', key: 'heroTitle', text: 'Handeln Sie sicher' });
    await store.insertRow(server.context.db, 'site_text', { lang: 'fr', namespace: 'home', key: 'heroTitle', text: 'Tradez en sécurité' });
    await store.insertRow(server.context.db, 'site_settings', { site: 'default', title: 'Bourse Operator Title', supportButton: false });
  });
  afterAll(async () => {
    expect(server.unexpectedErrors).toEqual([]);
    await server.close();
  });

  describe('GET /cgform-api/getData/{formId}', () => {
    it('pages rows newest first by default', async () => {
      const { status, body } = await fetchJson(server.api('/cgform-api/getData/nav'));
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ total: 12, size: 10, current: 1, pages: 2 });
      const ids = body.data.records.map((row: { id: number }) => row.id);
      expect(ids).toHaveLength(10);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(body.data.records[0]).toMatchObject({ nav_code: 'launchpad', nav_show: 0, pid: 0 });
    });

    it('returns the second page, and every row for pageSize -521', async () => {
      const second = await fetchJson(server.api('/cgform-api/getData/nav?pageNo=2&pageSize=10'));
      expect(second.body.data).toMatchObject({ current: 2, pages: 2 });
      expect(second.body.data.records).toHaveLength(2);
      const all = await fetchJson(server.api('/cgform-api/getData/area_code?pageSize=-521'));
      expect(all.body.data.records.length).toBe(all.body.data.total);
      expect(all.body.data).toMatchObject({ size: -521, current: 1, pages: 1 });
    });

    it('orders by a data field, numerically, and filters by data fields', async () => {
      const sorted = await fetchJson(server.api('/cgform-api/getData/nav?column=nav_sort&order=asc&pid=0&pageSize=-521'));
      expect(sorted.status).toBe(200);
      expect(sorted.body.data.records.map((row: { nav_code: string }) => row.nav_code)).toEqual([
        'markets', 'trade', 'contracts', 'finance', 'rewards', 'launchpad',
      ]);
      const hidden = await fetchJson(server.api('/cgform-api/getData/nav?nav_show=0'));
      expect(hidden.body.data.total).toBe(1);
      const currency = await fetchJson(server.api('/cgform-api/getData/currency?code=JPY'));
      expect(currency.body.data.records).toEqual([expect.objectContaining({ code: 'JPY', symbol: '¥', rate: '149.50' })]);
      const byRate = await fetchJson(server.api('/cgform-api/getData/currency?column=code&order=asc&pageSize=-521'));
      expect(byRate.body.data.records.map((row: { code: string }) => row.code)).toEqual(['EUR', 'GBP', 'JPY', 'KRW', 'TRY', 'TWD', 'USD']);
    });

    it.each([
      ['pageSize=0', 'pageSize', 'pageSize muss mindestens 1 sein'],
      ['pageSize=5000', 'pageSize', 'pageSize darf höchstens 1000 sein'],
      ['pageSize=ten', 'pageSize', 'pageSize ist ungültig'],
      ['pageNo=0', 'pageNo', 'pageNo muss mindestens 1 sein'],
      ['pageNo=-1', 'pageNo', 'pageNo muss mindestens 1 sein'],
      ['order=sideways', 'order', 'order muss einer dieser Werte sein: asc, desc'],
      ['column=nope', 'column', 'column ist ungültig'],
      ['column=id;drop', 'column', 'column ist ungültig'],
      ['colour=red', 'colour', 'colour ist ungültig'],
      ['titles=x', 'titles', 'titles ist ungültig'],
    ])('rejects %s naming %s: %s', async (query, field, msg) => {
      const { status, body } = await fetchJson(server.api(`/cgform-api/getData/nav?${query}`), { headers: { 'mj-lang': 'de' } });
      expect(status).toBe(400);
      expect(body).toEqual({ code: 400, success: false, msg, data: { field } });
    });

    it('answers 404 naming formId for an unknown form, 400 for a malformed one', async () => {
      const unknown = await fetchJson(server.api('/cgform-api/getData/no_such_form'));
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ code: 404, success: false, msg: 'formId was not found', data: { field: 'formId' } });
      const malformed = await fetchJson(server.api('/cgform-api/getData/bad%20form'));
      expect(malformed.status).toBe(400);
      expect(malformed.body.data).toEqual({ field: 'formId' });
    });
  });

  describe('GET /cgform-api/detailData/{formId}/{id}', () => {
    it('returns the row with its id', async () => {
      const list = await fetchJson(server.api('/cgform-api/getData/currency?code=EUR'));
      const id = list.body.data.records[0].id;
      const { status, body } = await fetchJson(server.api(`/cgform-api/detailData/currency/${id}`));
      expect(status).toBe(200);
      expect(body.data).toEqual({ id, code: 'EUR', symbol: '€', rate: '0.92', sort: 2 });
    });

    it('answers 404 for a row of another form or no row, 400 for a bad id', async () => {
      const navRow = (await fetchJson(server.api('/cgform-api/getData/nav?pageSize=1'))).body.data.records[0];
      expect((await fetchJson(server.api(`/cgform-api/detailData/currency/${navRow.id}`))).body).toMatchObject({ code: 404, data: { field: 'id' } });
      expect((await fetchJson(server.api('/cgform-api/detailData/currency/999999'))).status).toBe(404);
      const bad = await fetchJson(server.api('/cgform-api/detailData/currency/abc'));
      expect(bad.status).toBe(400);
      expect(bad.body.data).toEqual({ field: 'id' });
      expect((await fetchJson(server.api('/cgform-api/detailData/nope/1'))).body.data).toEqual({ field: 'formId' });
    });
  });

  it('lists dictionary items with texts in the request language', async () => {
    const { body } = await fetchJson(server.api('/sys/sys/dict/getDictItems/footer_skip_type'), { headers: { 'mj-lang': 'ja' } });
    expect(body.data).toEqual([
      { value: 'article', text: '記事', sort: 1 },
      { value: 'page', text: 'ページ', sort: 2 },
      { value: 'url', text: '外部リンク', sort: 3 },
    ]);
    expect((await fetchJson(server.api('/sys/sys/dict/getDictItems/unknown_dict'))).body.data).toEqual([]);
    expect((await fetchJson(server.api('/sys/sys/dict/getDictItems/bad%20dict'))).status).toBe(400);
  });

  it('returns server text overrides of a language; unknown language is a 400', async () => {
    expect((await fetchJson(server.api('/coin/open/lang/de'))).body.data).toEqual({ home: { heroTitle: 'Handeln Sie sicher' } });
    expect((await fetchJson(server.api('/coin/open/lang/ko'))).body.data).toEqual({});
    const unknown = await fetchJson(server.api('/coin/open/lang/xx'), { headers: { 'mj-lang': 'fr' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ code: 400, success: false, msg: "lang n'est pas valide", data: { field: 'lang' } });
  });

  it('lists phone area codes', async () => {
    const { body } = await fetchJson(server.api('/coin/open/get/phone/areaCode'));
    expect(body.data.length).toBeGreaterThanOrEqual(40);
    for (const [code, iso] of [['49', 'DE'], ['33', 'FR'], ['1', 'US'], ['44', 'GB'], ['81', 'JP'], ['82', 'KR'], ['886', 'TW'], ['90', 'TR']]) {
      expect(body.data).toContainEqual(expect.objectContaining({ code, iso }));
    }
    expect(body.data[0]).toEqual({ code: '49', name: 'Germany', iso: 'DE' });
  });

  it('returns the client version by clientType and rejects a missing or unknown one', async () => {
    const web = await fetchJson(server.api('/coin/open/client/version?clientType=web'));
    expect(web.body.data).toEqual({ clientType: 'web', version: '0.1.0', minVersion: '0.1.0', url: '/' });
    expect((await fetchJson(server.api('/coin/open/client/version?clientType=ios'))).body.data.clientType).toBe('ios');
    const missing = await fetchJson(server.api('/coin/open/client/version'), { headers: { 'mj-lang': 'de' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ code: 400, success: false, msg: 'clientType ist erforderlich', data: { field: 'clientType' } });
    const unknown = await fetchJson(server.api('/coin/open/client/version?clientType=symbian'));
    expect(unknown.status).toBe(400);
    expect(unknown.body.data).toEqual({ field: 'clientType' });
  });

  it('returns the operator-set display rates as decimal strings', async () => {
    const { body } = await fetchJson(server.api('/coin/open/getCoinRate'));
    expect(body.data).toEqual([
      { exchange_value: '1', quote_currency: 'USD', exchange_code: 'USD', rate: '1', symbol: '$' },
      { exchange_value: '0.92', quote_currency: 'USD', exchange_code: 'EUR', rate: '0.92', symbol: '€' },
      { exchange_value: '0.79', quote_currency: 'USD', exchange_code: 'GBP', rate: '0.79', symbol: '£' },
      { exchange_value: '149.50', quote_currency: 'USD', exchange_code: 'JPY', rate: '149.50', symbol: '¥' },
      { exchange_value: '1385', quote_currency: 'USD', exchange_code: 'KRW', rate: '1385', symbol: '₩' },
      { exchange_value: '34.20', quote_currency: 'USD', exchange_code: 'TRY', rate: '34.20', symbol: '₺' },
      { exchange_value: '32.40', quote_currency: 'USD', exchange_code: 'TWD', rate: '32.40', symbol: 'NT$' },
    ]);
  });

  describe('GraphQL boot', () => {
    it('returns nav titles in the requested language, sorted, with the hidden item flagged', async () => {
      const german = await boot({ site: 'default', language: 'de' });
      expect(german.status).toBe(200);
      expect(german.body.errors).toBeUndefined();
      const nav = german.body.data.boot.nav as Array<{ id: number; pid: number; nav_show: number; title: string; nav_code: string }>;
      const top = nav.filter((item) => item.pid === 0);
      expect(top.map((item) => item.title)).toEqual(['Märkte', 'Handel', 'Kontrakte', 'Finanzen', 'Prämien', 'Neue Coins']);
      expect(top.filter((item) => item.nav_show === 1)).toHaveLength(5);
      const trade = top.find((item) => item.nav_code === 'trade')!;
      expect(nav.filter((item) => item.pid === trade.id).map((item) => [item.nav_code, item.title])).toEqual([
        ['spot', 'Spot'],
        ['margin', 'Margin'],
      ]);
      const korean = await boot({ site: 'default', language: 'ko' });
      expect(korean.body.data.boot.nav.filter((item: { pid: number }) => item.pid === 0)[0].title).toBe('마켓');
      const chinese = await boot({ site: 'default', language: 'zh-TW' });
      expect(chinese.body.data.boot.footer.find((item: { title_code: string }) => item.title_code === 'tradingRules').title).toBe('交易規則');
    });

    it('returns footer columns and links, languages, currencies, texts, forms, settings and the server time', async () => {
      const { body } = await boot({ site: 'default', language: 'fr' });
      const result = body.data.boot;
      const columns = result.footer.filter((item: { pid: number }) => item.pid === 0);
      expect(columns.map((item: { title: string }) => item.title)).toEqual(['À propos', 'Services', 'Communauté']);
      const links = result.footer.filter((item: { pid: number }) => item.pid !== 0);
      expect(links).toContainEqual(expect.objectContaining({ title_code: 'aboutUs', skip_type: 'page', skip_path: '/aboutus', title: 'Qui sommes-nous' }));
      expect(links).toContainEqual(expect.objectContaining({ title_code: 'terms', skip_type: 'article', article_code: 'terms' }));
      expect(links).toContainEqual(expect.objectContaining({ skip_type: 'url', href: 'https://x.com' }));
      expect(result.languages.map((item: { label: string; value: string }) => [item.label, item.value])).toEqual([
        ['English', 'en'], ['繁體中文', 'zh-TW'], ['한국어', 'ko'], ['日本語', 'ja'], ['Deutsch', 'de'], ['Français', 'fr'], ['Türkçe', 'tr'],
      ]);
      expect(result.currencies).toHaveLength(7);
      expect(result.texts).toEqual({ home: { heroTitle: 'Tradez en sécurité' } });
      expect(result.forms.map((form: { code: string }) => form.code)).toEqual(
        expect.arrayContaining(['nav', 'footer', 'language', 'currency', 'area_code', 'client_version', 'dict_item', 'site_text', 'site_settings']),
      );
      expect(result.site).toMatchObject({ name: 'default', title: 'Bourse Operator Title', supportButton: false, language: 'en', currencyCode: 'USD', areaCode: '49', theme: 'theme-night', tokenTime: 3600 });
      expect(result.serverTime).toBe(fixedNow.toISOString());
    });

    it('fails clearly for an unknown site or language', async () => {
      const site = await boot({ site: 'nowhere', language: 'en' });
      expect(site.body.data).toBeNull();
      expect(site.body.errors[0].message).toBe('unknown site "nowhere"; this server serves: default');
      const language = await boot({ site: 'default', language: 'pt' });
      expect(language.body.errors[0].message).toMatch(/^unknown language "pt"; expected one of: zh-TW, en, ko, ja, de, fr, tr$/);
    });
  });
});
