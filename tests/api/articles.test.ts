import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCall, signInAndBindTotp } from './console-harness';
import { availableDialects, fetchJson, startTestServer, TEST_OPERATOR_PASSWORD, type TestDialect, type TestServer } from './harness';

const dialects = await availableDialects();
const STAFF_PASSWORD = 'Staff-Password-42';
const UPLOAD_PREFIX = '/api/mjkj-web/cgform-api/file/';

const HOSTILE_BODY =
  '<h2>Deposits</h2><p onclick="steal()">Read <a href="javascript:alert(1)">this</a> and <a href="https://example.com">that</a>.</p>' +
  '<script>alert("x")</script><img src="x" onerror="alert(2)"><img src="https://cdn.example.com/ok.png" alt="ok">' +
  '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>';
const FORBIDDEN = /<script|onerror|onclick|javascript:|<iframe|<style|alert\(/i;

describe.each(dialects.map((dialect) => [dialect] as [TestDialect]))('articles (%s)', (dialect) => {
  let server: TestServer;
  let content: string;
  let support: string;

  const publicGet = (path: string, language = 'en') => fetchJson(server.api(path), { headers: { 'mj-lang': language } });
  const asContent = (path: string, body?: unknown, language?: string) => consoleCall(server, path, content, body, language);
  const auditRows = (action: string) =>
    server.context.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'asc').execute();

  async function staff(admin: string, role: string): Promise<string> {
    const username = `${role}-editor`;
    const created = await consoleCall(server, '/console/operators', admin, { username, role, password: STAFF_PASSWORD });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return (await signInAndBindTotp(server, username, STAFF_PASSWORD)).token;
  }

  async function category(titles: Record<string, string>, parentId?: number): Promise<number> {
    const response = await asContent('/console/articles/categories', { titles, ...(parentId ? { parentId } : {}) });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data.id;
  }

  async function article(body: Record<string, unknown>): Promise<any> {
    const response = await asContent('/console/articles', { type: 'help', language: 'en', ...body });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data;
  }

  beforeAll(async () => {
    server = await startTestServer({ dialect, site: { plugins: ['home', 'articles'] } });
    const admin = (await signInAndBindTotp(server, 'admin', TEST_OPERATOR_PASSWORD)).token;
    content = await staff(admin, 'content');
    support = await staff(admin, 'support');
  });
  afterAll(async () => {
    await server?.close();
    expect(server?.unexpectedErrors ?? []).toEqual([]);
  });

  it('publishes per language: drafts are invisible, the site default language is the fallback', async () => {
    const top = await category({ en: 'Account', de: 'Konto' });
    const section = await category({ en: 'Security', de: 'Sicherheit' }, top);
    const created = await article({ sectionId: section, title: 'Two-factor sign-in', summary: 'Protect your account', body: '<p>Use an app.</p>' });
    expect(created.texts).toEqual([expect.objectContaining({ language: 'en', status: 'draft', publishedAt: null })]);

    // a draft is not public
    expect((await publicGet(`/article/open/content?id=${created.id}`)).status).toBe(404);
    expect((await publicGet(`/article/open/sections/${section}`)).body.data.articles).toEqual([]);

    const published = await asContent(`/console/articles/${created.id}/texts/en/publish`, {});
    expect(published.body.data.texts[0]).toMatchObject({ status: 'published', publishedAt: expect.any(String) });

    // German asks fall back to English until a German text is published
    const fallback = await publicGet(`/article/open/content?id=${created.id}`, 'de');
    expect(fallback.body.data).toMatchObject({ language: 'en', title: 'Two-factor sign-in', body: '<p>Use an app.</p>' });
    expect(fallback.body.data.section).toEqual({ id: section, title: 'Sicherheit' });
    expect(fallback.body.data.category).toEqual({ id: top, title: 'Konto' });

    await asContent(`/console/articles/${created.id}/texts/de`, { title: 'Zwei-Faktor-Anmeldung', body: '<p>Nutzen Sie eine App.</p>' });
    expect((await publicGet(`/article/open/content?id=${created.id}`, 'de')).body.data.language).toBe('en');
    await asContent(`/console/articles/${created.id}/texts/de/publish`, {});
    const german = await publicGet(`/article/open/content?id=${created.id}`, 'de');
    expect(german.body.data).toMatchObject({ language: 'de', title: 'Zwei-Faktor-Anmeldung' });
    expect((await publicGet(`/article/open/content?id=${created.id}`, 'fr')).body.data.language).toBe('en');

    const tree = (await publicGet('/article/open/categories', 'de')).body.data;
    expect(tree.find((entry: any) => entry.id === top)).toEqual({ id: top, title: 'Konto', sections: [{ id: section, title: 'Sicherheit', articleCount: 1 }] });
    const detail = (await publicGet(`/article/open/categories/${top}`)).body.data;
    expect(detail.sections[0].articles).toEqual([expect.objectContaining({ id: created.id, title: 'Two-factor sign-in', summary: 'Protect your account' })]);
    const sectionView = (await publicGet(`/article/open/sections/${section}`, 'de')).body.data;
    expect(sectionView).toMatchObject({ title: 'Sicherheit', category: { id: top, title: 'Konto' }, articles: [{ id: created.id, title: 'Zwei-Faktor-Anmeldung' }] });

    // unpublishing English leaves French readers without a text
    await asContent(`/console/articles/${created.id}/texts/en/unpublish`, {});
    expect((await publicGet(`/article/open/content?id=${created.id}`, 'fr')).status).toBe(404);
    expect((await publicGet(`/article/open/content?id=${created.id}`, 'de')).status).toBe(200);
  });

  it('finds a page by its code, as static pages and footer links do', async () => {
    const page = await article({ type: 'page', code: 'aboutus', title: 'About us', body: '<p>We are an exchange.</p>' });
    await asContent(`/console/articles/${page.id}/texts/en/publish`, {});
    const byCode = await publicGet('/article/open/content?code=aboutus&type=page');
    expect(byCode.body.data).toMatchObject({ id: page.id, code: 'aboutus', type: 'page', section: null, category: null });
    expect((await publicGet('/article/open/content?code=aboutus')).body.data.id).toBe(page.id);
    expect((await publicGet('/article/open/content?code=aboutus&type=help')).status).toBe(404);
    expect((await publicGet('/article/open/content?code=nothing-here')).body).toMatchObject({ code: 404, data: { field: 'code' } });
    expect((await publicGet('/article/open/content')).body).toMatchObject({ code: 400, data: { field: 'id' } });

    const taken = await asContent('/console/articles', { type: 'page', code: 'aboutus', language: 'en', title: 'Copy', body: '<p>x</p>' });
    expect(taken.status).toBe(409);
    expect(taken.body.data).toEqual({ field: 'code' });

    // two operators taking one code at the same moment: one wins, the other gets the same 409 (never a 500)
    const race = await Promise.all(
      [1, 2, 3].map((n) => asContent('/console/articles', { type: 'page', code: 'service', language: 'en', title: `Service ${n}`, body: '<p>x</p>' })),
    );
    expect(race.map((response) => response.status).sort()).toEqual([200, 409, 409]);
  });

  it('never returns a script, an event handler or a javascript: link from any read', async () => {
    const top = await category({ en: 'Deposits' });
    const section = await category({ en: 'Crypto deposits' }, top);
    const preview = await asContent('/console/articles/preview', { body: HOSTILE_BODY });
    expect(preview.body.data.body).not.toMatch(FORBIDDEN);
    expect(preview.body.data.body).toContain('<img alt="ok" src="https://cdn.example.com/ok.png" />');
    expect(preview.body.data.body).toContain('<a href="https://example.com" rel="noopener noreferrer">that</a>');

    const created = await article({ sectionId: section, title: '<b>Deposit</b> <script>alert(1)</script>guide', summary: '<img src=x onerror=alert(1)>Short', body: HOSTILE_BODY });
    expect(created.texts[0].title).toBe('Deposit guide');
    await asContent(`/console/articles/${created.id}/texts/de`, { title: 'Einzahlung', body: `<p>de</p>${HOSTILE_BODY}` });
    await asContent(`/console/articles/${created.id}/texts/en/publish`, {});
    await asContent(`/console/articles/${created.id}/texts/de/publish`, {});

    const reads = [
      await asContent(`/console/articles/${created.id}`),
      await asContent('/console/articles?size=100'),
      await publicGet(`/article/open/content?id=${created.id}`),
      await publicGet(`/article/open/content?id=${created.id}`, 'de'),
      await publicGet(`/article/open/sections/${section}`),
      await publicGet(`/article/open/categories/${top}`),
    ];
    for (const read of reads) {
      expect(read.status).toBe(200);
      expect(JSON.stringify(read.body)).not.toMatch(FORBIDDEN);
    }
    expect(reads[2]!.body.data.body).toContain('<h2>Deposits</h2>');
    // stored clean, not only answered clean
    const stored = await server.context.db.selectFrom('article_text').select('body').where('article_id', '=', created.id).execute();
    for (const row of stored) expect(row.body).not.toMatch(FORBIDDEN);
  });

  it('takes images an operator uploaded through the upload area and drops other local sources', async () => {
    const form = new FormData();
    form.append('type', 'article');
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f0b90b' } }).png().toBuffer();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'chart.png');
    const uploaded = await fetchJson(server.api('/cgform-api/upload/file'), { method: 'POST', headers: { 'Blade-Auth': `bearer ${content}` }, body: form });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const link: string = uploaded.body.data.link;
    expect(link.startsWith(UPLOAD_PREFIX)).toBe(true);
    const preview = await asContent('/console/articles/preview', { body: `<p><img src="${link}" alt="chart"><img src="/api/mjkj-web/console/me"></p>` });
    expect(preview.body.data.body).toBe(`<p><img alt="chart" src="${link}" /></p>`);
    // the public reads the image without a token
    const image = await fetch(`${server.baseUrl}${link}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('names the field of bad input in a 400 and changes nothing', async () => {
    const before = await server.context.db.selectFrom('article').select('id').execute();
    const cases: Array<[unknown, string, string?]> = [
      [{ type: 'help', language: 'en', title: '   ', body: '<p>x</p>' }, 'title', 'Please enter a title'],
      [{ type: 'help', language: 'en', title: '<script>x</script>', body: '<p>x</p>' }, 'title'],
      [{ type: 'help', language: 'en', title: 'T', body: '<script>only()</script>' }, 'body', 'Please enter the article text'],
      [{ type: 'help', language: 'en', title: 'T', body: '<p>x</p>', sectionId: 999999 }, 'sectionId', 'The section does not exist'],
      [{ type: 'help', language: 'en', title: 'x'.repeat(201), body: '<p>x</p>' }, 'title'],
      [{ type: 'help', language: 'en', title: 'T', body: 'x'.repeat(100_001) }, 'body'],
      [{ type: 'help', language: 'xx', title: 'T', body: '<p>x</p>' }, 'language'],
      [{ type: 'blog', language: 'en', title: 'T', body: '<p>x</p>' }, 'type'],
      [{ type: 'page', code: '12', language: 'en', title: 'T', body: '<p>x</p>' }, 'code'],
      [{ type: 'help', language: 'en', body: '<p>x</p>' }, 'title'],
      [{ type: 'help', language: 'en', title: 'T', body: '<p>x</p>', extra: 1 }, 'extra'],
    ];
    for (const [body, field, message] of cases) {
      const response = await asContent('/console/articles', body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.data).toEqual({ field });
      if (message) expect(response.body.msg).toBe(message);
    }
    const top = await category({ en: 'Top' });
    // a top-level category is not a section
    expect((await asContent('/console/articles', { type: 'help', language: 'en', title: 'T', body: '<p>x</p>', sectionId: top })).body.data).toEqual({ field: 'sectionId' });
    expect((await asContent('/console/articles/categories', { titles: { de: 'Nur Deutsch' } })).body.data).toEqual({ field: 'titles.en' });
    expect((await asContent('/console/articles/categories', { titles: { en: 'x'.repeat(101) } })).body.data).toEqual({ field: 'titles.en' });
    expect((await asContent('/console/articles/categories', { titles: { en: 'Child' }, parentId: 999999 })).body.data).toEqual({ field: 'parentId' });
    expect((await asContent('/console/articles?categoryId=999999')).body.data).toEqual({ field: 'categoryId' });
    const german = await asContent('/console/articles', { type: 'help', language: 'en', title: ' ', body: '<p>x</p>' }, 'de');
    expect(german.body.msg).toBe('Bitte geben Sie einen Titel ein');
    expect(await server.context.db.selectFrom('article').select('id').execute()).toEqual(before);
  });

  it('lets a content operator edit, refuses support (403), members and strangers (401)', async () => {
    const paths = ['/console/articles', '/console/articles/categories'];
    for (const path of paths) {
      expect((await asContent(path)).status).toBe(200);
      expect((await consoleCall(server, path, support)).status).toBe(403);
      expect((await consoleCall(server, path, server.mintToken('user', '1'))).status).toBe(401);
      expect((await consoleCall(server, path)).status).toBe(401);
    }
    const refused = await consoleCall(server, '/console/articles', support, { type: 'help', language: 'en', title: 'T', body: '<p>x</p>' });
    expect(refused.status).toBe(403);
    expect((await consoleCall(server, '/console/articles/preview', support, { body: '<p>x</p>' })).status).toBe(403);
  });

  it('audits every change with before and after', async () => {
    const top = await category({ en: 'Audit' });
    const created = await article({ title: 'Audited', body: '<p>one</p>' });
    await asContent(`/console/articles/${created.id}/texts/en`, { title: 'Audited twice', body: '<p>two</p>' });
    await asContent(`/console/articles/${created.id}/texts/en/publish`, {});
    await asContent(`/console/articles/${created.id}/texts/en/unpublish`, {});
    await asContent(`/console/articles/${created.id}`, { type: 'notice', sort: 5 });
    await asContent(`/console/articles/categories/${top}`, { titles: { en: 'Audit log' }, sort: 3 });
    await asContent(`/console/articles/${created.id}/delete`, {});
    await asContent(`/console/articles/categories/${top}/delete`, {});

    const one = async (action: string, target: string) => {
      const rows: Array<Record<string, any>> = (await auditRows(action)).filter((row) => row.target === target);
      expect(rows, `${action} ${target}`).toHaveLength(1);
      const row = rows[0]!;
      return { ...row, before: JSON.parse(row.before_json ?? 'null'), after: JSON.parse(row.after_json ?? 'null') } as Record<string, any>;
    };
    expect((await one('articles.category.create', `article_category:${top}`)).after).toMatchObject({ titles: { en: 'Audit' } });
    expect((await one('articles.create', `article:${created.id}`)).after).toMatchObject({ type: 'help', texts: [{ title: 'Audited' }] });
    const saved = await one('articles.text.save', `article:${created.id}:en`);
    expect(saved.before).toMatchObject({ title: 'Audited', body: '<p>one</p>' });
    expect(saved.after).toMatchObject({ title: 'Audited twice', body: '<p>two</p>' });
    expect(saved.operator_id).toBeTruthy();
    expect(saved.ip).toBeTruthy();
    expect(await one('articles.publish', `article:${created.id}:en`)).toMatchObject({ before: { status: 'draft' }, after: { status: 'published' } });
    expect(await one('articles.unpublish', `article:${created.id}:en`)).toMatchObject({ before: { status: 'published' }, after: { status: 'draft' } });
    expect(await one('articles.update', `article:${created.id}`)).toMatchObject({ before: { type: 'help', sort: 0 }, after: { type: 'notice', sort: 5 } });
    expect(await one('articles.category.update', `article_category:${top}`)).toMatchObject({ before: { titles: { en: 'Audit' } }, after: { titles: { en: 'Audit log' }, sort: 3 } });
    expect((await one('articles.delete', `article:${created.id}`)).before).toMatchObject({ id: created.id });
    expect((await one('articles.category.delete', `article_category:${top}`)).before).toMatchObject({ id: top });
  });

  it('keeps a category with sections and a section with articles', async () => {
    const top = await category({ en: 'Busy' });
    const section = await category({ en: 'Busy section' }, top);
    await article({ sectionId: section, title: 'Keeps it', body: '<p>x</p>' });
    for (const id of [top, section]) {
      const refused = await asContent(`/console/articles/categories/${id}/delete`, {});
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toBe('Remove its sections and articles first');
    }
    // a section may move to another category but not become a category
    const other = await category({ en: 'Other' });
    expect((await asContent(`/console/articles/categories/${section}`, { titles: { en: 'Moved' }, parentId: other })).status).toBe(200);
    expect((await asContent(`/console/articles/categories/${section}`, { titles: { en: 'Moved' }, parentId: null })).body.data).toEqual({ field: 'parentId' });
  });

  it('filters the console list by language, status and category', async () => {
    const top = await category({ en: 'Filters' });
    const section = await category({ en: 'Filter section' }, top);
    const english = await article({ sectionId: section, title: 'English only', body: '<p>x</p>' });
    const both = await article({ sectionId: section, title: 'Both', body: '<p>x</p>' });
    await asContent(`/console/articles/${both.id}/texts/fr`, { title: 'Les deux', body: '<p>x</p>' });
    await asContent(`/console/articles/${both.id}/texts/fr/publish`, {});
    const ids = async (query: string) => ((await asContent(`/console/articles?${query}`)).body.data.records as Array<{ id: number }>).map((row) => row.id);
    expect(await ids(`categoryId=${top}`)).toEqual([both.id, english.id]);
    expect(await ids(`categoryId=${section}&language=fr`)).toEqual([both.id]);
    expect(await ids(`categoryId=${top}&status=published`)).toEqual([both.id]);
    expect(await ids(`categoryId=${top}&language=en&status=published`)).toEqual([]);
    const page = (await asContent(`/console/articles?categoryId=${top}&size=1&page=2`)).body.data;
    expect(page).toMatchObject({ total: 2, size: 1, current: 2, pages: 2 });
    expect(page.records[0].texts[0]).not.toHaveProperty('body');
  });
});
