import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';

/**
 * SVG images (logos, documents declared image/svg+xml) are accepted only when they pass an
 * allow-list parse (docs/decisions.md H26): a strict, namespace-aware
 * XML parser (saxes) reads the file; every element must be an SVG drawing element from the list
 * below (or an inert metadata element), every attribute must be on the list, and every reference
 * must point inside the file. Entities are decoded by the parser before any check (so
 * `jav&#x61;script:` is seen as `javascript:`); only the five predefined XML entities and
 * character references exist, because any DOCTYPE with an internal subset is refused and saxes
 * never reads an external DTD. The bytes are refused, never rewritten: a stored document keeps
 * the exact bytes and SHA-256 the clerk uploaded.
 *
 * Why refuse rather than strip: a logo is rendered by PDF generators, mail clients and browsers
 * (opened directly, an SVG is a document that runs its scripts), and a file that needs stripping
 * was not drawn as a plain logo.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** Editor metadata namespaces (Inkscape, Sodipodi, RDF, Dublin Core, Creative Commons): no browser gives them behaviour. */
const INERT_NS = new Set([
  'http://www.inkscape.org/namespaces/inkscape',
  'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://purl.org/dc/elements/1.1/',
  'http://creativecommons.org/ns#',
  'http://web.resource.org/cc/',
]);

/** Static drawing only: no script, a, foreignObject, iframe, animate/set (which can rewrite an href), feImage. */
const ELEMENTS = new Set([
  'svg', 'g', 'defs', 'title', 'desc', 'metadata', 'symbol', 'use', 'style',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'image',
  'text', 'tspan', 'textPath',
  'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker',
  'filter', 'feGaussianBlur', 'feOffset', 'feBlend', 'feColorMatrix', 'feMerge', 'feMergeNode', 'feFlood', 'feComposite', 'feMorphology', 'feDropShadow',
]);

/** Geometry and presentation attributes (SVG 1.1 / SVG 2); no event handler (on*) is on it. */
const ATTRIBUTES = new Set([
  'id', 'class', 'style', 'transform', 'version', 'baseProfile', 'viewBox', 'preserveAspectRatio', 'width', 'height', 'x', 'y', 'x1', 'y1', 'x2', 'y2',
  'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr', 'd', 'points', 'pathLength', 'href',
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'stroke-opacity',
  'opacity', 'color', 'display', 'visibility', 'overflow', 'clip-path', 'clip-rule', 'mask', 'filter', 'vector-effect', 'shape-rendering', 'text-rendering', 'image-rendering', 'color-interpolation', 'color-interpolation-filters',
  'paint-order', 'mix-blend-mode', 'isolation', 'enable-background', 'marker-start', 'marker-mid', 'marker-end', 'markerWidth', 'markerHeight', 'markerUnits', 'refX', 'refY', 'orient',
  'offset', 'stop-color', 'stop-opacity', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'patternUnits', 'patternContentUnits', 'patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits',
  'filterUnits', 'primitiveUnits', 'in', 'in2', 'result', 'stdDeviation', 'mode', 'type', 'values', 'operator', 'k1', 'k2', 'k3', 'k4', 'flood-color', 'flood-opacity', 'radius', 'dx', 'dy',
  'font-family', 'font-size', 'font-weight', 'font-style', 'font-variant', 'font-stretch', 'text-anchor', 'dominant-baseline', 'alignment-baseline', 'baseline-shift', 'letter-spacing', 'word-spacing',
  'text-decoration', 'writing-mode', 'direction', 'unicode-bidi', 'rotate', 'textLength', 'lengthAdjust', 'startOffset', 'method', 'spacing', 'data-name',
]);

/** Raster images embedded in the file; nothing is ever fetched (a data: SVG or HTML document could carry a script). */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;

/** What a browser ignores inside a URL scheme (C0 controls, spaces): `java\tscript:` is still javascript:. */
function normalizedUrl(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0020\u007f-\u009f]+/g, '');
}

