import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ApiError } from '../../../http/api-error';
import { packageError } from './qti-errors';

/** An element of a parsed file: its local name (prefixed with `{namespace}` when outside the file's namespace). */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

/** Nesting and size beyond any real item: a file past them is refused before it is walked. */
const maxDepth = 200;
const maxNodes = 200_000;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  preserveOrder: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Only the predefined entities and character references: a DOCTYPE (where others are declared) is refused first.
  processEntities: true,
  htmlEntities: true,
});

type Parsed = Record<string, unknown> & { ':@'?: Record<string, string> };

/**
 * What XML 1.0 may hold: a character reference to anything else (`&#0;`, `&#1;`) is decoded by the parser, but
 * becomes U+FFFD here, so that nothing a database cannot store (NUL) or a form cannot show comes in.
 */
const xmlCharacters = (text: string) => text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD');

/**
 * Parses one XML file of a package into elements of `namespace`, refusing (400, naming the file) what is not one: a
 * DOCTYPE or entity declaration (no DTD is ever read: no XXE, no entity expansion), an encoding other than UTF-8,
 * malformed XML, nesting deeper than 200, more than 200 000 nodes, a root element in another namespace.
 */
export function parseQtiXml(text: string, file: string, namespace: string, rootName: string): XmlElement {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const encoding = /^\s*<\?xml[^>]*?encoding\s*=\s*["']([^"']+)["']/.exec(source)?.[1];
  if (encoding && !/^utf-?8$/i.test(encoding)) {
    throw packageError('QTI_INVALID_XML', `${file} is encoded in ${encoding}: only UTF-8 is read`, { file });
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(source)) {
    throw packageError('QTI_DTD_NOT_ALLOWED', `${file} declares a DOCTYPE or entities, which are not read`, { file });
  }
  let parsed: Parsed[];
  try {
    const valid = XMLValidator.validate(source);
    if (valid !== true) {
      throw packageError('QTI_INVALID_XML', `${file} is not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`, {
        file,
        line: valid.err.line,
      });
    }
    parsed = parser.parse(source) as Parsed[];
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // The parser's own failure on pathological input: a stack overflow on extreme nesting, or anything else.
    if (error instanceof RangeError || (error instanceof Error && /nested/i.test(error.message))) {
      throw packageError('QTI_TOO_LARGE', `${file} is nested too deeply`, { file });
    }
    throw packageError('QTI_INVALID_XML', `${file} could not be read as XML`, { file });
  }
  const root = toElements(parsed, file);
  const declared = namespaceOf(root);
  if (declared.namespace !== namespace || localOf(root.name, declared.prefix) !== rootName) {
    throw packageError(
      'QTI_NOT_QTI3',
      `${file} is not a QTI 3.0 ${rootName} (its root is ${root.name} in the namespace ${declared.namespace ?? 'none'})`,
      { file, namespace: declared.namespace ?? '' },
    );
  }
  return inNamespace(root, namespace, declared.prefix);
}

/** fast-xml-parser's ordered output as elements and texts, walked without recursion under the limits. */
function toElements(parsed: Parsed[], file: string): XmlElement {
  const tooLarge = () => packageError('QTI_TOO_LARGE', `${file} is nested too deeply or holds too many elements`, { file });
  const document: XmlElement = { name: '#document', attrs: {}, children: [] };
  const pending: { items: Parsed[]; parent: XmlElement; depth: number }[] = [{ items: parsed, parent: document, depth: 0 }];
  let nodes = 0;
  while (pending.length > 0) {
    const { items, parent, depth } = pending.pop()!;
    if (depth > maxDepth) throw tooLarge();
    for (const item of items) {
      if ((nodes += 1) > maxNodes) throw tooLarge();
      const name = Object.keys(item).find((key) => key !== ':@');
      if (name === undefined || name.startsWith('?')) continue;
      if (name === '#text') {
        parent.children.push(xmlCharacters(String(item[name])));
        continue;
      }
      const attrs = Object.fromEntries(Object.entries(item[':@'] ?? {}).map(([key, value]) => [key, xmlCharacters(String(value))]));
      const element: XmlElement = { name, attrs, children: [] };
      parent.children.push(element);
      pending.push({ items: (item[name] as Parsed[]) ?? [], parent: element, depth: depth + 1 });
    }
  }
  const root = document.children.find((child): child is XmlElement => typeof child !== 'string');
  if (!root) throw packageError('QTI_INVALID_XML', `${file} holds no element`, { file });
  return root;
}

function namespaceOf(root: XmlElement): { namespace: string | undefined; prefix: string } {
  const colon = root.name.indexOf(':');
  const prefix = colon === -1 ? '' : root.name.slice(0, colon);
  return { namespace: root.attrs[prefix ? `xmlns:${prefix}` : 'xmlns'], prefix };
}

const localOf = (name: string, prefix: string) =>
  prefix ? (name.startsWith(`${prefix}:`) ? name.slice(prefix.length + 1) : `{}${name}`) : name;

/** Renames the elements of `namespace` to their local names, others to `{namespace}name`, following xmlns declarations. */
function inNamespace(root: XmlElement, namespace: string, prefix: string): XmlElement {
  const walk = (element: XmlElement, defaultNamespace: string | undefined): XmlElement => {
    const declaredDefault = element.attrs.xmlns ?? defaultNamespace;
    const colon = element.name.indexOf(':');
    let name: string;
    if (colon === -1) name = declaredDefault === namespace && !prefix ? element.name : `{${declaredDefault ?? ''}}${element.name}`;
    else {
      const elementPrefix = element.name.slice(0, colon);
      const elementNamespace = element.attrs[`xmlns:${elementPrefix}`] ?? (elementPrefix === prefix ? namespace : undefined);
      name =
        elementNamespace === namespace
          ? element.name.slice(colon + 1)
          : `{${elementNamespace ?? elementPrefix}}${element.name.slice(colon + 1)}`;
    }
    const children = element.children.map((child) => (typeof child === 'string' ? child : walk(child, declaredDefault)));
    return { name, attrs: element.attrs, children };
  };
  return walk(root, prefix ? undefined : namespace);
}

export const elements = (element: XmlElement, name?: string): XmlElement[] =>
  element.children.filter((child): child is XmlElement => typeof child !== 'string' && (name === undefined || child.name === name));

export const firstElement = (element: XmlElement, name: string): XmlElement | undefined => elements(element, name)[0];

/** Every element below `element` (itself excluded), depth first, in document order. */
export function descendants(element: XmlElement): XmlElement[] {
  const found: XmlElement[] = [];
  const pending = [...elements(element)].reverse();
  while (pending.length > 0) {
    const next = pending.pop()!;
    found.push(next);
    pending.push(...elements(next).reverse());
  }
  return found;
}

/** The text of an element and everything in it, whitespace runs as one space, trimmed. */
export function textOf(node: XmlNode): string {
  const parts: string[] = [];
  const pending: XmlNode[] = [node];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (typeof next === 'string') parts.push(next);
    else pending.push(...[...next.children].reverse());
  }
  return parts.join('').replace(/\s+/g, ' ').trim();
}
