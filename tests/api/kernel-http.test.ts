import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects, fetchJson, startTestServer, type TestServer } from './harness';

const dialects = await availableDialects();

describe.each(dialects)('kernel HTTP conventions (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(async () => {
    expect(server.unexpectedErrors).toEqual([]);
    await server.close();
  });

  it('answers the health check in the envelope', async () => {
    const response = await fetchJson(`${server.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ code: 200, success: true, msg: 'success', data: { status: 'ok' } });
  });

  it('answers unknown API routes with a 404 envelope in the request language', async () => {
    const english = await fetchJson(server.api('/no/such/route'));
    expect(english.status).toBe(404);
    expect(english.body).toEqual({ code: 404, success: false, msg: 'Not found', data: null });
    const korean = await fetchJson(server.api('/no/such/route'), { method: 'POST', headers: { 'mj-lang': 'ko' } });
    expect(korean.status).toBe(404);
    expect(korean.body.msg).toBe('찾을 수 없습니다');
  });

  it('rejects a malformed JSON body with a 400 envelope', async () => {
    const response = await fetchJson(server.api('/console/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mj-lang': 'fr' },
      body: '{"username": "admin", ',
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 400, success: false, msg: "Le corps de la requête n'est pas un JSON valide" });
  });

  it('rejects an oversize body with a 413 envelope', async () => {
    const response = await fetchJson(server.api('/console/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'x'.repeat(1100 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 413, success: false, msg: 'The request is too large' });
  });

  it('rejects an unsupported content type with a 415 envelope', async () => {
    const response = await fetchJson(server.api('/console/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-thing' },
      body: 'username=admin',
    });
    expect(response.status).toBe(415);
    expect(response.body.success).toBe(false);
  });

  it('names the missing body field, translated (German, Turkish, Traditional Chinese)', async () => {
    const ask = (language: string) =>
      fetchJson(server.api('/console/auth/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'mj-lang': language },
        body: JSON.stringify({ username: 'admin' }),
      });
    const german = await ask('de');
    expect(german.status).toBe(400);
    expect(german.body).toEqual({ code: 400, success: false, msg: 'password ist erforderlich', data: { field: 'password' } });
    expect((await ask('tr')).body.msg).toBe('password alanı zorunludur');
    expect((await ask('zh-TW')).body.msg).toBe('password 為必填項');
  });

  it('falls back to the site language for an unknown mj-lang', async () => {
    const response = await fetchJson(server.api('/cgform-api/getData/nav?order=up'), { headers: { 'mj-lang': 'xx' } });
    expect(response.body.msg).toBe('order must be one of: asc, desc');
  });

  it('states the limit a field broke, in the caller\'s language', async () => {
    const ask = (query: string, language: string) => fetchJson(server.api(`/cgform-api/getData/nav?${query}`), { headers: { 'mj-lang': language } });
    const german = await ask('order=up', 'de');
    expect(german.status).toBe(400);
    expect(german.body).toEqual({ code: 400, success: false, msg: 'order muss einer dieser Werte sein: asc, desc', data: { field: 'order' } });
    expect((await ask('order=up', 'ja')).body.msg).toBe('order は次のいずれかにしてください：asc, desc');
    expect((await ask('pageNo=0', 'en')).body).toMatchObject({ msg: 'pageNo must be at least 1', data: { field: 'pageNo' } });
  });

  it('compresses large JSON answers when the client accepts it', async () => {
    const response = await fetch(server.api('/coin/open/get/phone/areaCode'), { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect((await response.json()).data.length).toBeGreaterThanOrEqual(40);
  });

  it('runs the multipart hooks on the upload routes only, and no request decompression', () => {
    const hooksOf = (route: string) => {
      const lines = server.server.app.printRoutes({ includeHooks: true, commonPrefix: false }).split('\n');
      const first = lines.findIndex((line) => line.includes(`${route} (`));
      const end = lines.findIndex((line, index) => index > first && line.startsWith('├──'));
      return lines.slice(first + 1, end).filter((line) => line.includes('• (')).map((line) => line.slice(line.indexOf('(') + 1, line.indexOf(')')));
    };
    expect(new Set(hooksOf('/api/health'))).toEqual(new Set(['onRequest', 'onSend']));
    expect(hooksOf(`/api/${server.head}/cgform-api/upload/file`)).toContain('onResponse');
  });

  it('ignores an invalid token on public routes', async () => {
    const response = await fetchJson(`${server.baseUrl}/api/health`, { headers: { 'blade-auth': 'bearer not.a.token' } });
    expect(response.status).toBe(200);
  });
});
