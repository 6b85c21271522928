import { defineServerPlugin } from '../../../core/server';
import { KYC_SERVICE, type KycService } from '../shared/service';
import { Applications, viewOf } from './applications';
import { registerConsoleRoutes } from './console-routes';
import { IdNumberHasher } from './id-number';
import { KycImageStore } from './image-store';
import { registerMemberRoutes } from './member-routes';
import { MemberUploads } from './member-uploads';
import { KYC_MIGRATIONS } from './migrations';

export default defineServerPlugin({
  id: 'kyc',
  migrations: KYC_MIGRATIONS,
  register(registrar) {
    const { context } = registrar;
    const applications = new Applications(context.db);
    const images = new KycImageStore(context.dataDir);
    registerMemberRoutes(registrar, {
      applications,
      images,
      uploads: new MemberUploads(context.uploads),
      hasher: new IdNumberHasher(context.dataDir),
    });
    registerConsoleRoutes(registrar, { applications, images });
    const service: KycService = {
      async latestFor(memberId) {
        const row = await applications.latestOf(memberId);
        return row ? { id: String(row.id), ...viewOf(row) } : null;
      },
    };
    registrar.provide(KYC_SERVICE, service);
  },
});
