import { ApiError, ERROR_CODES, ROW_ID_SCHEMA, notFoundError, PAGE_NUMBER_SCHEMA, pageOf, type ApiRequest, type FileResult, type Page, type ServerRegistrar } from '../../../core/server';
import { KYC_IMAGES, KYC_QUEUE_PATH, KYC_STATUSES, type KycImage, type KycReviewItem, type KycStatus } from '../shared/types';
import { Applications, reviewItemOf, type ApplicationRow } from './applications';
import type { KycImageStore } from './image-store';

const ID_PARAMS = { type: 'object', required: ['id'], properties: { id: ROW_ID_SCHEMA } };
const REASON_MAX = 500;

export interface ConsoleRouteDeps {
  applications: Applications;
  images: KycImageStore;
}

export function registerConsoleRoutes(registrar: ServerRegistrar, deps: ConsoleRouteDeps): void {
  const { context } = registrar;
  const { applications, images } = deps;

  const audit = (request: ApiRequest, action: string, target: string, before?: unknown, after?: unknown) =>
    context.audit.record({ operatorId: request.principal!.id, action, target, before, after, ip: request.ip });

  const find = async (id: number): Promise<ApplicationRow> => {
    const row = await applications.byId(id);
    if (!row) throw notFoundError('id');
    return row;
  };

  registrar.route<{ status?: KycStatus; page: number; size: number }, unknown, unknown, Page<KycReviewItem>>({
    method: 'GET',
    path: KYC_QUEUE_PATH,
    auth: 'operator',
    permission: 'kyc.review',
    schema: {
      querystring: {
        type: 'object',
        properties: {
          status: { type: 'string', enum: [...KYC_STATUSES] },
          page: PAGE_NUMBER_SCHEMA,
          size: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
        },
      },
    },
    async handler(request) {
      const { status, page, size } = request.query;
      const { rows, total } = await applications.page({ status, page, size });
      await audit(request, 'kyc.list', `status=${status ?? 'all'}`, undefined, { page, size, total });
      return pageOf(rows.map(reviewItemOf), total, size, page);
    },
  });

  registrar.route<unknown, unknown, { id: number }, KycReviewItem>({
    method: 'GET',
    path: `${KYC_QUEUE_PATH}/{id}`,
    auth: 'operator',
    permission: 'kyc.review',
    schema: { params: ID_PARAMS },
    async handler(request) {
      const item = reviewItemOf(await find(request.params.id));
      await audit(request, 'kyc.view', `kyc_application:${item.id}`);
      return item;
    },
  });

  registrar.route<unknown, unknown, { id: number; which: KycImage }, FileResult>({
    method: 'GET',
    path: `${KYC_QUEUE_PATH}/{id}/image/{which}`,
    auth: 'operator',
    permission: 'kyc.review',
    schema: {
      params: { ...ID_PARAMS, required: ['id', 'which'], properties: { ...ID_PARAMS.properties, which: { type: 'string', enum: [...KYC_IMAGES] } } },
    },
    async handler(request) {
      const { id, which } = request.params;
      const name = Applications.imageOf(await find(id), which);
      if (!name) throw notFoundError('which');
      const image = await images.read(name);
      await audit(request, 'kyc.image.view', `kyc_application:${id}:${which}`);
      return { kind: 'file', fileName: `kyc-${id}-${which}.${image.mime === 'image/png' ? 'png' : 'jpg'}`, contentType: image.mime, body: image.data };
    },
  });

  const decide = (action: 'approve' | 'reject') =>
    registrar.route<unknown, { reason?: string }, { id: number }, KycReviewItem>({
      method: 'POST',
      path: `${KYC_QUEUE_PATH}/{id}/${action}`,
      auth: 'operator',
      permission: 'kyc.review',
      schema: {
        params: ID_PARAMS,
        body: {
          type: 'object',
          additionalProperties: false,
          ...(action === 'reject' ? { required: ['reason'] } : {}),
          properties: { reason: { type: 'string', maxLength: REASON_MAX } },
        },
      },
      async handler(request) {
        const reason = action === 'reject' ? (request.body?.reason ?? '').trim() : null;
        if (action === 'reject' && !reason) throw ApiError.fieldRequired('reason');
        const before = await find(request.params.id);
        if (before.status !== 'submitted') throw new ApiError(ERROR_CODES.conflict, 'kyc:alreadyReviewed');
        const decided = await applications.review(request.params.id, {
          status: action === 'approve' ? 'approved' : 'rejected',
          reason,
          operatorId: request.principal!.id,
          at: context.now().toISOString(),
        });
        // Another operator decided it between the read and the update.
        if (!decided) throw new ApiError(ERROR_CODES.conflict, 'kyc:alreadyReviewed');
        const after = reviewItemOf(await find(request.params.id));
        await audit(request, `kyc.${action}`, `kyc_application:${after.id}`, { status: before.status }, { status: after.status, reason: after.reason });
        return after;
      },
    });
  decide('approve');
  decide('reject');
}
