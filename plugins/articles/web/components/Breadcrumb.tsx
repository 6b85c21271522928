import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

export interface Crumb {
  label: string;
  /** Omitted for the current page. */
  href?: string;
}

/** Home › Help center › Category › Section › Article: each step links back up the section tree. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  const { t } = useTranslation('articles');
  return (
    <nav className="art-crumbs" aria-label={t('breadcrumb')}>
      <ol>
        {items.map((item, index) => (
          <li key={`${index}:${item.label}`}>
            {item.href ? (
              <Link href={item.href}>{item.label}</Link>
            ) : (
              <span aria-current="page">{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
