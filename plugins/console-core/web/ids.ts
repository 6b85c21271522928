export const CONSOLE_LOGIN_ROUTE = 'console.login';
export const CONSOLE_HOME_ROUTE = 'console.home';
