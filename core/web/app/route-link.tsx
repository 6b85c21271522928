import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from 'wouter';
import { useRoot } from '../store/root-context';

export interface RouteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A route name, e.g. "spot.exchange". */
  to: string;
  params?: Record<string, string>;
  children?: ReactNode;
}

/** A link to a named route; cross-plugin links use route names, never hard-coded paths. */
export function RouteLink({ to, params, children, ...anchor }: RouteLinkProps) {
  const root = useRoot();
  return (
    <Link href={root.href(to, params)} {...anchor}>
      {children}
    </Link>
  );
}
