export const LOGIN_ROUTE = 'identity.login';
export const REGISTER_ROUTE = 'identity.register';
