import { useRef, type UIEvent } from 'react';

/** How close to the end (in pixels) still counts as reading the newest messages. */
const BOTTOM_SLACK = 40;

/**
 * A message list that stays at its end while the reader is there: `onScroll` notes whether they are,
 * `follow` scrolls to the end only then (for content that grows, such as an image that loads).
 */
export function useBottomFollow<T extends HTMLElement>() {
  const list = useRef<T>(null);
  const atBottom = useRef(true);
  const onScroll = (event: UIEvent<T>) => {
    const element = event.currentTarget;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < BOTTOM_SLACK;
  };
  const follow = () => {
    if (list.current && atBottom.current) list.current.scrollTop = list.current.scrollHeight;
  };
  return { list, atBottom, onScroll, follow };
}
