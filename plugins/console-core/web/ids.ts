export { CONSOLE_HOME_ROUTE, CONSOLE_LOGIN_ROUTE } from '../shared/types';
