import { describe, expect, it } from 'vitest';
import { createBodySanitizer, plainText } from './sanitize';

const UPLOAD = '/api/mjkj-web/cgform-api/file/0b7c2f4e-1d2a-4c3b-9e8f-a1b2c3d4e5f6';
const clean = createBodySanitizer('/api/mjkj-web/cgform-api/file/');

describe('article body sanitiser', () => {
  it('keeps headings, paragraphs, lists, tables, code and safe links', () => {
    const html =
      '<h2>Fees</h2><p>See <a href="https://example.com/fees" title="fees">the table</a> or <a href="mailto:help@example.com">mail us</a>.</p>' +
      '<ul><li>one</li></ul><ol start="3"><li>three</li></ol><table><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td colspan="2">1</td></tr></tbody></table>' +
      '<pre><code class="language-js">let x = 1;</code></pre><p><a href="/article/main/index">Help</a></p>';
    const out = clean(html);
    expect(out).toContain('<h2>Fees</h2>');
    expect(out).toContain('<a href="https://example.com/fees" title="fees" rel="noopener noreferrer">the table</a>');
    expect(out).toContain('<a href="mailto:help@example.com" rel="noopener noreferrer">');
    expect(out).toContain('<ol start="3">');
    expect(out).toContain('<th scope="col">A</th>');
    expect(out).toContain('<td colspan="2">1</td>');
    expect(out).toContain('<code class="language-js">let x = 1;</code>');
    expect(out).toContain('<a href="/article/main/index" rel="noopener noreferrer">Help</a>');
  });

  it.each([
    ['a script element', '<p>hi</p><script>alert(1)</script>', /script|alert/i],
    ['an event attribute', '<img src="https://example.com/a.png" onerror="alert(1)"><p onclick="x()">hi</p>', /onerror|onclick|alert/i],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', /javascript|alert/i],
    ['an obfuscated javascript: link', '<a href="jav&#x09;ascript:alert(1)">x</a><a href=" JaVaScRiPt:alert(2)">y</a>', /javascript|alert/i],
    ['a data: URL', '<a href="data:text/html,<script>alert(1)</script>">x</a><img src="data:image/png;base64,AAAA">', /data:|alert/i],
    ['iframes, styles and forms', '<iframe src="https://evil.example"></iframe><style>p{}</style><form><input></form><object></object>', /iframe|style|form|input|object/i],
    ['inline style and unknown classes', '<p style="color:red" class="x">a</p><code class="evil">b</code>', /style|class/i],
    ['an svg with onload', '<svg onload="alert(1)"><circle/></svg>', /svg|onload|alert/i],
  ])('removes %s', (_name, html, forbidden) => {
    expect(clean(html)).not.toMatch(forbidden);
  });

  it('keeps images from the site uploads and https only', () => {
    expect(clean(`<img src="${UPLOAD}" alt="chart">`)).toBe(`<img alt="chart" src="${UPLOAD}" />`);
    expect(clean('<img src="https://cdn.example.com/a.png">')).toBe('<img src="https://cdn.example.com/a.png" />');
    for (const src of ['http://cdn.example.com/a.png', '//cdn.example.com/a.png', '/api/mjkj-web/console/me', `${UPLOAD}/../x`, 'javascript:alert(1)']) {
      expect(clean(`<p>a<img src="${src}">b</p>`), src).toBe('<p>ab</p>');
    }
  });

  it('forces rel=noopener on links and allows only target=_blank', () => {
    expect(clean('<a href="https://x.example" target="_top" rel="opener">x</a>')).toBe('<a href="https://x.example" rel="noopener noreferrer">x</a>');
    expect(clean('<a href="https://x.example" target="_blank">x</a>')).toBe('<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>');
  });

  it('turns titles into plain text', () => {
    expect(plainText('  <b>Deposit</b>   <script>alert(1)</script>fees ')).toBe('Deposit fees');
  });
});
