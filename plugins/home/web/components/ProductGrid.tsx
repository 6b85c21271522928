import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useRoot } from '../../../../core/web';
import { localized, type HomeBlock, type HomeProduct } from '../home-content';
import { routeHref } from '../route-href';

const ProductCard = observer(function ProductCard({ product, href }: { product: HomeProduct; href: string | null }) {
  const root = useRoot();
  const { t } = useTranslation('home');
  const body = (
    <>
      <span className="hm-product__mark" aria-hidden="true">
        {product.mark}
      </span>
      <h3 className="hm-product__title">{localized(product.title, root)}</h3>
      <p className="hm-product__text">{localized(product.text, root)}</p>
      {href && <span className="hm-product__open">{t('openProduct')} →</span>}
    </>
  );
  return href ? (
    <Link href={href} className="hm-product" data-product={product.code}>
      {body}
    </Link>
  ) : (
    <div className="hm-product" data-product={product.code}>
      {body}
    </div>
  );
});

/** The operator's product sections; a card links only when its product is on the site. */
export const ProductGrid = observer(function ProductGrid({ block, products }: { block: HomeBlock; products: HomeProduct[] }) {
  const root = useRoot();
  const subtitle = localized(block.text, root);
  return (
    <section className="hm-section">
      <div className="hm-wrap">
        <h2 className="hm-section__title">{localized(block.title, root)}</h2>
        {subtitle && <p className="hm-section__sub">{subtitle}</p>}
        <div className="hm-products">
          {products.map((product) => (
            <ProductCard key={product.id} product={product} href={routeHref(root, product.route)} />
          ))}
        </div>
      </div>
    </section>
  );
});
