/**
 * The product sections of the home page. Each names the route its product plugin provides; a card
 * links only when the site selects that plugin (see docs/plugins.md, "Route names the home page links to").
 */
export interface ProductSection {
  id: 'spot' | 'contracts' | 'margin' | 'otc' | 'staking' | 'launchpad';
  route: string;
  /** A short mark shown in the card's badge. */
  mark: string;
}

export const PRODUCT_SECTIONS: readonly ProductSection[] = [
  { id: 'spot', route: 'spot.exchange', mark: 'S' },
  { id: 'contracts', route: 'contracts.exchange', mark: 'C' },
  { id: 'margin', route: 'margin.exchange', mark: 'M' },
  { id: 'otc', route: 'otc.common', mark: 'O' },
  { id: 'staking', route: 'finance.investment', mark: '%' },
  { id: 'launchpad', route: 'launchpad.index', mark: 'L' },
];
