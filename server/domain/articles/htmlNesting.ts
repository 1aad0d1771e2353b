/**
 * How deep HTML nests its elements, as an HTML parser (htmlparser2, under sanitize-html) builds
 * them: its stack of open elements costs time in proportion to its depth at every tag, so a body
 * of 100,000 unclosed tags took seconds. Browsers themselves build at most 512 levels (Chromium's
 * parser limit); an article needs a dozen.
 */
export const HTML_MAX_DEPTH = 512;

const VOID = new Set('area base basefont br col command embed frame hr image img input keygen link meta param source track wbr'.split(' '));
/** Elements whose text is not markup: their content is skipped up to their closing tag. */
const RAW_TEXT = new Set('script style textarea title xmp iframe noembed noframes plaintext'.split(' '));

/** The open elements a tag closes when it opens (the parser's own rules: an unclosed `<p>` or `<li>`). */
const CLOSED_BY: Record<string, Set<string>> = (() => {
  const form = new Set('input option optgroup select button datalist textarea'.split(' '));
  const rules: Record<string, Set<string>> = {
    tr: new Set(['tr', 'th', 'td']),
    th: new Set(['th']),
    td: new Set(['thead', 'th', 'td']),
    body: new Set(['head', 'link', 'script']),
    li: new Set(['li']),
    option: new Set(['option']),
    optgroup: new Set(['optgroup', 'option']),
    dd: new Set(['dd', 'dt']),
    dt: new Set(['dd', 'dt']),
    rt: new Set(['rt', 'rp']),
    rp: new Set(['rt', 'rp']),
    tbody: new Set(['thead', 'tbody']),
    tfoot: new Set(['thead', 'tbody']),
  };
  for (const tag of 'select input output button datalist textarea'.split(' ')) rules[tag] = form;
  const p = new Set(['p']);
  const closesP =
    'p h1 h2 h3 h4 h5 h6 address article aside blockquote details div dl fieldset figcaption figure footer form header hr main nav ol pre section table ul';
  for (const tag of closesP.split(' ')) rules[tag] = p;
  return rules;
})();

const TAG = /<(\/?)([a-z][a-z0-9-]*)([^<>]*)>/y;

/** Whether `html` nests elements more than `max` deep; one pass, stopping as soon as it does. */
export function htmlNestsDeeperThan(html: string, max: number): boolean {
  const text = html.toLowerCase();
  const stack: string[] = [];
  const open = new Map<string, number>();
  const push = (name: string) => {
    stack.push(name);
    open.set(name, (open.get(name) ?? 0) + 1);
  };
  const pop = () => {
    const name = stack.pop()!;
    open.set(name, open.get(name)! - 1);
    return name;
  };
  for (let at = text.indexOf('<'); at >= 0; at = text.indexOf('<', at + 1)) {
    if (text.startsWith('<!--', at)) {
      const end = text.indexOf('-->', at + 4);
      if (end < 0) break;
      at = end + 2;
      continue;
    }
    TAG.lastIndex = at;
    const tag = TAG.exec(text);
    if (!tag) continue;
    at = TAG.lastIndex - 1;
    const [, closing, name, rest] = tag;
    if (closing) {
      if (open.get(name)) while (pop() !== name);
      continue;
    }
    const closes = CLOSED_BY[name];
    while (closes && stack.length && closes.has(stack[stack.length - 1])) pop();
    if (VOID.has(name) || rest.endsWith('/')) continue;
    if (RAW_TEXT.has(name)) {
      const end = text.indexOf(`</${name}`, at);
      if (end < 0) break;
      at = end;
      continue;
    }
    push(name);
    if (stack.length > max) return true;
  }
  return false;
}
