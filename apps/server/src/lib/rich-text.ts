import sanitizeHtml from 'sanitize-html';

// User-written rich text (comments, notices) is cleaned here, on the server, before it is stored: a small allowlist
// of formatting tags, links only to http(s) or inside the site, images only from the site's own uploads. The web
// shows the stored HTML as it is, so nothing outside this list ever reaches a browser.

/** Where uploaded images are served; the only image sources rich text may name. */
export const UPLOADS_PATH = '/uploads/images/';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
  ],
  allowedAttributes: { a: ['href'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Scripts, styles and the like go with their content; other unknown tags leave their text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math'],
  exclusiveFilter: (frame) => frame.tag === 'img' && !isUploadPath(frame.attribs.src ?? ''),
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { href: attribs.href ?? '', rel: 'noopener noreferrer nofollow', target: '_blank' },
    }),
  },
};
OPTIONS.allowedAttributes = { ...OPTIONS.allowedAttributes, a: ['href', 'rel', 'target'] };

const isUploadPath = (src: string) => /^\/uploads\/images\/[a-f0-9]{64}\.(png|jpg|gif|webp)$/.test(src);

/** The allowlisted HTML of `html`: what is stored and shown. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The text of rich text, tags dropped and entities decoded: for keyword checks, mail subjects and emptiness. */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
