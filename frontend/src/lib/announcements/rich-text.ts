/**
 * The announcements' rich text: the server keeps only these tags (nh3, announcements/services.py) and the browser
 * keeps only them again before showing or previewing it, so a text is never trusted twice over the wire.
 */
export const ALLOWED_TAGS = new Set(['P', 'BR', 'STRONG', 'EM', 'U', 'UL', 'OL', 'LI', 'A', 'H2', 'H3', 'H4', 'BLOCKQUOTE']);
const SAFE_HREF = /^(https?:|mailto:)/i;
/** Whose content goes with them (the rest of a refused element is unwrapped, its text kept). */
const DROPPED_WITH_CONTENT = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'MATH']);

function clean(node: Node, into: Node, doc: Document): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      into.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (!(child instanceof Element)) continue;
    const tag = child.tagName.toUpperCase();
    if (DROPPED_WITH_CONTENT.has(tag)) continue;
    if (!ALLOWED_TAGS.has(tag)) {
      clean(child, into, doc);
      continue;
    }
    const copy = doc.createElement(tag.toLowerCase());
    if (tag === 'A') {
      const href = child.getAttribute('href')?.trim() ?? '';
      if (SAFE_HREF.test(href)) {
        copy.setAttribute('href', href);
        copy.setAttribute('target', '_blank');
      }
      copy.setAttribute('rel', 'noopener noreferrer');
    }
    clean(child, copy, doc);
    into.appendChild(copy);
  }
}

/** `html` with only the allowed tags, no attributes but a safe link's href. */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out = doc.createElement('div');
  clean(doc.body, out, doc);
  return out.innerHTML;
}

/** The text of `html` without its tags (an empty editor holds `<p></p>`). */
export function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}
