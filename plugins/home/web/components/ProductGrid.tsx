import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useRoot } from '../../../../core/web';
import { PRODUCT_SECTIONS, type ProductSection } from '../products';
import { routeHref } from '../route-href';

function ProductCard({ product, href }: { product: ProductSection; href: string | null }) {
  const { t } = useTranslation('home');
  const body = (
    <>
      <span className="hm-product__mark" aria-hidden="true">
        {product.mark}
      </span>
      <h3 className="hm-product__title">{t(`${product.id}Title`)}</h3>
      <p className="hm-product__text">{t(`${product.id}Text`)}</p>
      {href && <span className="hm-product__open">{t('openProduct')} →</span>}
    </>
  );
  return href ? (
    <Link href={href} className="hm-product" data-product={product.id}>
      {body}
    </Link>
  ) : (
    <div className="hm-product" data-product={product.id}>
      {body}
    </div>
  );
}

/** Spot, contracts, margin, OTC, staking and launchpad; a card links only when its product is on the site. */
export const ProductGrid = observer(function ProductGrid() {
  const root = useRoot();
  const { t } = useTranslation('home');
  return (
    <section className="hm-section">
      <div className="hm-wrap">
        <h2 className="hm-section__title">{t('productsTitle')}</h2>
        <p className="hm-section__sub">{t('productsSubtitle')}</p>
        <div className="hm-products">
          {PRODUCT_SECTIONS.map((product) => (
            <ProductCard key={product.id} product={product} href={routeHref(root, product.route)} />
          ))}
        </div>
      </div>
    </section>
  );
});
