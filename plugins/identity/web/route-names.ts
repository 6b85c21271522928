export const LOGIN_ROUTE = 'identity.login';
export const REGISTER_ROUTE = 'identity.register';
export const DEVICES_ROUTE = 'identity.devices';
export const PAYMENTS_ROUTE = 'identity.payments';
