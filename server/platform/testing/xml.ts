import { createRequire } from 'node:module';

/** jsdom (a dev dependency without its own types): only its DOMParser is used. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } } };

/** An XML element as data: its name, its attributes (sorted by name) and its children, text joined. */
export interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: Array<XmlNode | string>;
}

let parser: DOMParser | undefined;

function toNode(element: Element): XmlNode {
  const attributes: Record<string, string> = {};
  for (const attribute of [...element.attributes].sort((a, b) => a.name.localeCompare(b.name))) attributes[attribute.name] = attribute.value;
  const children: Array<XmlNode | string> = [];
  for (const child of element.childNodes) {
    if (child.nodeType === 1) children.push(toNode(child as Element));
    else if (child.nodeType === 3 || child.nodeType === 4) {
      const last = children.at(-1);
      if (typeof last === 'string') children[children.length - 1] = last + (child.textContent ?? '');
      else children.push(child.textContent ?? '');
    }
  }
  return { name: element.tagName, attributes, children };
}

/**
 * An XML document read by a real parser (jsdom's DOMParser) into data, so two documents compare equal when they say
 * the same thing however they are written (`<a></a>` or `<a/>`, `'` or `&apos;`, attribute order). Throws on a
 * document that is not well-formed.
 */
export function parseXml(xml: string): XmlNode {
  parser ??= new new JSDOM('').window.DOMParser();
  const document = parser.parseFromString(xml, 'text/xml');
  const error = document.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`Not well-formed XML: ${error.textContent ?? ''}\n${xml}`);
  return toNode(document.documentElement);
}
