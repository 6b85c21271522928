import { IconComment } from '@douyinfe/semi-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../core/web';
import type { ChatStore } from '../chat-store';
import { clampPosition, dialogPosition, dialogSize, initialPosition, isDrag, type Point, type Size } from '../drag-bounds';
import { CHAT_STORE } from '../ids';
import { ChatDialog } from './ChatDialog';
import '../chat.css';

/** Matches .chat-fab in chat.css. */
export const BUTTON_SIZE: Size = { width: 52, height: 52 };

const viewport = (): Size => ({ width: window.innerWidth, height: window.innerHeight });

/** A press on the button: where it started, and whether it has become a drag. */
interface Press {
  pointer: Point;
  origin: Point;
  dragging: boolean;
}

/** The floating chat button (draggable, with the unread count) and the chat dialog it opens. */
const ChatWidget = observer(function ChatWidget() {
  const { t } = useTranslation('chat');
  const store = useRoot().store<ChatStore>(CHAT_STORE);
  const [position, setPosition] = useState<Point>(() => initialPosition(viewport(), BUTTON_SIZE));
  const press = useRef<Press | null>(null);
  const dragged = useRef(false);

  useEffect(() => {
    const keepInside = () => setPosition((current) => clampPosition(current, viewport(), BUTTON_SIZE));
    window.addEventListener('resize', keepInside);
    return () => window.removeEventListener('resize', keepInside);
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    press.current = { pointer: { x: event.clientX, y: event.clientY }, origin: position, dragging: false };
    dragged.current = false;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const current = press.current;
    if (!current) return;
    const pointer = { x: event.clientX, y: event.clientY };
    if (!current.dragging && !isDrag(current.pointer, pointer)) return;
    current.dragging = true;
    setPosition(clampPosition({ x: current.origin.x + pointer.x - current.pointer.x, y: current.origin.y + pointer.y - current.pointer.y }, viewport(), BUTTON_SIZE));
  };
  const onPointerUp = () => {
    dragged.current = press.current?.dragging ?? false;
    press.current = null;
  };

  const count = store.unread > 99 ? '99+' : String(store.unread);
  const size = dialogSize(viewport());
  return (
    <>
      <button
        type="button"
        className={store.isOpen ? 'chat-fab chat-fab--open' : 'chat-fab'}
        style={{ left: position.x, top: position.y }}
        aria-label={store.unread > 0 ? `${t('button')} (${t('unread', { n: store.unread })})` : t('button')}
        aria-expanded={store.isOpen}
        data-testid="chat-button"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onClick={() => {
          // the click that ends a drag does not toggle the dialog
          if (dragged.current) dragged.current = false;
          else store.setOpen(!store.isOpen);
        }}
      >
        <IconComment size="extra-large" />
        {store.unread > 0 && (
          <span className="chat-fab__badge" data-testid="chat-unread">
            {count}
          </span>
        )}
      </button>
      {store.isOpen && <ChatDialog store={store} position={dialogPosition(position, BUTTON_SIZE, size, viewport())} size={size} />}
    </>
  );
});

export default ChatWidget;
