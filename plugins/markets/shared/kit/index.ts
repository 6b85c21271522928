/**
 * The watchlist's building blocks for any page that lists markets: the star and the member's list from the markets
 * store. Web only (React); import from '../../markets/shared/kit'.
 */
export { FavouriteStar } from './FavouriteStar';
export { useMemberWatchlist } from './use-member-watchlist';
