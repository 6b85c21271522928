import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects, fetchJson, startTestServer, type TestServer } from './harness';

const dialects = await availableDialects();

/** A 1×1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

function form(bytes: Buffer, fileName: string, type = 'idcard', claimedType = 'application/octet-stream'): FormData {
  const body = new FormData();
  body.append('type', type);
  body.append('file', new Blob([new Uint8Array(bytes)], { type: claimedType }), fileName);
  return body;
}

describe.each(dialects)('uploads (%s)', (dialect) => {
  let server: TestServer;
  let userToken: string;
  const upload = (body: FormData, token: string | null = userToken, language = 'en') =>
    fetchJson(server.api('/cgform-api/upload/file'), {
      method: 'POST',
      body,
      headers: { 'mj-lang': language, ...(token ? { 'blade-auth': `bearer ${token}` } : {}) },
    });

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    userToken = server.mintToken('user', '42');
  });
  afterAll(async () => {
    expect(server.unexpectedErrors).toEqual([]);
    await server.close();
  });

  it('stores a PNG renamed .exe as a PNG and serves it back with the sniffed type', async () => {
    const { status, body } = await upload(form(PNG, 'holiday.exe', 'idcard', 'application/x-msdownload'));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ mime: 'image/png', size: PNG.length });
    expect(body.data.link).toMatch(new RegExp(`^/api/${server.head}/cgform-api/file/[0-9a-f-]{36}$`));
    const stored = await readdir(join(server.dataDir, 'uploads'));
    expect(stored).toEqual([`${body.data.id}.png`]);
    const row = await server.context.db.selectFrom('upload').selectAll().where('id', '=', body.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ owner_kind: 'user', owner_id: '42', purpose: 'idcard', original_name: 'holiday.exe', mime: 'image/png' });

    const served = await fetch(`${server.baseUrl}${body.data.link}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('accepts a PDF from an operator', async () => {
    const { status, body } = await upload(form(PDF, 'terms.pdf', 'document'), server.mintToken('operator', '1'));
    expect(status).toBe(200);
    expect(body.data.mime).toBe('application/pdf');
  });

  it('rejects an HTML file renamed .jpg with 415', async () => {
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const { status, body } = await upload(form(html, 'photo.jpg', 'idcard', 'image/jpeg'), userToken, 'de');
    expect(status).toBe(415);
    expect(body).toEqual({
      code: 415,
      success: false,
      msg: 'Nur JPG-, PNG-, BMP-, GIF- und WEBP-Bilder oder PDF-Dateien werden akzeptiert',
      data: { field: 'file' },
    });
  });

  it('rejects a file over 5 MB with 413 and stores nothing', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const before = await server.context.db.selectFrom('upload').select(({ fn }) => fn.countAll().as('n')).executeTakeFirstOrThrow();
    const { status, body } = await upload(form(big, 'big.png'));
    expect(status).toBe(413);
    expect(body).toEqual({ code: 413, success: false, msg: 'The file cannot be larger than 5 MB', data: { field: 'file' } });
    const french = await upload(form(big, 'big.png'), userToken, 'fr');
    expect(french.body.msg).toBe('Le fichier ne peut pas dépasser 5 Mo');
    const after = await server.context.db.selectFrom('upload').select(({ fn }) => fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('requires a valid token', async () => {
    const anonymous = await upload(form(PNG, 'a.png'), null, 'ja');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ code: 401, success: false, msg: 'ログインしてください', data: null });
    const forged = await upload(form(PNG, 'a.png'), `${userToken.slice(0, -4)}AAAA`);
    expect(forged.status).toBe(401);
    const otherSecret = await upload(form(PNG, 'a.png'), 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIn0.c2ln');
    expect(otherSecret.status).toBe(401);
  });

  it('rejects a missing file, a bad type and a non-multipart body', async () => {
    const noFile = new FormData();
    noFile.append('type', 'idcard');
    expect((await upload(noFile)).body).toMatchObject({ code: 400, data: { field: 'file' } });
    expect((await upload(form(PNG, 'a.png', '../../etc'))).body).toMatchObject({ code: 400, data: { field: 'type' } });
    const json = await fetchJson(server.api('/cgform-api/upload/file'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'blade-auth': `bearer ${userToken}` },
      body: '{}',
    });
    expect(json.status).toBe(415);
  });

  it('answers 404 for an unknown upload id and 400 for a malformed one', async () => {
    expect((await fetchJson(server.api('/cgform-api/file/00000000-0000-4000-8000-000000000000'))).status).toBe(404);
    expect((await fetchJson(server.api('/cgform-api/file/..%2F..%2Fbourse.sqlite'))).status).toBe(400);
  });
});
