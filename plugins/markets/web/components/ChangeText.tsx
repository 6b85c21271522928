import { changeTone, formatChange } from '../change';

/** A 24 h change: green when it rose, red when it fell. */
export function ChangeText({ zdf, badge = false }: { zdf: string | null; badge?: boolean }) {
  const tone = changeTone(zdf);
  return (
    <span className={`mk-change mk-change--${tone}${badge ? ' mk-change--badge' : ''}`} data-tone={tone}>
      {formatChange(zdf)}
    </span>
  );
}
