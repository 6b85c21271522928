import { describe, expect, it } from 'vitest';
import { contentQueryOf } from './articles-api';

describe('content route parameters', () => {
  it('reads a numeric id as an article id and anything else as a code', () => {
    expect(contentQueryOf({ type: 'help', id: '12' })).toEqual({ id: 12, type: 'help' });
    expect(contentQueryOf({ type: 'page', id: 'aboutus' })).toEqual({ code: 'aboutus', type: 'page' });
  });

  it('looks a code up in every type when the type is not an article type (footer links use "1")', () => {
    expect(contentQueryOf({ type: '1', id: 'terms' })).toEqual({ code: 'terms' });
    expect(contentQueryOf({ type: 'blog', id: '3' })).toEqual({ id: 3 });
  });
});
