import { describe, expect, it } from 'vitest';
import { cacheControlFor, isHashedAsset, isServerPath } from './serve';

describe('static cache rules', () => {
  it('treats content-hashed names as immutable', () => {
    expect(isHashedAsset('/dist/default/main.3f9a1c2b.js')).toBe(true);
    expect(isHashedAsset('/dist/default/static/chunk-0a1b2c3d4e.css.br')).toBe(true);
    expect(isHashedAsset('/dist/default/index.html')).toBe(false);
    expect(isHashedAsset('/dist/default/logo-day.svg')).toBe(false);
    expect(cacheControlFor('main.3f9a1c2b.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('index.html')).toBe('no-cache');
  });

  it('keeps the fallback away from server paths', () => {
    expect(isServerPath('/api/mjkj-web/x')).toBe(true);
    expect(isServerPath('/graphql')).toBe(true);
    expect(isServerPath('/mqtt')).toBe(true);
    expect(isServerPath('/apiary')).toBe(false);
    expect(isServerPath('/exchange/index')).toBe(false);
  });
});
