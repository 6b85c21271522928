import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects, fetchJson, type TestDialect } from './harness';
import { IMAGES, startKycServer, type KycTestServer } from './kyc-harness';

const dialects = await availableDialects();
let counter = 0;
const freshEmail = () => `kyc${Date.now().toString(36)}${(counter += 1)}@example.com`;

describe.each(dialects.map((dialect) => [dialect] as [TestDialect]))('KYC (%s)', (dialect) => {
  let server: KycTestServer;

  beforeAll(async () => {
    server = await startKycServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
    expect(server?.unexpectedErrors ?? []).toEqual([]);
  });

  async function uploadId(token: string, bytes: Buffer, name: string): Promise<string> {
    const response = await server.upload(token, bytes, name);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data.id;
  }

  async function threeImages(token: string) {
    return {
      front: await uploadId(token, await IMAGES.jpeg(), 'front.jpg'),
      back: await uploadId(token, await IMAGES.bmp(), 'back.bmp'),
      hand: await uploadId(token, await IMAGES.gif(), 'hand.gif'),
    };
  }

  const person = { realName: 'Anna Müller', idNumber: 'L01X00T47-9', country: 'de' };
  const submit = (token: string, body: unknown) => server.post('/coin/member/verified', body, token);
  const mine = (token: string) => server.get('/coin/member/getMemberOtherData/yhrzxx', token);
  const asOperator = (path: string, body?: unknown) =>
    body === undefined ? server.get(path, server.operatorToken) : server.post(path, body, server.operatorToken);

  it('accepts three good images, re-encodes them outside the public upload area and shows the state', async () => {
    const member = await server.signUp(freshEmail());
    expect((await mine(member.token)).body).toMatchObject({ code: 200, data: null });
    const images = await threeImages(member.token);
    const phone = await uploadId(member.token, await IMAGES.png(), 'phone.png');

    const submitted = await submit(member.token, { ...person, ...images, phone });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.data).toEqual({ status: 'submitted' });

    const state = await mine(member.token);
    expect(state.body.data).toMatchObject({ status: 'submitted', reason: null, realName: 'Anna Müller', idNumberMasked: '****T479', country: 'DE' });
    expect(JSON.stringify(state.body.data)).not.toContain('L01X00');

    // the originals are gone from the kernel's public upload route
    for (const id of [...Object.values(images), phone]) {
      expect((await fetchJson(server.api(`/cgform-api/file/${id}`))).status).toBe(404);
    }
    // the ID number is kept as a keyed hash and its last four characters only
    const row = await server.context.db.selectFrom('kyc_application').selectAll().where('member_id', '=', member.id).executeTakeFirstOrThrow();
    expect(row.id_number_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain('L01X00T479');
    // stored under server-made names; JPEG stays JPEG, BMP and GIF become PNG, metadata is dropped
    const stored = await readdir(join(server.dataDir, 'kyc', 'images'));
    expect(stored).toEqual(expect.arrayContaining([row.front_upload, row.back_upload, row.hand_upload, row.phone_upload]));
    expect(row.front_upload).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    expect(row.back_upload).toMatch(/\.png$/);
    expect(row.hand_upload).toMatch(/\.png$/);

    const front = await fetch(server.api(`/console/kyc/applications/${row.id}/image/front`), { headers: { 'Blade-Auth': `bearer ${server.operatorToken}` } });
    expect(front.status).toBe(200);
    expect(front.headers.get('content-type')).toBe('image/jpeg');
    expect(front.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await front.arrayBuffer());
    expect(bytes.includes(Buffer.from('secret-exif-marker'))).toBe(false);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    const back = await fetch(server.api(`/console/kyc/applications/${row.id}/image/back`), { headers: { 'Blade-Auth': `bearer ${server.operatorToken}` } });
    expect(back.headers.get('content-type')).toBe('image/png');
    expect(await sharp(Buffer.from(await back.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width: 64, height: 40 });
  });

  it('judges a file by its bytes: a PNG named .exe is a PNG, an HTML file named .jpg is refused', async () => {
    const member = await server.signUp(freshEmail());
    const hand = await uploadId(member.token, await IMAGES.png(), 'holding-id.exe');
    const images = { ...(await threeImages(member.token)), hand };
    expect((await submit(member.token, { ...person, ...images })).status).toBe(200);

    const html = await server.upload(member.token, await IMAGES.html(), 'front.jpg', 'image/jpeg');
    expect(html.status).toBe(415);
    expect(html.body).toMatchObject({ success: false, data: { field: 'file' } });
  });

  it('refuses a WEBP image (accepted by the upload area, not as an ID image) with 415 naming the image', async () => {
    const member = await server.signUp(freshEmail());
    const images = { ...(await threeImages(member.token)), back: await uploadId(member.token, await IMAGES.webp(), 'back.webp') };
    const response = await submit(member.token, { ...person, ...images });
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({ success: false, msg: 'Please upload a JPG, JPEG, PNG, BMP or GIF image', data: { field: 'back' } });
    const german = await fetchJson(server.api('/coin/member/verified'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Blade-Auth': `bearer ${member.token}`, 'mj-lang': 'de' },
      body: JSON.stringify({ ...person, ...images }),
    });
    expect(german.body.msg).toBe('Bitte laden Sie ein Bild im Format JPG, JPEG, PNG, BMP oder GIF hoch');
    expect((await mine(member.token)).body.data).toBeNull();
    // nothing half-applied: no application, no stored image
    const stored = await server.context.db.selectFrom('kyc_application').select('id').where('member_id', '=', member.id).execute();
    expect(stored).toEqual([]);
  });

  it('refuses a 6 MB JPEG with 413', async () => {
    const member = await server.signUp(freshEmail());
    const big = Buffer.concat([await IMAGES.jpeg(), Buffer.alloc(6 * 1024 * 1024)]);
    const response = await server.upload(member.token, big, 'big.jpg', 'image/jpeg');
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ success: false, data: { field: 'file' } });
  });

  it('names a missing image, a bad ID number and a foreign upload in a 400', async () => {
    const member = await server.signUp(freshEmail());
    const other = await server.signUp(freshEmail());
    const images = await threeImages(member.token);
    const { hand: _hand, ...withoutHand } = images;
    const missing = await submit(member.token, { ...person, ...withoutHand });
    expect(missing.status).toBe(400);
    expect(missing.body.data).toEqual({ field: 'hand' });

    const badNumber = await submit(member.token, { ...person, idNumber: '12', ...images });
    expect(badNumber.body.data).toEqual({ field: 'idNumber' });

    const foreign = await submit(other.token, { ...person, ...images });
    expect(foreign.status).toBe(400);
    expect(foreign.body.data).toEqual({ field: 'front' });

    const twice = await submit(member.token, { ...person, ...images, back: images.front });
    expect(twice.status).toBe(400);
    expect(twice.body.data).toEqual({ field: 'back' });
    expect((await mine(member.token)).body.data).toBeNull();
  });

  it('allows one open application at a time (409)', async () => {
    const member = await server.signUp(freshEmail());
    expect((await submit(member.token, { ...person, ...(await threeImages(member.token)) })).status).toBe(200);
    const again = await submit(member.token, { ...person, ...(await threeImages(member.token)) });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, msg: 'Your identity verification is being reviewed' });
  });

  it('runs the review: reject with a reason the member sees, resubmit, approve; each step audited', async () => {
    const member = await server.signUp(freshEmail());
    expect((await submit(member.token, { ...person, ...(await threeImages(member.token)) })).status).toBe(200);

    const queue = await asOperator('/console/kyc/applications?status=submitted&page=1&size=100');
    expect(queue.status).toBe(200);
    const ids = queue.body.data.records.map((record: { id: string }) => Number(record.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const item = queue.body.data.records.find((record: { memberId: string }) => record.memberId === member.id);
    expect(item).toMatchObject({ status: 'submitted', images: ['front', 'back', 'hand'], idNumberMasked: '****T479' });

    const noReason = await asOperator(`/console/kyc/applications/${item.id}/reject`, { reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.data).toEqual({ field: 'reason' });

    const rejected = await asOperator(`/console/kyc/applications/${item.id}/reject`, { reason: 'The photo of the back is blurred' });
    expect(rejected.status).toBe(200);
    expect((await mine(member.token)).body.data).toMatchObject({ status: 'rejected', reason: 'The photo of the back is blurred' });
    expect((await asOperator(`/console/kyc/applications/${item.id}/approve`, {})).status).toBe(409);

    const [rejectAudit] = (await server.auditRows('kyc.reject')).filter((row) => row.target === `kyc_application:${item.id}`);
    expect(JSON.parse(rejectAudit.before_json)).toEqual({ status: 'submitted' });
    expect(JSON.parse(rejectAudit.after_json)).toEqual({ status: 'rejected', reason: 'The photo of the back is blurred' });

    expect((await submit(member.token, { ...person, ...(await threeImages(member.token)) })).status).toBe(200);
    const second = (await mine(member.token)).body.data;
    expect(second).toMatchObject({ status: 'submitted', reason: null });
    const secondId = (await server.context.db.selectFrom('kyc_application').select('id').where('member_id', '=', member.id).orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    const approved = await asOperator(`/console/kyc/applications/${secondId}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', operatorId: expect.any(String) });
    expect((await mine(member.token)).body.data).toMatchObject({ status: 'approved', reason: null, reviewedAt: expect.any(String) });
    expect((await submit(member.token, { ...person, ...(await threeImages(member.token)) })).status).toBe(409);

    const approveAudit = (await server.auditRows('kyc.approve')).find((row) => row.target === `kyc_application:${secondId}`);
    expect(JSON.parse(approveAudit!.after_json)).toEqual({ status: 'approved', reason: null });
    expect((await server.auditRows('kyc.list')).length).toBeGreaterThan(0);

    const detail = await asOperator(`/console/kyc/applications/${secondId}`);
    expect(detail.body.data).toMatchObject({ id: String(secondId), status: 'approved' });
    expect((await server.auditRows('kyc.view')).some((row) => row.target === `kyc_application:${secondId}`)).toBe(true);
  });

  it('keeps operator routes and images from members and strangers (401), audits image views', async () => {
    const member = await server.signUp(freshEmail());
    expect((await submit(member.token, { ...person, ...(await threeImages(member.token)) })).status).toBe(200);
    const row = await server.context.db.selectFrom('kyc_application').select('id').where('member_id', '=', member.id).executeTakeFirstOrThrow();
    const paths = [
      '/console/kyc/applications',
      `/console/kyc/applications/${row.id}`,
      `/console/kyc/applications/${row.id}/image/front`,
    ];
    for (const path of paths) {
      expect((await server.get(path, member.token)).status).toBe(401);
      expect((await server.get(path)).status).toBe(401);
    }
    expect((await server.post(`/console/kyc/applications/${row.id}/approve`, {}, member.token)).status).toBe(401);
    expect((await server.post(`/console/kyc/applications/${row.id}/reject`, { reason: 'x' }, member.token)).status).toBe(401);

    const before = (await server.auditRows('kyc.image.view')).length;
    const image = await fetch(server.api(`/console/kyc/applications/${row.id}/image/hand`), { headers: { 'Blade-Auth': `bearer ${server.operatorToken}` } });
    expect(image.status).toBe(200);
    const views = await server.auditRows('kyc.image.view');
    expect(views.length).toBe(before + 1);
    expect(views.at(-1)).toMatchObject({ target: `kyc_application:${row.id}:hand`, operator_id: expect.anything() });
    expect((await server.get(`/console/kyc/applications/${row.id}/image/phone`, server.operatorToken)).status).toBe(404);
    expect((await server.get(`/console/kyc/applications/999999`, server.operatorToken)).status).toBe(404);
  });

  it('answers getAuthentication with one shape for verified, unverified and unknown accounts', async () => {
    const email = freshEmail();
    const member = await server.signUp(email);
    const check = (account: string) => fetchJson(`${server.api('/coin/open/getAuthentication')}?${new URLSearchParams({ account })}`);
    expect((await check(email)).body.data).toEqual({ authenticated: false });
    expect((await check('nobody@example.com')).body.data).toEqual({ authenticated: false });

    expect((await submit(member.token, { ...person, ...(await threeImages(member.token)) })).status).toBe(200);
    const row = await server.context.db.selectFrom('kyc_application').select('id').where('member_id', '=', member.id).executeTakeFirstOrThrow();
    expect((await asOperator(`/console/kyc/applications/${row.id}/approve`, {})).status).toBe(200);
    expect((await check(email)).body.data).toEqual({ authenticated: true });
    expect((await check(member.uid)).body.data).toEqual({ authenticated: true });
    // a part of the address is not the account
    expect((await check(email.slice(0, 8))).body.data).toEqual({ authenticated: false });
    expect((await fetchJson(server.api('/coin/open/getAuthentication'))).status).toBe(400);
  });
});
