// The home page's operator content: cgform collections seeded by the home plugin and read publicly at runtime.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects, fetchJson, startTestServer, type TestDialect, type TestServer } from './harness';

const dialects = await availableDialects();
const LANGUAGES = ['de', 'en', 'fr', 'ja', 'ko', 'tr', 'zh-TW'];

describe.each(dialects.map((dialect) => [dialect] as [TestDialect]))('home content collections (%s)', (dialect) => {
  let server: TestServer;
  const rows = async (code: string) => {
    const response = await fetchJson(server.api(`/cgform-api/getData/${code}?pageSize=-521&column=sort&order=asc`));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data.records as Array<Record<string, any>>;
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect, site: { plugins: ['home'] } });
  });
  afterAll(async () => {
    await server?.close();
    expect(server?.unexpectedErrors ?? []).toEqual([]);
  });

  it('seeds the hero, figures, products and sign-up prompt in seven languages, readable without a token', async () => {
    const figures = await rows('home_figure');
    expect(figures.map((row) => row.code)).toEqual(['countries', 'reserve', 'ai', 'gift']);
    expect(figures[1]!.value).toMatchObject({ en: '15,000 BTC', de: '15.000 BTC' });
    for (const figure of figures) expect(Object.keys(figure.label).sort()).toEqual(LANGUAGES);
    const products = await rows('home_product');
    expect(products.map((row) => row.route)).toEqual(['spot.exchange', 'contracts.exchange', 'margin.exchange', 'otc.common', 'finance.investment', 'launchpad.index']);
    const blocks = (await fetchJson(server.api('/cgform-api/getData/home_block?pageSize=-521&column=id&order=asc'))).body.data.records;
    expect(blocks.map((row: any) => row.code)).toEqual(['hero', 'products', 'signup']);
    expect(blocks[2].text.en).toContain('8,200 USDC');
    // filters work on the collection fields
    const shown = await fetchJson(server.api('/cgform-api/getData/home_product?pageSize=-521&show=true'));
    expect(shown.body.data.total).toBe(6);
  });

  it('keeps operator edits and deletions across restarts and seeds nothing twice', async () => {
    const [countries, reserve] = await rows('home_figure');
    await server.context.db
      .updateTable('cgform_row')
      .set({ data: JSON.stringify({ ...countries, id: undefined, value: { en: '150+' } }) })
      .where('id', '=', countries!.id)
      .execute();
    await server.context.db.deleteFrom('cgform_row').where('id', '=', reserve!.id).execute();
    await server.close({ keepData: true });
    server = await startTestServer({ dialect, site: { plugins: ['home'] }, reuse: server });
    const figures = await rows('home_figure');
    expect(figures.map((row) => row.code)).toEqual(['countries', 'ai', 'gift']);
    expect(figures[0]!.value).toEqual({ en: '150+' });
    expect(await rows('home_product')).toHaveLength(6);
  });
});
