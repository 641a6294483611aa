import sanitizeHtml from 'sanitize-html';

/**
 * Rich text written by managers: a post's body (decision 042) and an intention policy's explanation
 * (decision 079) keep the same formatting, so one editor and one set of rules serve both.
 *
 * The formatting kept (decision 042): paragraphs, line breaks, bold, italic, underline,
 * strike-through, two heading levels, lists, quotes and links. Everything else is dropped: script and
 * style elements with their content, every attribute but a link's href (so no style or on* handler), and
 * any link that is not http, https or mailto (so no javascript: or data: link). Links open in a new tab
 * without access to the opener.
 */
const richTextOptions: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'h2', 'h3', 'ul', 'ol', 'li', 'blockquote', 'a'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'title',
  ],
  transformTags: {
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
    h1: 'h2',
    h4: 'h3',
    h5: 'h3',
    h6: 'h3',
    div: 'p',
    a: (tagName, attribs) => {
      const next: Record<string, string> = { rel: 'noopener noreferrer', target: '_blank' };
      if (attribs.href !== undefined) next.href = attribs.href.trim();
      return { tagName, attribs: next };
    },
  },
};

/** The stored form of rich text (a post's body, a policy's explanation): safe HTML only. */
export function sanitizeRichText(html: string): string {
  // A link whose address was refused keeps its text but is no link any more.
  return sanitizeHtml(html, richTextOptions)
    .replace(/<a rel="noopener noreferrer" target="_blank">([\s\S]*?)<\/a>/g, '$1')
    .trim();
}

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return entities[name.toLowerCase()] ?? whole;
  });
}

/**
 * Plain text of sanitized rich text, for e-mails: paragraphs on their own lines, list items with a
 * bullet, links as `text (address)`.
 */
export function richTextToPlainText(html: string): string {
  const marked = html
    .replace(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_whole, href: string, inner: string) => {
      const text = inner.replace(/<[^>]*>/g, '').trim();
      const address = href.replace(/^mailto:/i, '');
      return text && decodeEntities(text) !== decodeEntities(address) ? `${inner} (${href})` : href;
    })
    .replace(/<li\b[^>]*>/gi, '\n• ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h2|h3|blockquote|ul|ol)>/gi, '\n\n');
  const stripped = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(stripped)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Excerpts of recent bodies: the post list shows the same few posts to every member, and turning HTML
 * into text (sanitize-html) is the dearest part of that read (ADR 046). Bodies up to 20,000 characters,
 * at most 500 of them, oldest out.
 */
const excerpts = new Map<string, string>();

/** About `length` characters of plain text from the start of the body, cut at a word. */
export function excerptOf(html: string, length = 200): string {
  const key = `${length}|${html}`;
  const known = excerpts.get(key);
  if (known !== undefined) return known;
  const excerpt = computeExcerpt(html, length);
  if (html.length <= 20_000) {
    if (excerpts.size >= 500) excerpts.delete(excerpts.keys().next().value!);
    excerpts.set(key, excerpt);
  }
  return excerpt;
}

function computeExcerpt(html: string, length: number): string {
  const text = richTextToPlainText(html).replace(/\s+/g, ' ').replace(/^• /, '').trim();
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
