// Route names of the spot plugin's web part (kept apart so pages need not import index.ts).

export const SPOT_ROUTES = {
  exchange: 'spot.exchange',
  fullScreen: 'spot.fullScreen',
  entrust: 'spot.entrust',
  centerEntrust: 'spot.centerEntrust',
} as const;

/** Sign-in and sign-up pages of the identity plugin, linked from the trade form for signed-out visitors. */
export const LOGIN_PATH = '/user/login';
export const REGISTER_PATH = '/user/register';
