import { useEffect, useState } from 'react';
import { useRoot } from '../../../core/web';
import type { AreaCodeItem } from '../shared/types';
import { loadAreaCodes } from './identity-api';

/** The phone area codes of the server as select options ("+49 Germany"), keeping the current one even if unlisted. */
export function useAreaCodeOptions(current: string): Array<{ value: string; label: string }> {
  const root = useRoot();
  const [items, setItems] = useState<AreaCodeItem[]>([]);
  useEffect(() => {
    let alive = true;
    loadAreaCodes(root)
      .then((next) => alive && setItems(next))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [root]);
  const known = items.some((item) => item.code === current) ? items : [{ code: current, name: '', iso: '' }, ...items];
  return known.map((item) => ({ value: item.code, label: item.name ? `+${item.code} ${item.name}` : `+${item.code}` }));
}
