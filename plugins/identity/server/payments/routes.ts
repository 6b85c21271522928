import type { ServerRegistrar } from '../../../../core/server';
import { ACCOUNT_CENTER_PATHS, type PaymentBody, type PaymentMethod } from '../../shared/types';
import { ID_PARAMS_SCHEMA, memberIdOf } from '../member-actions/request-schemas';
import { paymentBodySchema } from './payment-schemas';
import { addPaymentMethod, deletePaymentMethod, editPaymentMethod, listPaymentMethods } from './payment-store';

/** The member's payment methods (bank cards and e-wallets), which OTC trades show to the counterparty. */
export function registerPaymentRoutes(registrar: ServerRegistrar): void {
  const { context } = registrar;
  const { db } = context;
  const body = paymentBodySchema();

  registrar.route<unknown, unknown, unknown, PaymentMethod[]>({
    method: 'GET',
    path: ACCOUNT_CENTER_PATHS.payments,
    auth: 'user',
    handler: (request) => listPaymentMethods(db, memberIdOf(request)),
  });

  registrar.route<unknown, PaymentBody, unknown, PaymentMethod>({
    method: 'POST',
    path: ACCOUNT_CENTER_PATHS.payment,
    auth: 'user',
    schema: { body },
    handler: (request) => addPaymentMethod(db, memberIdOf(request), request.body, context.now()),
  });

  registrar.route<unknown, PaymentBody, { id: number }, PaymentMethod>({
    method: 'POST',
    path: `${ACCOUNT_CENTER_PATHS.payment}/{id}`,
    auth: 'user',
    schema: { params: ID_PARAMS_SCHEMA, body },
    handler: (request) => editPaymentMethod(db, memberIdOf(request), request.params.id, request.body, context.now()),
  });

  registrar.route<unknown, unknown, { id: number }>({
    method: 'POST',
    path: `${ACCOUNT_CENTER_PATHS.payment}/{id}/delete`,
    auth: 'user',
    schema: { params: ID_PARAMS_SCHEMA },
    async handler(request) {
      await deletePaymentMethod(db, memberIdOf(request), request.params.id);
      return null;
    },
  });
}
