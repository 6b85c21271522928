import { ApiError, ERROR_CODES, isClientAuthorized, type ApiRequest, type RawJsonResult, type Principal, type ServerContext } from '../../../core/server';
import type { TokenGrantResponse } from '../shared/types';
import { loginAccount } from './accounts';
import type { createPasswordLogin } from './login';
import { findMemberById } from './members';
import { revokeFamily, rotateRefreshToken } from './refresh-tokens';

/** Signs an access token for a principal with the kernel's secret. */
export type AccessTokenIssuer = (principal: Principal) => { token: string; expiresIn: number };

type Params = Record<string, unknown>;

const DEVICE_ID_RE = /^[A-Za-z0-9_-]{1,128}$/;
const MAX_FIELD = 256;

function header(request: ApiRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Credentials may come in the query (as the web sends them) or a JSON body; the body wins. */
export function grantParams(request: ApiRequest): Params {
  const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Params) : {};
  return { ...(request.query as Params), ...body };
}

function text(params: Params, field: string, required = true): string | undefined {
  const value = params[field];
  if (value === undefined || value === null || value === '') {
    if (required) throw ApiError.fieldRequired(field);
    return undefined;
  }
  if (typeof value !== 'string' || value.length > MAX_FIELD) throw ApiError.fieldInvalid(field);
  return value;
}

/** Basic client credentials (401) and the tenant in both the Tenant-Id header and the tenantId query (400). */
export function checkClientAndTenant(request: ApiRequest, params: Params, site: ServerContext['site']): void {
  if (!isClientAuthorized(request.headers.authorization, site)) {
    throw new ApiError(ERROR_CODES.unauthorized, 'identity:clientUnauthorized');
  }
  const tenantHeader = header(request, 'tenant-id');
  if (tenantHeader !== site.api.tenantId) throw new ApiError(ERROR_CODES.badRequest, 'identity:tenantMismatch', { field: 'Tenant-Id' });
  if (params.tenantId !== site.api.tenantId) throw new ApiError(ERROR_CODES.badRequest, 'identity:tenantMismatch', { field: 'tenantId' });
  if (text(params, 'type') !== 'account') throw ApiError.fieldInvalid('type');
  text(params, 'scope', false);
}

/** The OAuth answer is sent as such, not in the envelope, and never cached (RFC 6749 §5.1). */
function oauthResponse(grant: TokenGrantResponse): RawJsonResult {
  return { kind: 'raw-json', body: grant };
}

const refreshRefused = () => new ApiError(ERROR_CODES.unauthorized, 'identity:refreshInvalid');

export function tokenHandler(deps: {
  context: ServerContext;
  login: ReturnType<typeof createPasswordLogin>;
  issue: AccessTokenIssuer;
}) {
  const { context } = deps;

  const grant = (member: { id: number; uid: string }, familyId: string, refreshToken: string, account: string): RawJsonResult => {
    const now = context.now();
    const access = deps.issue({ kind: 'user', id: String(member.id), sessionId: familyId });
    return oauthResponse({
      access_token: access.token,
      refresh_token: refreshToken,
      token_type: 'bearer',
      expires_in: access.expiresIn,
      user_id: String(member.id),
      uid: member.uid,
      account,
      tenant_id: context.site.api.tenantId,
      datetime: now.getTime(),
    });
  };

  return async (request: ApiRequest): Promise<RawJsonResult> => {
    const params = grantParams(request);
    checkClientAndTenant(request, params, context.site);
    const grantType = text(params, 'grant_type');

    if (grantType === 'password') {
      const username = text(params, 'username')!;
      const password = text(params, 'password')!;
      const deviceId = text(params, 'deviceId', false) ?? null;
      if (deviceId !== null && !DEVICE_ID_RE.test(deviceId)) throw ApiError.fieldInvalid('deviceId');
      const areaCode = text(params, 'areaCode', false) ?? context.site.areaCode;
      const result = await deps.login({
        ref: loginAccount(username, areaCode),
        password,
        deviceId,
        ip: request.ip,
        userAgent: header(request, 'user-agent') ?? null,
      });
      return grant(result.member, result.familyId, result.refreshToken, result.account);
    }

    if (grantType === 'refresh_token') {
      const presented = text(params, 'refresh_token')!;
      const now = context.now();
      const rotation = await rotateRefreshToken(context.db, presented, now);
      if (!rotation.ok) throw refreshRefused();
      const member = await findMemberById(context.db, rotation.memberId);
      if (!member || member.status !== 'active') {
        await revokeFamily(context.db, rotation.familyId, now);
        throw refreshRefused();
      }
      const account = member.email ?? `+${member.area_code} ${member.phone}`;
      return grant(member, rotation.familyId, rotation.refreshToken, account);
    }

    throw ApiError.fieldInvalid('grant_type');
  };
}
