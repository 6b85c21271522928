import { Slot } from '../../../../core/web';
import { Hero } from '../components/Hero';
import { ProductGrid } from '../components/ProductGrid';
import { SignUpBand } from '../components/SignUpBand';
import '../home.css';

/** /home/index: hero, the plugins' home sections (market boards …), products, sign-up prompt. */
export default function HomePage() {
  return (
    <div className="hm-page">
      <Hero />
      <Slot name="home.sections" />
      <ProductGrid />
      <SignUpBand />
    </div>
  );
}
