import { describe, expect, it } from 'vitest';
import type { HttpClient, HttpOptions } from '../../../core/plugin-api';
import { KycSubmitError, submitKyc, validateKycForm, type KycFormValues } from './kyc-form';

const file = (name: string, type: string, size = 100) => new File([new Uint8Array(size)], name, { type });
const good = (): KycFormValues => ({
  realName: 'Anna Müller',
  idNumber: 'L01X-00T47',
  country: 'DE',
  images: { front: file('front.jpg', 'image/jpeg'), back: file('back.png', 'image/png'), hand: file('hand.gif', 'image/gif') },
});

function fakeHttp(fail?: { path: string; error: object }) {
  const calls: Array<{ method: string; path: string; body: unknown; options?: HttpOptions }> = [];
  let uploads = 0;
  const answer = async (method: string, path: string, body: unknown, options?: HttpOptions) => {
    calls.push({ method, path, body, options });
    if (fail && fail.path === path && (method !== 'upload' || uploads === 1)) throw fail.error;
    if (method === 'upload') return { id: `upload-${(uploads += 1)}` };
    return { status: 'submitted' };
  };
  const http: HttpClient = {
    get: (path, options) => answer('get', path, undefined, options) as never,
    post: (path, body, options) => answer('post', path, body, options) as never,
    upload: (path, form, options) => answer('upload', path, form, options) as never,
    download: (path, body, options) => answer('download', path, body, options) as never,
  };
  return { http, calls };
}

describe('validateKycForm', () => {
  it('accepts a complete form', () => {
    expect(validateKycForm(good())).toEqual({});
  });

  it('names each missing or wrong field with its message key', () => {
    expect(validateKycForm({ realName: ' ', idNumber: '', country: '', images: {} })).toEqual({
      realName: 'form.realNameRequired',
      idNumber: 'form.idNumberRequired',
      country: 'form.countryRequired',
      front: 'form.imageRequired',
      back: 'form.imageRequired',
      hand: 'form.imageRequired',
    });
    const values = good();
    values.idNumber = 'AB!';
    values.images.front = file('front.pdf', 'application/pdf');
    values.images.back = file('back.jpg', 'image/jpeg', 6 * 1024 * 1024);
    values.images.phone = file('phone.webp', 'image/webp');
    expect(validateKycForm(values)).toEqual({ idNumber: 'form.idNumberInvalid', front: 'idImageType', back: 'idImageSize', phone: 'idImageType' });
  });
});

describe('submitKyc', () => {
  it('uploads each image with purpose "kyc", then submits the application with the upload ids', async () => {
    const { http, calls } = fakeHttp();
    const values = good();
    values.images.phone = file('phone.bmp', 'image/bmp');
    expect(await submitKyc(http, values)).toEqual({ status: 'submitted' });
    const uploads = calls.filter((call) => call.method === 'upload');
    expect(uploads.map((call) => call.path)).toEqual(Array(4).fill('/cgform-api/upload/file'));
    const form = uploads[0].body as FormData;
    expect(form.get('type')).toBe('kyc');
    expect((form.get('file') as File).name).toBe('front.jpg');
    expect(calls.at(-1)).toMatchObject({
      method: 'post',
      path: '/coin/member/verified',
      body: { realName: 'Anna Müller', idNumber: 'L01X-00T47', country: 'DE', front: 'upload-1', back: 'upload-2', hand: 'upload-3', phone: 'upload-4' },
    });
  });

  it('reports a refused upload at its image and a refused field at that field', async () => {
    const upload = fakeHttp({ path: '/cgform-api/upload/file', error: { code: 415, msg: 'Only images', field: 'file' } });
    const refused = await submitKyc(upload.http, good()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(KycSubmitError);
    expect(refused).toMatchObject({ field: 'back', message: 'Only images' });
    expect(upload.calls.some((call) => call.method === 'post')).toBe(false);

    const server = fakeHttp({ path: '/coin/member/verified', error: { code: 400, msg: 'This field is invalid', field: 'idNumber' } });
    expect(await submitKyc(server.http, good()).catch((error: unknown) => error)).toMatchObject({ field: 'idNumber', message: 'This field is invalid' });
    const conflict = fakeHttp({ path: '/coin/member/verified', error: { code: 409, msg: 'Under review' } });
    expect(await submitKyc(conflict.http, good()).catch((error: unknown) => error)).toMatchObject({ field: undefined, message: 'Under review' });
  });
});
