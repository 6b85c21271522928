// Shared set-up of the KYC and identity-console API tests: a server with identity, kyc and identity-console,
// real members signed up through the identity endpoints, an operator signed in, and KYC image fixtures.
import sharp from 'sharp';
import consoleCoreManifest from '../../plugins/console-core/plugin';
import consoleCoreServer from '../../plugins/console-core/server';
import identityConsoleManifest from '../../plugins/identity-console/plugin';
import identityConsoleServer from '../../plugins/identity-console/server';
import identityManifest from '../../plugins/identity/plugin';
import { createIdentityServer } from '../../plugins/identity/server';
import kycManifest from '../../plugins/kyc/plugin';
import { encodeBmp24 } from '../../plugins/kyc/server/bmp';
import kycServer from '../../plugins/kyc/server';
import { signInAndBindTotp } from './console-harness';
import { memberSignUps, type SignedUpMember } from './member-sign-up';
import { fetchJson, startTestServer, TEST_OPERATOR_PASSWORD, type JsonResponse, type TestDialect, type TestServer } from './harness';

export const MEMBER_PASSWORD = 'Quiet-Lantern-73';

export interface KycTestServer extends TestServer {
  /** Signs up a member (code from the development mailbox) and returns its id, uid and a user token. */
  signUp(email: string): Promise<SignedUpMember>;
  operatorToken: string;
  /** Uploads a file through the kernel's upload route as that user. */
  upload(token: string, bytes: Buffer, fileName: string, contentType?: string): Promise<JsonResponse>;
  get(path: string, token?: string): Promise<JsonResponse>;
  post(path: string, body: unknown, token?: string): Promise<JsonResponse>;
  auditRows(action: string): Promise<Array<Record<string, any>>>;
}

const auth = (token?: string): Record<string, string> => (token ? { 'Blade-Auth': `bearer ${token}` } : {});

export async function startKycServer(dialect: TestDialect): Promise<KycTestServer> {
  const server = await startTestServer({
    dialect,
    extraPlugins: [
      { manifest: identityManifest, server: createIdentityServer({ transports: {} }) },
      { manifest: kycManifest, server: kycServer },
      { manifest: consoleCoreManifest, server: consoleCoreServer },
      { manifest: identityConsoleManifest, server: identityConsoleServer },
    ],
  });
  const get = (path: string, token?: string) => fetchJson(server.api(path), { headers: auth(token) });
  const post = (path: string, body: unknown, token?: string) =>
    fetchJson(server.api(path), { method: 'POST', headers: { 'content-type': 'application/json', ...auth(token) }, body: JSON.stringify(body) });

  const operator = await signInAndBindTotp(server, 'admin', TEST_OPERATOR_PASSWORD);

  return Object.assign(server, {
    operatorToken: operator.token,
    get,
    post,
    signUp: memberSignUps(server, { password: MEMBER_PASSWORD, network: 1 }),
    upload(token: string, bytes: Buffer, fileName: string, contentType = 'application/octet-stream') {
      const form = new FormData();
      form.append('type', 'kyc');
      form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), fileName);
      return fetchJson(server.api('/cgform-api/upload/file'), { method: 'POST', headers: auth(token), body: form });
    },
    auditRows: (action: string) =>
      server.context.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'asc').execute(),
  });
}

/** A small picture with some structure, so encoders have something to keep. */
function pattern(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      data[at] = (x * 7) & 255;
      data[at + 1] = (y * 5) & 255;
      data[at + 2] = ((x + y) * 3) & 255;
    }
  }
  return data;
}

const raw = () => sharp(pattern(64, 40), { raw: { width: 64, height: 40, channels: 3 } });

export const IMAGES = {
  jpeg: () => raw().jpeg().withMetadata({ exif: { IFD0: { Copyright: 'secret-exif-marker' } } }).toBuffer(),
  png: () => raw().png().toBuffer(),
  gif: () => raw().gif().toBuffer(),
  webp: () => raw().webp().toBuffer(),
  bmp: async () => encodeBmp24(64, 40, (x, y) => [(x * 7) & 255, (y * 5) & 255, ((x + y) * 3) & 255]),
  html: async () => Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
};
