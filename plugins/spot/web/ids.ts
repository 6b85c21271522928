// Route names of the spot plugin's web part (kept apart so pages need not import index.ts).

export const SPOT_ROUTES = {
  exchange: 'spot.exchange',
  fullScreen: 'spot.fullScreen',
  entrust: 'spot.entrust',
  centerEntrust: 'spot.centerEntrust',
} as const;
