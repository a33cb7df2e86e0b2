// A tiny XML well-formedness checker for the JUnit tests: balanced tags, quoted attributes,
// only the five predefined entities (or numeric ones), no stray '<' or '&'. Returns the tree.
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/y;

function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!);
}

function checkText(text: string, where: string): void {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '<') throw new Error(`stray '<' in ${where}`);
    if (text[i] === '&') {
      ENTITY.lastIndex = i;
      if (!ENTITY.test(text)) throw new Error(`bad entity in ${where}: ${text.slice(i, i + 10)}`);
    }
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) throw new Error(`control character in ${where}`);
}

export function parseXml(xml: string): XmlElement {
  let pos = 0;
  const prolog = /^<\?xml [^?]*\?>\s*/.exec(xml);
  if (prolog) pos = prolog[0].length;
  const root: XmlElement = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  while (pos < xml.length) {
    const lt = xml.indexOf('<', pos);
    const text = xml.slice(pos, lt === -1 ? xml.length : lt);
    checkText(text, `text of <${stack.at(-1)!.name}>`);
    stack.at(-1)!.text += decode(text);
    if (lt === -1) break;
    const gt = xml.indexOf('>', lt);
    if (gt === -1) throw new Error('unterminated tag');
    const tag = xml.slice(lt + 1, gt);
    pos = gt + 1;
    if (tag.startsWith('/')) {
      const open = stack.pop()!;
      if (open.name !== tag.slice(1).trim()) throw new Error(`</${tag.slice(1)}> closes <${open.name}>`);
      continue;
    }
    const selfClosing = tag.endsWith('/');
    const body = selfClosing ? tag.slice(0, -1) : tag;
    const nameMatch = /^([A-Za-z_][\w.-]*)/.exec(body);
    if (!nameMatch) throw new Error(`bad tag <${tag}>`);
    const element: XmlElement = { name: nameMatch[1]!, attrs: {}, children: [], text: '' };
    const rest = body.slice(nameMatch[0].length);
    const attr = /\s+([A-Za-z_][\w.-]*)="([^"]*)"/y;
    let at = 0;
    while (at < rest.trimEnd().length) {
      attr.lastIndex = at;
      const m = attr.exec(rest);
      if (!m) throw new Error(`bad attributes in <${element.name}${rest}>`);
      checkText(m[2]!, `attribute ${m[1]}`);
      if (m[1]! in element.attrs) throw new Error(`duplicate attribute ${m[1]}`);
      element.attrs[m[1]!] = decode(m[2]!);
      at = attr.lastIndex;
    }
    stack.at(-1)!.children.push(element);
    if (!selfClosing) stack.push(element);
  }
  if (stack.length !== 1) throw new Error(`unclosed <${stack.at(-1)!.name}>`);
  if (root.children.length !== 1) throw new Error('not exactly one root element');
  return root.children[0]!;
}

export function findAll(element: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const child of element.children) {
    if (child.name === name) out.push(child);
    out.push(...findAll(child, name));
  }
  return out;
}
