import { defineServerPlugin, permissionsOf } from '../../../core/plugin-api';
import { ApiError, ERROR_CODES } from '../../../core/server';
import { CONSOLE_ME_PATH, type OperatorProfile } from '../shared/types';

export default defineServerPlugin({
  id: 'console-core',
  register(registrar) {
    const { db } = registrar.context;
    registrar.route<unknown, unknown, unknown, OperatorProfile>({
      method: 'GET',
      path: CONSOLE_ME_PATH,
      auth: 'operator',
      schema: { querystring: { type: 'object', additionalProperties: false, properties: {} } },
      async handler(request) {
        const id = Number(request.principal!.id);
        const operator = Number.isSafeInteger(id)
          ? await db.selectFrom('operator').select(['id', 'username', 'role', 'disabled', 'totp_secret']).where('id', '=', id).executeTakeFirst()
          : undefined;
        // A token of a removed or disabled operator no longer opens the console.
        if (!operator || Number(operator.disabled) === 1) throw new ApiError(ERROR_CODES.unauthorized);
        const role = String(operator.role);
        return {
          id: String(operator.id),
          username: String(operator.username),
          role,
          permissions: [...permissionsOf(role)],
          totpBound: Boolean(operator.totp_secret),
        };
      },
    });
  },
});
