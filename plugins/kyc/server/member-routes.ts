import { ApiError, ERROR_CODES, type ServerRegistrar, type StoredUpload } from '../../../core/server';
import { IDENTITY_SERVICE, type IdentityService } from '../../identity/shared/service';
import {
  ID_NUMBER_MAX,
  ID_NUMBER_MIN,
  KYC_IMAGES,
  KYC_MINE_PATH,
  KYC_PUBLIC_CHECK_PATH,
  KYC_SUBMIT_PATH,
  REAL_NAME_MAX,
  type KycApplicationView,
  type KycAuthentication,
  type KycImage,
  type KycStatus,
  type KycSubmission,
} from '../shared/types';
import { findMemberByAccount } from './account-lookup';
import { Applications, isUniqueViolation, viewOf } from './applications';
import { reencodeIdImage } from './id-image';
import { idNumberLast4, normalizeIdNumber, type IdNumberHasher } from './id-number';
import type { KycImageStore } from './image-store';
import { RequestWindow } from './ip-window';
import type { MemberUploads } from './member-uploads';

const UPLOAD_ID_SCHEMA = { type: 'string', minLength: 1, maxLength: 36 };
const SUBMISSION_SCHEMA = {
  type: 'object',
  required: ['realName', 'idNumber', 'country', 'front', 'back', 'hand'],
  additionalProperties: false,
  properties: {
    realName: { type: 'string', minLength: 1, maxLength: REAL_NAME_MAX },
    idNumber: { type: 'string', minLength: 1, maxLength: 60 },
    country: { type: 'string', pattern: '^[A-Za-z]{2}$' },
    front: UPLOAD_ID_SCHEMA,
    back: UPLOAD_ID_SCHEMA,
    hand: UPLOAD_ID_SCHEMA,
    phone: UPLOAD_ID_SCHEMA,
  },
};

/** Anyone may ask; 30 questions a minute per IP keep it from becoming a bulk lookup of verified accounts. */
const PUBLIC_CHECKS_PER_MINUTE = 30;

export interface MemberRouteDeps {
  applications: Applications;
  images: KycImageStore;
  uploads: MemberUploads;
  hasher: IdNumberHasher;
}

function cleanRealName(value: string): string {
  const name = value.trim().replace(/\s+/g, ' ');
  // Letters of any script, marks, spaces and the punctuation names use.
  if (name.length === 0 || !/^[\p{L}\p{M}' .,-]+$/u.test(name)) throw ApiError.fieldInvalid('realName');
  return name;
}

function cleanIdNumber(value: string): string {
  const normalized = normalizeIdNumber(value);
  if (normalized.length < ID_NUMBER_MIN || normalized.length > ID_NUMBER_MAX || !/^[A-Z0-9]+$/.test(normalized)) {
    throw ApiError.fieldInvalid('idNumber');
  }
  return normalized;
}

export function registerMemberRoutes(registrar: ServerRegistrar, deps: MemberRouteDeps): void {
  const { context } = registrar;
  const { applications, images, uploads, hasher } = deps;
  const publicChecks = new RequestWindow(PUBLIC_CHECKS_PER_MINUTE, 60_000, () => context.now().getTime());

  registrar.route<unknown, KycSubmission, unknown, { status: KycStatus }>({
    method: 'POST',
    path: KYC_SUBMIT_PATH,
    auth: 'user',
    schema: { body: SUBMISSION_SCHEMA },
    async handler(request) {
      const memberId = request.principal!.id;
      const body = request.body;
      const realName = cleanRealName(body.realName);
      const idNumber = cleanIdNumber(body.idNumber);
      const given = KYC_IMAGES.filter((which) => body[which] !== undefined);
      const seen = new Set<string>();
      for (const which of given) {
        if (seen.has(body[which]!)) throw ApiError.fieldInvalid(which);
        seen.add(body[which]!);
      }
      const latest = await applications.latestOf(memberId);
      if (latest?.status === 'submitted') throw new ApiError(ERROR_CODES.conflict, 'kyc:alreadyOpen');
      if (latest?.status === 'approved') throw new ApiError(ERROR_CODES.conflict, 'kyc:alreadyApproved');

      const taken: StoredUpload[] = [];
      const stored: Partial<Record<KycImage, string>> = {};
      try {
        for (const which of given) {
          const upload = await uploads.read(memberId, body[which]!, which);
          taken.push(upload);
          stored[which] = await images.save(await reencodeIdImage(upload.bytes, which));
        }
        await applications.insert({
          memberId,
          realName,
          idNumberHash: await hasher.hash(idNumber),
          idNumberLast4: idNumberLast4(idNumber),
          country: body.country.toUpperCase(),
          images: stored as Record<'front' | 'back' | 'hand', string>,
          createdAt: context.now().toISOString(),
        });
      } catch (error) {
        await images.remove(Object.values(stored));
        if (isUniqueViolation(error)) throw new ApiError(ERROR_CODES.conflict, 'kyc:alreadyOpen');
        throw error;
      }
      // The originals leave the upload area, which serves files to anyone holding their id.
      await uploads.discard(taken).catch((error) => context.log.warn('consumed KYC uploads could not be removed', { error: String(error) }));
      return { status: 'submitted' };
    },
  });

  registrar.route<unknown, unknown, unknown, KycApplicationView | null>({
    method: 'GET',
    path: KYC_MINE_PATH,
    auth: 'user',
    async handler(request) {
      const latest = await applications.latestOf(request.principal!.id);
      return latest ? viewOf(latest) : null;
    },
  });

  registrar.route<{ account: string }, unknown, unknown, KycAuthentication>({
    method: 'GET',
    path: KYC_PUBLIC_CHECK_PATH,
    auth: 'public',
    schema: {
      querystring: { type: 'object', required: ['account'], properties: { account: { type: 'string', minLength: 1, maxLength: 254 } } },
    },
    async handler(request) {
      if (!publicChecks.admit(request.ip)) throw new ApiError(ERROR_CODES.rateLimited);
      const member = await findMemberByAccount(context.use<IdentityService>(IDENTITY_SERVICE), request.query.account.trim());
      return { authenticated: member !== null && (await applications.isApproved(member.id)) };
    },
  });
}
