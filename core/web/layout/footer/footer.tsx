import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useRoot } from '../../store/root-context';
import { footerColumns, footerHiddenOn, footerLinkTarget } from './footer-links';
import type { FooterItem } from '../../boot/boot-query';

function FooterLinkItem({ item }: { item: FooterItem }) {
  const target = footerLinkTarget(item);
  if (target.kind === 'internal') return <Link href={target.path}>{item.title}</Link>;
  if (target.kind === 'external') {
    return (
      <a href={target.href} target="_blank" rel="noopener noreferrer">
        {item.title}
      </a>
    );
  }
  return <span>{item.title}</span>;
}

export const Footer = observer(function Footer() {
  const root = useRoot();
  const { t } = useTranslation();
  if (footerHiddenOn(root.location)) return null;
  const columns = footerColumns(root.boot?.footer ?? []);
  const title = root.boot?.site.title || root.site.title;
  return (
    <footer className="bourse-footer">
      <div className="bourse-footer__inner">
        <div className="bourse-footer__brand">
          <img src={root.logo} alt={title} height={28} />
        </div>
        {columns.map(({ item, links }) => (
          <nav key={item.id} className="bourse-footer__column" aria-label={item.title}>
            <h4>{item.title}</h4>
            <ul>
              {links.map((link) => (
                <li key={link.id}>
                  <FooterLinkItem item={link} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="bourse-footer__rights">{t('footer.rights', { year: new Date().getFullYear(), title })}</p>
    </footer>
  );
});
