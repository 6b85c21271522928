import { describe, expect, it } from 'vitest';
import { clampPosition, dialogPosition, dialogSize, initialPosition, isDrag, MIN_TOP_PX } from './drag-bounds';

const button = { width: 52, height: 52 };
const desktop = { width: 1366, height: 860 };

describe('chat button bounds', () => {
  it('starts at left 90% and top 90vh when that fits', () => {
    expect(initialPosition(desktop, button)).toEqual({ x: 1366 * 0.9, y: 860 * 0.9 });
  });

  it('starts inside a narrow window', () => {
    const phone = { width: 360, height: 640 };
    expect(initialPosition(phone, button)).toEqual({ x: 360 - 52, y: 576 });
  });

  it('keeps the button at least 64 px below the top and inside the window', () => {
    expect(clampPosition({ x: 500, y: 10 }, desktop, button)).toEqual({ x: 500, y: MIN_TOP_PX });
    expect(clampPosition({ x: 500, y: -300 }, desktop, button).y).toBe(64);
    expect(clampPosition({ x: -40, y: 5000 }, desktop, button)).toEqual({ x: 0, y: 860 - 52 });
    expect(clampPosition({ x: 9999, y: 300 }, desktop, button)).toEqual({ x: 1366 - 52, y: 300 });
    expect(clampPosition({ x: 700, y: 64 }, desktop, button)).toEqual({ x: 700, y: 64 });
  });

  it('prefers the 64 px rule in a window too low for both', () => {
    expect(clampPosition({ x: 10, y: 0 }, { width: 300, height: 100 }, button).y).toBe(64);
  });

  it('tells a drag from a click by a 4 px move', () => {
    expect(isDrag({ x: 10, y: 10 }, { x: 12, y: 12 })).toBe(false);
    expect(isDrag({ x: 10, y: 10 }, { x: 14, y: 10 })).toBe(true);
  });
});

describe('chat dialog placement', () => {
  it('opens above the button, right edges aligned', () => {
    const size = dialogSize(desktop);
    expect(size).toEqual({ width: 360, height: 520 });
    const at = dialogPosition({ x: 1229, y: 774 }, button, size, desktop);
    expect(at).toEqual({ x: 1229 + 52 - 360, y: 774 - 520 - 8 });
  });

  it('opens below a button near the top and stays inside the window', () => {
    const size = dialogSize(desktop);
    const at = dialogPosition({ x: 20, y: 64 }, button, size, desktop);
    expect(at.x).toBe(8);
    expect(at.y).toBe(64 + 52 + 8);
    expect(at.y + size.height).toBeLessThanOrEqual(desktop.height);
  });

  it('shrinks to a small window and never goes above 64 px', () => {
    const small = { width: 320, height: 400 };
    const size = dialogSize(small);
    expect(size).toEqual({ width: 304, height: 320 });
    const at = dialogPosition({ x: 260, y: 300 }, button, size, small);
    expect(at.y).toBeGreaterThanOrEqual(64);
    expect(at.x).toBeGreaterThanOrEqual(0);
    expect(at.x + size.width).toBeLessThanOrEqual(small.width);
  });
});
