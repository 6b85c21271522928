import { PAGE_NUMBER_SCHEMA, type ServerRegistrar } from '../../../../core/server';
import { ACCOUNT_CENTER_PATHS, RETURN_STATUS, type ReturnApplyStatus, type ReturnStatus } from '../../shared/types';
import { applyForReturn, listReturnApplications, processReturnApplication, RETURN_NOTE_MAX, returnStatus } from './repay';
import { ID_PARAMS_SCHEMA, memberIdOf } from './request-schemas';
import { supportOnce } from './support';

const STATUS_VALUES = Object.values(RETURN_STATUS);

/** Support and repay (spec §4) for members, and the processing of return applications for operators. */
export function registerMemberActionRoutes(registrar: ServerRegistrar): void {
  const { context } = registrar;
  const { db } = context;

  registrar.route({
    method: 'POST',
    path: ACCOUNT_CENTER_PATHS.support,
    auth: 'user',
    async handler(request) {
      await supportOnce(db, memberIdOf(request));
      return null;
    },
  });

  registrar.route<unknown, unknown, unknown, ReturnApplyStatus>({
    method: 'GET',
    path: ACCOUNT_CENTER_PATHS.repayQuery,
    auth: 'user',
    async handler(request) {
      return { status: await returnStatus(db, memberIdOf(request)) };
    },
  });

  registrar.route<unknown, unknown, unknown, ReturnApplyStatus>({
    method: 'POST',
    path: ACCOUNT_CENTER_PATHS.repayApply,
    auth: 'user',
    async handler(request) {
      await applyForReturn(db, memberIdOf(request), context.now());
      return { status: RETURN_STATUS.returning };
    },
  });

  registrar.route<{ status?: ReturnStatus; page: number; size: number }>({
    method: 'GET',
    path: ACCOUNT_CENTER_PATHS.consoleReturnApplies,
    auth: 'operator',
    permission: 'returns.process',
    schema: {
      querystring: {
        type: 'object',
        properties: {
          status: { type: 'integer', enum: STATUS_VALUES },
          page: PAGE_NUMBER_SCHEMA,
          size: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
        },
      },
    },
    handler: (request) => listReturnApplications(db, request.query),
  });

  for (const outcome of ['complete', 'reject'] as const) {
    registrar.route<unknown, { note?: string } | undefined, { id: number }>({
      method: 'POST',
      path: `${ACCOUNT_CENTER_PATHS.consoleReturnApplies}/{id}/${outcome}`,
      auth: 'operator',
      permission: 'returns.process',
      schema: {
        params: ID_PARAMS_SCHEMA,
        // a rejection says why
        body:
          outcome === 'reject'
            ? { type: 'object', required: ['note'], additionalProperties: false, properties: { note: { type: 'string', minLength: 1, maxLength: RETURN_NOTE_MAX, pattern: '\\S' } } }
            : { type: ['object', 'null'], additionalProperties: false, properties: { note: { type: 'string', maxLength: RETURN_NOTE_MAX } } },
      },
      handler: (request) =>
        processReturnApplication(context, {
          id: request.params.id,
          outcome,
          operatorId: request.principal!.id,
          note: request.body?.note?.trim() || null,
          ip: request.ip,
        }),
    });
  }
}
