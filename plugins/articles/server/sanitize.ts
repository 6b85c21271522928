import sanitizeHtml from 'sanitize-html';
import { stripHtml } from '../../../core/shared';

const TAGS = [
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'div', 'span',
  'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'mark', 'small',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'a', 'img', 'figure', 'figcaption',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col',
  'code', 'pre', 'kbd',
];

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The rich-text allow-list of article bodies. Links keep http, https, mailto and site-relative targets and always
 * get rel="noopener noreferrer"; images come only from the site's upload area or over https; no script, style,
 * iframe, inline style or event attribute survives.
 */
export function createBodySanitizer(uploadsPrefix: string): (html: string) => string {
  const upload = new RegExp(`^${escapeRegExp(uploadsPrefix)}${UUID}$`);
  const imageAllowed = (src: string | undefined) => !!src && (src.startsWith('https://') || upload.test(src));
  const options: sanitizeHtml.IOptions = {
    allowedTags: TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      th: ['colspan', 'rowspan', 'scope'],
      td: ['colspan', 'rowspan'],
      ol: ['start'],
      code: ['class'],
    },
    allowedClasses: { code: ['language-*'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, { target, ...attribs }) => ({
        tagName,
        attribs: { ...attribs, ...(target === '_blank' ? { target } : {}), rel: 'noopener noreferrer' },
      }),
      img: (tagName, attribs) => {
        const { src, ...rest } = attribs;
        return { tagName, attribs: imageAllowed(src) ? { ...rest, src: src! } : rest };
      },
    },
    // An image whose source was refused is dropped rather than kept as a broken frame.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  };
  return (html) => sanitizeHtml(html, options).trim();
}

/** Titles and summaries are plain text: markup is removed, whitespace collapsed. */
export function plainText(text: string): string {
  return stripHtml(text);
}
