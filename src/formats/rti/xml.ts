/**
 * A small XML writer for the RTI messages: elements with attributes and either text or children, written with
 * two-space indentation and LF line ends, text and attribute values escaped (XML 1.0 §2.4: `&`, `<`, `>`; in
 * attributes also `"`). Optional parts are left out by passing null or undefined among the children.
 */
export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly text: string | null;
  readonly children: readonly XmlElement[];
}

type Child = XmlElement | null | undefined | false;

/** `el('Name', 'text')`, `el('Name', [children])`, `el('Name', attrs, 'text' | [children])`. */
export function el(name: string, content: string | readonly Child[]): XmlElement;
export function el(name: string, attributes: Record<string, string>, content: string | readonly Child[]): XmlElement;
export function el(name: string, a: Record<string, string> | string | readonly Child[], b?: string | readonly Child[]): XmlElement {
  const hasAttributes = typeof a === 'object' && !Array.isArray(a);
  const attributes = hasAttributes ? (a as Record<string, string>) : {};
  const content = (hasAttributes ? b : a) as string | readonly Child[];
  if (typeof content === 'string') return { name, attributes, text: content, children: [] };
  return { name, attributes, text: null, children: content.filter((c): c is XmlElement => Boolean(c)) };
}

/** An element only when its value is present. */
export function optional(name: string, value: string | null | undefined): XmlElement | null {
  return value === null || value === undefined ? null : el(name, value);
}

export function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;');
}

function write(node: XmlElement, depth: number, out: string[]): void {
  const pad = '  '.repeat(depth);
  const attributes = Object.entries(node.attributes)
    .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`)
    .join('');
  if (node.text !== null) {
    out.push(`${pad}<${node.name}${attributes}>${escapeText(node.text)}</${node.name}>`);
    return;
  }
  if (node.children.length === 0) {
    out.push(`${pad}<${node.name}${attributes}/>`);
    return;
  }
  out.push(`${pad}<${node.name}${attributes}>`);
  for (const child of node.children) write(child, depth + 1, out);
  out.push(`${pad}</${node.name}>`);
}

/** The document: XML declaration (UTF-8), the element tree, a final line end. */
export function xmlDocument(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(root, 0, out);
  return `${out.join('\n')}\n`;
}
