import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_QUERY } from '../../core/web/boot/boot-query';
import consoleCoreManifest from '../../plugins/console-core/plugin';
import consoleCoreServer from '../../plugins/console-core/server';
import { consoleCall, signInAndBindTotp } from './console-harness';
import { availableDialects, fetchJson, startTestServer, TEST_OPERATOR_PASSWORD, type TestServer } from './harness';

const dialects = await availableDialects();
const STAFF_PASSWORD = 'Staff-Password-42';

const COLOR_SCHEMA = {
  type: 'object',
  title: 'Banner',
  required: ['label', 'color'],
  properties: {
    label: { type: 'string', maxLength: 20 },
    color: { enum: ['red', 'green'] },
    weight: { type: 'integer', minimum: 0, maximum: 10, default: 1 },
    shown: { type: 'boolean' },
  },
};

describe.each(dialects)('console content and site settings (%s)', (dialect) => {
  let server: TestServer;
  let clock = Date.parse('2026-04-01T08:00:05Z');
  const tokens: Record<string, string> = {};
  const call = (role: string, path: string, body?: unknown, language = 'en') => consoleCall(server, path, tokens[role], body, language);
  const audit = (action: string) => server.context.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'asc').execute();
  const publicRows = async (code: string, query = '') => (await fetchJson(server.api(`/cgform-api/getData/${code}?pageSize=-521${query}`))).body;
  const boot = async (site = 'default', language = 'en') =>
    (
      await fetchJson(`${server.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: BOOT_QUERY, variables: { site, language } }),
      })
    ).body.data.boot;
  const marketsNavRow = async () => (await publicRows('nav', '&nav_code=markets&pid=0')).data.records[0];

  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      now: () => new Date(clock),
      site: { languages: ['en', 'de', 'fr'] },
      extraPlugins: [{ manifest: consoleCoreManifest, server: consoleCoreServer }],
    });
    tokens.administrator = (await signInAndBindTotp(server, 'admin', TEST_OPERATOR_PASSWORD)).token;
    for (const role of ['content', 'support', 'compliance']) {
      const created = await call('administrator', '/console/operators', { username: `${role}-staff`, role, password: STAFF_PASSWORD });
      expect(created.status).toBe(200);
      tokens[role] = (await signInAndBindTotp(server, `${role}-staff`, STAFF_PASSWORD)).token;
    }
  });
  afterAll(async () => {
    expect(server.unexpectedErrors).toEqual([]);
    await server.close();
  });

  it('lists the collections with their schemas and row counts to a content editor; site settings are not content', async () => {
    const { status, body } = await call('content', '/console/collections');
    expect(status).toBe(200);
    const codes = body.data.map((collection: { code: string }) => collection.code);
    expect(codes).toEqual(expect.arrayContaining(['nav', 'footer', 'language', 'currency', 'area_code', 'dict_item', 'site_text']));
    expect(codes).not.toContain('site_settings');
    const nav = body.data.find((collection: { code: string }) => collection.code === 'nav');
    expect(nav).toMatchObject({ title: 'Navigation', schema: { type: 'object', required: expect.arrayContaining(['nav_code', 'titles']) } });
    expect(nav.rowCount).toBe((await publicRows('nav')).data.total);

    expect((await call('content', '/console/collections/nav')).body.data.code).toBe('nav');
    expect((await call('content', '/console/collections/nope')).status).toBe(404);
    const settings = await call('content', '/console/collections/site_settings/rows', undefined, 'de');
    expect(settings.status).toBe(403);
    expect(settings.body.msg).toBe('Die Website-Einstellungen werden auf ihrer eigenen Seite bearbeitet');
  });

  it('refuses collections and site settings to a support agent, and site settings to a content editor', async () => {
    const row = await marketsNavRow();
    const refused = [
      await call('support', '/console/collections'),
      await call('support', '/console/collections/nav/rows'),
      await call('support', `/console/collections/nav/rows/${row.id}`, { ...row, id: undefined }),
      await call('support', '/console/collections', { code: 'promo', title: 'Promo', schema: COLOR_SCHEMA }),
      await call('support', '/console/site-settings'),
      await call('support', '/console/site-settings/default', { title: 'Nope' }),
      await call('content', '/console/site-settings/default', { title: 'Nope' }),
      await call('compliance', '/console/collections/nav/rows'),
    ];
    expect(refused.map((response) => response.status)).toEqual(Array(refused.length).fill(403));
    expect((await boot()).site.title).toBe('Bourse');
    expect((await marketsNavRow()).titles.en).toBe('Markets');
  });

  it('lets a content editor change a nav title: the public read and the boot query show it at once, audited with before and after', async () => {
    const { id, ...row } = await marketsNavRow();
    const listed = await call('content', '/console/collections/nav/rows?size=5');
    expect(listed.body.data).toMatchObject({ size: 5, current: 1, total: (await publicRows('nav')).data.total });
    expect(listed.body.data.records[0].id).toBeLessThan(listed.body.data.records[1].id);

    const changed = { ...row, titles: { ...row.titles, en: 'Markets Live', de: 'Märkte live' } };
    const saved = await call('content', `/console/collections/nav/rows/${id}`, changed);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ id, ...changed });
    expect((await marketsNavRow()).titles.en).toBe('Markets Live');
    expect((await boot('default', 'de')).nav.find((item: { id: number }) => item.id === id).title).toBe('Märkte live');

    const [entry] = await audit('cgform.row.update');
    expect(entry).toMatchObject({ target: `cgform/nav/${id}`, operator_id: expect.any(String) });
    expect(JSON.parse(entry.before_json).titles.en).toBe('Markets');
    expect(JSON.parse(entry.after_json).titles.en).toBe('Markets Live');
  });

  it('refuses a bad row with 400 naming the field, and stores nothing', async () => {
    const { id, ...row } = await marketsNavRow();
    const cases: Array<[unknown, string]> = [
      [{ ...row, titles: { ...row.titles, en: 'x'.repeat(201) } }, 'titles.en'],
      [{ ...row, nav_code: undefined }, 'nav_code'],
      [{ ...row, nav_sort: '1' }, 'nav_sort'],
      [{ ...row, nav_show: 2 }, 'nav_show'],
      [{ ...row, nav_path: 'no-slash' }, 'nav_path'],
      [{ ...row, extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const response = await call('content', `/console/collections/nav/rows/${id}`, body);
      expect(response.status, field).toBe(400);
      expect(response.body.data).toEqual({ field });
    }
    const tooLong = await call('content', `/console/collections/nav/rows/${id}`, cases[0][0], 'fr');
    expect(tooLong.body.msg).toBe('titles.en : 200 caractères au maximum');
    const added = await call('content', '/console/collections/nav/rows', { ...row, nav_code: 'Bad Code' });
    expect(added.body.data).toEqual({ field: 'nav_code' });
    expect(await marketsNavRow()).toEqual({ id, ...row });
    expect((await publicRows('nav', '&nav_code=Bad%20Code')).data.total).toBe(0);
    expect(await audit('cgform.row.update')).toHaveLength(1);
    expect(await audit('cgform.row.create')).toHaveLength(0);
    expect((await call('content', '/console/collections/nav/rows/999999', row)).status).toBe(404);
  });

  it('adds and removes rows; a nav item with children stays', async () => {
    const parent = await marketsNavRow();
    const child = { pid: parent.id, nav_sort: 9, nav_show: 1, nav_code: 'news', nav_path: '/news', titles: { en: 'News' } };
    const added = await call('content', '/console/collections/nav/rows', child);
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject(child);
    const childId = added.body.data.id;
    expect((await publicRows('nav', '&nav_code=news')).data.records).toEqual([{ id: childId, ...child }]);

    const blocked = await call('content', `/console/collections/nav/rows/${parent.id}/delete`, {});
    expect(blocked.status).toBe(409);
    expect(blocked.body.data).toEqual({ field: 'id' });
    expect((await call('content', `/console/collections/nav/rows/${childId}/delete`, {})).status).toBe(200);
    expect((await publicRows('nav', '&nav_code=news')).data.total).toBe(0);
    expect((await call('content', `/console/collections/nav/rows/${childId}/delete`, {})).status).toBe(404);

    const [created] = await audit('cgform.row.create');
    expect(JSON.parse(created.after_json)).toEqual(child);
    const [removed] = await audit('cgform.row.delete');
    expect(removed).toMatchObject({ target: `cgform/nav/${childId}`, after_json: null });
    expect(JSON.parse(removed.before_json)).toEqual(child);
  });

  it('creates a collection from a JSON Schema that the public read serves at once', async () => {
    const created = await call('content', '/console/collections', { code: 'promo_banner', title: 'Promo banners', schema: COLOR_SCHEMA });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ code: 'promo_banner', title: 'Promo banners', rowCount: 0, schema: { ...COLOR_SCHEMA, additionalProperties: false } });
    expect((await publicRows('promo_banner')).data).toMatchObject({ total: 0, records: [] });

    const row = { label: 'Spring', color: 'green', weight: 3, shown: true };
    expect((await call('content', '/console/collections/promo_banner/rows', row)).status).toBe(200);
    expect((await publicRows('promo_banner')).data.records).toEqual([{ id: expect.any(Number), ...row }]);
    expect((await publicRows('promo_banner', '&shown=true')).data.total).toBe(1);
    expect((await call('content', '/console/collections/promo_banner/rows', { ...row, label: 'x'.repeat(21) })).body.data).toEqual({ field: 'label' });
    expect((await call('content', '/console/collections/promo_banner/rows', { ...row, color: 'blue' })).body.data).toEqual({ field: 'color' });
    expect((await call('content', '/console/collections/promo_banner/rows', { ...row, weight: 11 })).body.data).toEqual({ field: 'weight' });
    expect((await call('content', '/console/collections/promo_banner/rows', { label: 'No colour' })).body.data).toEqual({ field: 'color' });
    expect((await call('content', '/console/collections')).body.data.find((item: { code: string }) => item.code === 'promo_banner').rowCount).toBe(1);

    const [entry] = await audit('cgform.collection.create');
    expect(entry.target).toBe('cgform/promo_banner');
    expect(JSON.parse(entry.after_json)).toMatchObject({ title: 'Promo banners', schema: { properties: { color: { enum: ['red', 'green'] } } } });
  });

  it('refuses schemas the store cannot keep, clashing codes and bad codes, naming what is wrong', async () => {
    const property = (extra: Record<string, unknown>) => ({ type: 'object', properties: { label: { type: 'string', ...extra } } });
    const cases: Array<[unknown, string]> = [
      [{ type: 'array', properties: { label: { type: 'string' } } }, 'schema.type'],
      [{ type: 'object' }, 'schema.properties'],
      [{ type: 'object', properties: {} }, 'schema.properties'],
      [{ type: 'object', properties: { nested: { type: 'object' } } }, 'schema.properties.nested.type'],
      [{ type: 'object', properties: { list: { type: 'array', items: { type: 'string' } } } }, 'schema.properties.list.items'],
      [{ type: 'object', properties: { id: { type: 'integer' } } }, 'schema.properties.id'],
      [{ type: 'object', properties: { 'bad name': { type: 'string' } } }, 'schema.properties.bad name'],
      [{ type: 'object', properties: { label: {} } }, 'schema.properties.label.type'],
      [property({ maxLength: -1 }), 'schema.properties.label.maxLength'],
      [property({ minimum: 1 }), 'schema.properties.label.minimum'],
      [property({ pattern: '([a-z' }), 'schema.properties.label.pattern'],
      [property({ minLength: 5, maxLength: 2 }), 'schema.properties.label.minLength'],
      [property({ default: 'far too long', maxLength: 3 }), 'schema.properties.label.default'],
      [property({ enum: ['a', 1] }), 'schema.properties.label.enum'],
      [{ ...property({}), required: ['missing'] }, 'schema.required.0'],
      [{ ...property({}), additionalProperties: true }, 'schema.additionalProperties'],
      [{ ...property({}), $ref: '#/definitions/x' }, 'schema.$ref'],
    ];
    for (const [schema, field] of cases) {
      const response = await call('content', '/console/collections', { code: 'bad_schema', title: 'Bad', schema });
      expect(response.status, field).toBe(400);
      expect(response.body.data, JSON.stringify(schema)).toEqual({ field });
    }
    const german = await call('content', '/console/collections', { code: 'bad_schema', title: 'Bad', schema: property({ pattern: '([a-z' }) }, 'de');
    expect(german.body.msg).toBe('schema.properties.label.pattern ist kein gültiger regulärer Ausdruck');
    expect((await call('content', '/console/collections', { code: 'bad_schema', title: 'Bad', schema: 'not an object' })).body.data).toEqual({ field: 'schema' });

    const clash = await call('content', '/console/collections', { code: 'nav', title: 'Another nav', schema: COLOR_SCHEMA });
    expect(clash.status).toBe(409);
    expect(clash.body.data).toEqual({ field: 'code' });
    for (const code of ['Promo', '1promo', 'p', 'promo-banner', 'x'.repeat(41)]) {
      expect((await call('content', '/console/collections', { code, title: 'Promo', schema: COLOR_SCHEMA })).body.data, code).toEqual({ field: 'code' });
    }
    expect((await fetchJson(server.api('/cgform-api/getData/bad_schema'))).status).toBe(404);
    expect(await audit('cgform.collection.create')).toHaveLength(1);
  });

  it('reads and changes the site settings, checked against the schema and what the site offers; the boot query applies them', async () => {
    const sites = await call('administrator', '/console/site-settings');
    expect(sites.body.data).toEqual([{ name: 'default', title: 'Bourse' }]);
    const current = await call('administrator', '/console/site-settings/default');
    expect(current.body.data).toMatchObject({
      site: 'default',
      settings: { title: 'Bourse', language: 'en', currencyCode: 'USD', areaCode: '49', supportButton: true, repayButton: false, tokenTime: 3600 },
      overridden: [],
      schema: { type: 'object', additionalProperties: false, properties: { areaCode: { pattern: '^[0-9]{1,4}$' } } },
    });
    expect(current.body.data.schema.properties).not.toHaveProperty('demo');

    const bad: Array<[Record<string, unknown>, string, number]> = [
      [{ language: 'xx' }, 'language', 400],
      [{ language: 'ja' }, 'language', 400],
      [{ areaCode: 'abc' }, 'areaCode', 400],
      [{ areaCode: '999' }, 'areaCode', 400],
      [{ currencyCode: 'XYZ' }, 'currencyCode', 400],
      [{ tokenTime: 10 }, 'tokenTime', 400],
      [{ title: '' }, 'title', 400],
      [{ supportButton: 'no' }, 'supportButton', 400],
      [{ demo: false }, 'demo', 400],
    ];
    for (const [body, field, status] of bad) {
      const response = await call('administrator', '/console/site-settings/default', body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body.data).toEqual({ field });
    }
    const notOffered = await call('administrator', '/console/site-settings/default', { language: 'ja' }, 'de');
    expect(notOffered.body.msg).toBe('Diese Website bietet die Sprache nicht an');
    expect((await call('administrator', '/console/site-settings/elsewhere', { title: 'x' })).status).toBe(404);
    expect(await audit('console.settings.update')).toHaveLength(0);

    const change = { title: 'Bourse Pro', logoDay: '/static/pro-day.svg', language: 'de', currencyCode: 'EUR', areaCode: '33', supportButton: false, repayButton: true, tokenTime: 7200, theme: 'theme-night' };
    const saved = await call('administrator', '/console/site-settings/default', change);
    expect(saved.status).toBe(200);
    expect(saved.body.data.settings).toMatchObject(change);
    // the night theme is the config's own: nothing to override
    expect([...saved.body.data.overridden].sort()).toEqual(['areaCode', 'currencyCode', 'language', 'logoDay', 'repayButton', 'supportButton', 'title', 'tokenTime']);
    expect((await boot()).site).toMatchObject({ title: 'Bourse Pro', logoDay: '/static/pro-day.svg', language: 'de', currencyCode: 'EUR', areaCode: '33', supportButton: false, repayButton: true, tokenTime: 7200 });

    // back to the config's title: the override of it goes away, the others stay
    await call('administrator', '/console/site-settings/default', { title: 'Bourse' });
    expect((await call('administrator', '/console/site-settings/default')).body.data.overridden).not.toContain('title');
    expect((await boot()).site).toMatchObject({ title: 'Bourse', areaCode: '33' });
    expect((await publicRows('site_settings')).data.total).toBe(1);

    const entries = await audit('console.settings.update');
    expect(entries.map((entry) => entry.target)).toEqual(['site/default', 'site/default']);
    expect(JSON.parse(entries[0].before_json)).toEqual({});
    expect(JSON.parse(entries[1].before_json)).toMatchObject({ title: 'Bourse Pro' });
    expect(JSON.parse(entries[1].after_json)).not.toHaveProperty('title');
  });

  it('finds every content change in the audit log by its target', async () => {
    const found = await call('administrator', '/console/audit?target=cgform/nav/');
    expect(found.body.data.records.map((record: { action: string }) => record.action).sort()).toEqual(['cgform.row.create', 'cgform.row.delete', 'cgform.row.update']);
    const banners = await call('administrator', '/console/audit?target=cgform/promo_banner');
    expect(banners.body.data.total).toBe(2);
    expect((await call('administrator', '/console/audit?target=cgform/promo%25')).body.data).toEqual({ field: 'target' });
  });
});
