import { PAGE_NUMBER_SCHEMA, type ServerRegistrar } from '../../../../core/server';
import { ACCOUNT_CENTER_PATHS, type LoginDevice, type UpdateDeviceBody } from '../../shared/types';
import { ID_BODY_SCHEMA, ID_PARAMS_SCHEMA, memberIdOf } from '../member-actions/request-schemas';
import { currentDeviceOf, deleteDevice, DEVICE_NAME_MAX, listDevices, loginLogPage, renameDevice } from './devices';

export const LOGIN_LOG_MAX_SIZE = 100;

export function registerDeviceRoutes(registrar: ServerRegistrar): void {
  const { context } = registrar;
  const { db } = context;

  registrar.route<unknown, unknown, unknown, LoginDevice[]>({
    method: 'GET',
    path: ACCOUNT_CENTER_PATHS.loginDevices,
    auth: 'user',
    async handler(request) {
      return listDevices(db, memberIdOf(request), await currentDeviceOf(db, request.principal!.sessionId));
    },
  });

  registrar.route<unknown, UpdateDeviceBody>({
    method: 'POST',
    path: ACCOUNT_CENTER_PATHS.updateDevice,
    auth: 'user',
    schema: {
      body: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: ID_BODY_SCHEMA, name: { type: 'string', maxLength: DEVICE_NAME_MAX * 4 } },
      },
    },
    async handler(request) {
      await renameDevice(db, memberIdOf(request), Number(request.body.id), request.body.name);
      return null;
    },
  });

  registrar.route<unknown, unknown, { id: number }>({
    method: 'POST',
    path: `${ACCOUNT_CENTER_PATHS.deleteDevice}/{id}`,
    auth: 'user',
    schema: { params: ID_PARAMS_SCHEMA },
    async handler(request) {
      const current = await currentDeviceOf(db, request.principal!.sessionId);
      await deleteDevice(context, memberIdOf(request), request.params.id, current);
      return null;
    },
  });

  registrar.route<{ current: number; size: number }>({
    method: 'GET',
    path: ACCOUNT_CENTER_PATHS.loginLog,
    auth: 'user',
    schema: {
      querystring: {
        type: 'object',
        properties: {
          current: PAGE_NUMBER_SCHEMA,
          size: { type: 'integer', minimum: 1, maximum: LOGIN_LOG_MAX_SIZE, default: 10 },
        },
      },
    },
    handler: (request) => loginLogPage(db, memberIdOf(request), request.query.current, request.query.size),
  });
}
