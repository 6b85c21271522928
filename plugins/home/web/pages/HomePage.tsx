import { Slot, useRoot } from '../../../../core/web';
import { Hero } from '../components/Hero';
import { ProductGrid } from '../components/ProductGrid';
import { SignUpBand } from '../components/SignUpBand';
import { useHomeContent } from '../home-content';
import '../home.css';

/** /home/index: hero, the plugins' home sections (market boards …), products, sign-up prompt — operator content. */
export default function HomePage() {
  const root = useRoot();
  const state = useHomeContent(root.http);
  const content = state.status === 'ready' ? state.content : null;
  const { hero, products, signup } = content?.blocks ?? {};
  return (
    <div className="hm-page">
      <Hero block={hero} figures={content?.figures ?? []} loading={state.status === 'loading'} />
      <Slot name="home.sections" />
      {products && content!.products.length > 0 && <ProductGrid block={products} products={content!.products} />}
      {signup && <SignUpBand block={signup} />}
    </div>
  );
}
