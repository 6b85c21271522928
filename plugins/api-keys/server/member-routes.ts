import { ApiError, ERROR_CODES, type ServerRegistrar } from '../../../core/server';
import { IDENTITY_SERVICE, type IdentityService } from '../../identity/shared/service';
import { API_KEYS_PATHS, IPS_PER_KEY_MAX, LABEL_MAX, type ApiKeyCreation, type ApiKeyView, type CreatedApiKey } from '../shared/types';
import { normalizeIpEntry } from './ip-allow-list';
import type { KeyStore } from './key-store';

const CREATION_SCHEMA = {
  type: 'object',
  required: ['label', 'tradePassword'],
  additionalProperties: false,
  properties: {
    label: { type: 'string', maxLength: 200 },
    trade: { type: 'boolean' },
    ips: { type: 'array', items: { type: 'string', maxLength: 60 }, maxItems: 100 },
    tradePassword: { type: 'string', maxLength: 64 },
    googleCode: { type: 'string', maxLength: 12 },
  },
};

function cleanLabel(value: string): string {
  const label = value.trim().replace(/\s+/g, ' ');
  if (label.length === 0) throw new ApiError(ERROR_CODES.badRequest, 'api-keys:labelRequired', { field: 'label' });
  if (label.length > LABEL_MAX || /\p{Cc}/u.test(label)) {
    throw new ApiError(ERROR_CODES.badRequest, 'api-keys:labelInvalid', { field: 'label', params: { max: LABEL_MAX } });
  }
  return label;
}

/** Canonical, without duplicates; a bad entry is named in the message. */
function cleanIps(values: string[]): string[] {
  const entries = new Set<string>();
  for (const value of values) {
    if (value.trim() === '') continue;
    const entry = normalizeIpEntry(value);
    if (!entry) throw new ApiError(ERROR_CODES.badRequest, 'api-keys:ipInvalid', { field: 'ips', params: { ip: value.trim().slice(0, 60) } });
    entries.add(entry);
  }
  if (entries.size > IPS_PER_KEY_MAX) throw new ApiError(ERROR_CODES.badRequest, 'api-keys:tooManyIps', { field: 'ips', params: { max: IPS_PER_KEY_MAX } });
  return [...entries];
}

export function registerMemberRoutes(registrar: ServerRegistrar, keys: KeyStore): void {
  const identity = () => registrar.context.use<IdentityService>(IDENTITY_SERVICE);

  registrar.route<unknown, unknown, unknown, ApiKeyView[]>({
    method: 'GET',
    path: API_KEYS_PATHS.list,
    auth: 'user',
    handler: (request) => keys.listOf(request.principal!.id),
  });

  registrar.route<unknown, ApiKeyCreation, unknown, CreatedApiKey>({
    method: 'POST',
    path: API_KEYS_PATHS.create,
    auth: 'user',
    schema: { body: CREATION_SCHEMA },
    async handler(request) {
      const memberId = request.principal!.id;
      const label = cleanLabel(request.body.label);
      const ips = cleanIps(request.body.ips ?? []);
      // A key may trade: creating one needs the same proof as moving funds.
      await identity().authorizeFunds(memberId, { tradePassword: request.body.tradePassword, googleCode: request.body.googleCode });
      return keys.create(memberId, { label, trade: request.body.trade === true, ips });
    },
  });

  registrar.route<unknown, unknown, { id: string }, null>({
    method: 'POST',
    path: `${API_KEYS_PATHS.remove}/{id}`,
    auth: 'user',
    schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 20 } } } },
    async handler(request) {
      if (!(await keys.remove(request.principal!.id, request.params.id))) throw new ApiError(ERROR_CODES.notFound, 'api-keys:notFound');
      return null;
    },
  });
}
