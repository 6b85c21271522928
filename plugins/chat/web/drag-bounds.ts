export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** The floating button stays at least this far below the top of the window (spec §9), clear of the header. */
export const MIN_TOP_PX = 64;
/** Where the button starts: left 90% and top 90vh (spec §9). */
export const START = { left: 0.9, top: 0.9 } as const;
/** A press that moves less than this is a click, not a drag. */
export const DRAG_THRESHOLD_PX = 4;
/** Space kept between the dialog and the window's edges and the button. */
const GAP_PX = 8;

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));

/** Keeps the button inside the window and at least MIN_TOP_PX below its top. */
export function clampPosition(point: Point, viewport: Size, button: Size): Point {
  return {
    x: clamp(point.x, 0, viewport.width - button.width),
    y: clamp(point.y, MIN_TOP_PX, viewport.height - button.height),
  };
}

export function initialPosition(viewport: Size, button: Size): Point {
  return clampPosition({ x: viewport.width * START.left, y: viewport.height * START.top }, viewport, button);
}

export function isDrag(from: Point, to: Point): boolean {
  return Math.hypot(to.x - from.x, to.y - from.y) >= DRAG_THRESHOLD_PX;
}

/** The dialog's size: at most 360 × 520 px, smaller on a small window. */
export function dialogSize(viewport: Size): Size {
  return {
    width: Math.min(360, viewport.width - 2 * GAP_PX),
    height: Math.min(520, viewport.height - MIN_TOP_PX - 2 * GAP_PX),
  };
}

/**
 * Where the dialog opens: above the button when there is room below the header, else below it, right edges
 * aligned; always inside the window and below MIN_TOP_PX.
 */
export function dialogPosition(button: Point, buttonSize: Size, dialog: Size, viewport: Size): Point {
  const x = clamp(button.x + buttonSize.width - dialog.width, GAP_PX, viewport.width - dialog.width - GAP_PX);
  const above = button.y - dialog.height - GAP_PX;
  const y = above >= MIN_TOP_PX ? above : button.y + buttonSize.height + GAP_PX;
  return { x, y: clamp(y, MIN_TOP_PX, viewport.height - dialog.height - GAP_PX) };
}