/** CSS may only reference the file itself: url(#id); no @import, escapes (which hide words), expressions or bindings. */
function cssProblem(css: string): string | null {
  if (/[\\@<]/.test(css)) return 'uses CSS escapes, @-rules or markup';
  if (/expression\s*\(|javascript:|-moz-binding|behavior\s*:/i.test(css)) return 'uses active CSS';
  for (const match of css.matchAll(/url\s*\(\s*(['"]?)([^'")]*)\1\s*\)/gi)) {
    if (!normalizedUrl(match[2] ?? '').startsWith('#')) return 'references content outside the file in CSS url()';
  }
  if (/url\s*\(/i.test(css.replace(/url\s*\(\s*(['"]?)#[^'")]*\1\s*\)/gi, ''))) return 'references content outside the file in CSS url()';
  return null;
}

function attributeProblem(element: string, attribute: SaxesAttributeNS): string | null {
  const { uri, local, value, name } = attribute;
  if (uri === XMLNS_NS || name === 'xmlns') return null; // a declaration; what uses it is checked
  if (uri === XML_NS) return local === 'space' || local === 'lang' ? null : `has the attribute ${name}`;
  if (INERT_NS.has(uri)) return null;
  const isHref = (uri === XLINK_NS && local === 'href') || (uri === '' && local === 'href');
  if (uri === XLINK_NS && !isHref) return local === 'title' ? null : `has the attribute ${name}`;
  if (uri !== '' && !isHref) return `has the attribute ${name} in the namespace ${uri}`;
  if (!isHref && !ATTRIBUTES.has(local)) return `has the attribute ${name} on <${element}>`;
  if (isHref) {
    const url = normalizedUrl(value);
    if (url.startsWith('#')) return null;
    if (element === 'image' && DATA_IMAGE.test(value.trim())) return null;
    return `has ${name}="${value.slice(0, 40)}" on <${element}>: a logo may reference only its own elements (#id) or embed a PNG, JPEG, GIF or WebP image`;
  }
  if (local === 'style' || /url\s*\(/i.test(value)) {
    const problem = cssProblem(value);
    if (problem) return `has a ${name} attribute on <${element}> that ${problem}`;
  }
  return null;
}

/**
 * Why the text is not an acceptable SVG image, or null when it passes the allow-list.
 * The reason names the first offending element or attribute.
 */
export function svgProblem(text: string): string | null {
  const parser = new SaxesParser({ xmlns: true, position: true });
  let problem: string | null = null;
  let depth = 0;
  let root = true;
  const stack: string[] = [];
  const fail = (reason: string): never => {
    problem ??= reason;
    throw new SvgRefused();
  };
  parser.on('error', (error) => fail(`is not well-formed XML (${error.message.replace(/^[^:]*:\d+:\d+: /, '')})`));
  parser.on('doctype', (doctype) => {
    if (doctype.includes('[')) fail('declares a DOCTYPE with an internal subset (entity declarations), which a logo must not carry');
  });
  parser.on('processinginstruction', (pi) => fail(`has the processing instruction <?${pi.target}?>, which a logo must not carry`));
  parser.on('opentag', (tag) => {
    const element = tag as SaxesTagNS;
    if (root) {
      if (element.uri !== SVG_NS || element.local !== 'svg') fail('is not an SVG image although mime_type says image/svg+xml (the root element must be <svg> in the SVG namespace)');
      root = false;
    }
    const inMetadata = stack.includes('metadata');
    if (INERT_NS.has(element.uri)) {
      if (!inMetadata && !element.uri.includes('inkscape') && !element.uri.includes('sodipodi')) fail(`has the element <${element.name}> outside <metadata>`);
    } else if (element.uri !== SVG_NS) {
      fail(`has the element <${element.name}> in the namespace ${element.uri || '(none)'}, which a logo must not carry (only SVG drawing elements are allowed)`);
    } else if (!ELEMENTS.has(element.local)) {
      fail(`has the element <${element.name}>, which a logo must not carry (scripts, links, animations and foreign content are refused)`);
    }
    for (const attribute of Object.values(element.attributes)) {
      const reason = attributeProblem(element.local, attribute);
      if (reason) fail(`is an SVG that ${reason}`);
    }
    stack.push(element.uri === SVG_NS ? element.local : `{${element.uri}}${element.local}`);
    depth += 1;
    if (depth > 256) fail('nests elements more than 256 deep');
  });
  parser.on('closetag', () => {
    stack.pop();
    depth -= 1;
  });
  const styleText = (text: string) => {
    if (stack[stack.length - 1] === 'style') {
      const reason = cssProblem(text);
      if (reason) fail(`is an SVG whose <style> ${reason}`);
    }
  };
  parser.on('text', styleText);
  parser.on('cdata', styleText);
  try {
    parser.write(text).close();
  } catch (error) {
    if (!(error instanceof SvgRefused)) throw error;
  }
  if (problem) return problem;
  if (root) return 'is not an SVG image although mime_type says image/svg+xml';
  return null;
}

class SvgRefused extends Error {}
