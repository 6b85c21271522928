import { defineServerPlugin } from '../../../core/server';
import { IDENTITY_SERVICE, type IdentityService } from '../../identity/shared/service';
import { API_KEYS_SERVICE, type ApiKeysService } from '../shared/service';
import { createAuthenticator } from './authenticator';
import { KeyStore } from './key-store';
import { registerMemberRoutes } from './member-routes';
import { API_KEYS_MIGRATIONS } from './migrations';
import { registerPublicRoutes } from './public-routes';
import { SecretBox } from './secret-box';
import { SystemKeys } from './system-keys';
import { WeightLimit } from './weight-limit';

/** Binance's default request weight per minute. */
export const WEIGHT_PER_MINUTE = 1200;

export default defineServerPlugin({
  id: 'api-keys',
  migrations: API_KEYS_MIGRATIONS,
  register(registrar) {
    const { context } = registrar;
    const keys = new KeyStore(context.db, new SecretBox(context.dataDir), () => context.now());
    registerMemberRoutes(registrar, keys);
    registerPublicRoutes(registrar);
    const system = new SystemKeys(() => context.now());
    const service: ApiKeysService = {
      authenticate: createAuthenticator({
        keys,
        system,
        limit: new WeightLimit(WEIGHT_PER_MINUTE, () => context.now().getTime()),
        now: () => context.now(),
        memberActive: async (memberId) => (await context.use<IdentityService>(IDENTITY_SERVICE).getMember(memberId))?.status === 'active',
      }),
      issueSystemKey: (memberId, label) => system.issue(memberId, label),
      revokeSystemKey: (apiKey) => system.revoke(apiKey),
    };
    registrar.provide(API_KEYS_SERVICE, service);
  },
});
