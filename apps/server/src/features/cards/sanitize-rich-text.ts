import sanitizeHtml from 'sanitize-html';

/**
 * Rich text of template form fields, cleaned with the allow-list of spec work section 5 before it is
 * stored: only formatting tags and links survive; scripts and styles go with their content, event
 * handlers and style attributes go, javascript:, vbscript: and data: links become '#', and a link that
 * opens a new tab gets rel="noopener noreferrer".
 */
export const allowedRichTextTags = [
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'blockquote',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'span',
  'a',
] as const;

/** Schemes a link may use; anything else (javascript:, vbscript:, data:, file: …) becomes '#'. */
const safeSchemes = ['http', 'https', 'mailto', 'tel'];

/**
 * Whether an href is safe to keep. Browsers ignore control characters and whitespace inside a scheme
 * and decode entities before reading it, so those are removed before the scheme is read.
 */
function isSafeHref(href: string): boolean {
  const compact = href
    .replace(/&#x?0*[0-9a-f]+;?/gi, (entity) => decodeNumericEntity(entity))
    .replace(/&(tab|newline|colon);/gi, (_m, name: string) => (name.toLowerCase() === 'colon' ? ':' : ''))
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u0020\u007f-\u00a0\u200b-\u200f\u2028\u2029\ufeff]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  // No scheme: a relative or protocol-relative address, which stays on http(s).
  if (!scheme) return true;
  return safeSchemes.includes(scheme[1]!.toLowerCase());
}

function decodeNumericEntity(entity: string): string {
  const hex = /^&#x/i.test(entity);
  const digits = entity.replace(/^&#x?0*/i, '').replace(/;$/, '');
  const code = Number.parseInt(digits || '0', hex ? 16 : 10);
  return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
}

const options: sanitizeHtml.IOptions = {
  allowedTags: [...allowedRichTextTags],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  // Links are checked by isSafeHref below; sanitize-html's own scheme check would drop the attribute
  // instead of turning it into '#'.
  allowedSchemes: [...safeSchemes, 'javascript', 'vbscript', 'data', 'file'],
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: true,
  // Unknown tags are unwrapped (their text kept); these go with everything inside them.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'xmp',
    'iframe',
    'noembed',
    'noframes',
    'template',
    'object',
    'embed',
    'svg',
    'math',
  ],
  disallowedTagsMode: 'discard',
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => {
      const next: Record<string, string> = {};
      if (attribs.href !== undefined) next.href = isSafeHref(attribs.href) ? attribs.href : '#';
      if (attribs.target !== undefined) {
        next.target = attribs.target;
        if (attribs.target.trim().toLowerCase() === '_blank') next.rel = 'noopener noreferrer';
        else if (attribs.rel !== undefined) next.rel = attribs.rel;
      } else if (attribs.rel !== undefined) {
        next.rel = attribs.rel;
      }
      return { tagName, attribs: next };
    },
  },
};

/** The stored form of a rich-text value. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}
