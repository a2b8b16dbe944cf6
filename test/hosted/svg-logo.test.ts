/**
 * SVG logos pass an allow-list parse (svg-check.ts) or are refused: the bypasses the old pattern
 * filter let through (issue 12: a script in a namespace, an entity-encoded javascript: URL, a
 * data:text/html link) and their relatives, next to ordinary logos as drawing programs write them.
 */
import { describe, expect, it } from 'vitest';
import { contentMismatch } from '../../src/service/records/documents.js';

const svg = (inner: string, rootAttributes = '') => `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"${rootAttributes}>${inner}</svg>`;
const check = (text: string) => contentMismatch('image/svg+xml', new Uint8Array(Buffer.from(text, 'utf8')));

describe('SVG logos: refused unless they pass the allow-list', () => {
  it.each([
    ['a script in the XHTML namespace under a prefix', svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>'), /h:script.*namespace http:\/\/www\.w3\.org\/1999\/xhtml/],
    ['an XHTML script as the default namespace of a child', svg('<g><script xmlns="http://www.w3.org/1999/xhtml">alert(1)</script></g>'), /<script> in the namespace/],
    ['an entity-encoded javascript: href', svg('<a href="jav&#x61;script:alert(1)"><rect width="1" height="1"/></a>'), /<a>/],
    ['an entity-encoded javascript: href on <use>', svg('<use xlink:href="jav&#x61;script:alert(1)"/>'), /xlink:href="javascript:alert\(1\)"/],
    ['a javascript: URL split by a tab', svg('<use href="java&#9;script:alert(1)"/>'), /href=/],
    ['a data:text/html link', svg('<image href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==" width="1" height="1"/>'), /data:text\/html/],
    ['a data: SVG image (could carry its own script)', svg('<image href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" width="1" height="1"/>'), /data:image\/svg\+xml/],
    ['an external image', svg('<image href="https://tracker.example/p.png" width="1" height="1"/>'), /https:\/\/tracker/],
    ['an event handler', svg('<rect width="1" height="1" onclick="alert(1)"/>'), /onclick/],
    ['an event handler in an odd case', svg('<rect width="1" height="1" OnLoad="alert(1)"/>'), /OnLoad/],
    ['foreignObject', svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'), /foreignObject/],
    ['an animation that rewrites an href', svg('<a><set attributeName="href" to="javascript:alert(1)"/></a>'), /<a>/],
    ['an entity declaration', `<!DOCTYPE svg [<!ENTITY x "&#60;script&#62;alert(1)&#60;/script&#62;">]>${svg('<text>&x;</text>')}`, /internal subset/],
    ['an undefined entity', svg('<text>&x;</text>'), /not well-formed XML/],
    ['an external stylesheet processing instruction', `<?xml-stylesheet href="https://x.example/a.css"?>${svg('')}`, /xml-stylesheet/],
    ['CSS importing a stylesheet', svg('<style>@import url(https://x.example/a.css);</style>'), /<style>/],
    ['CSS fetching an external url()', svg('<rect width="1" height="1" style="fill:url(https://x.example/p)"/>'), /style attribute/],
    ['CSS hiding a word behind an escape', svg('<style>rect{background:u\\72l(https://x.example)}</style>'), /escapes/],
    ['a root that is not SVG', '<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>', /root element must be <svg>/],
    ['an svg root without the SVG namespace', '<svg><rect/></svg>', /root element must be <svg>/],
    ['malformed XML', '<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>', /not well-formed XML/],
  ])('refuses %s', (_label, text, reason) => {
    const problem = check(text);
    expect(problem).not.toBeNull();
    expect(problem).toMatch(reason);
  });

  it.each([
    ['a plain drawing', `<?xml version="1.0" encoding="UTF-8"?>\n${svg('<rect width="10" height="10" fill="#336699"/><circle cx="5" cy="5" r="2" style="fill:#fff;stroke:none"/>')}`],
    ['gradients referenced by url(#id) and <use> by #id', svg('<defs><linearGradient id="g"><stop offset="0" stop-color="#000"/></linearGradient><path id="p" d="M0 0h10v10z"/></defs><use xlink:href="#p" fill="url(#g)"/>')],
    ['a standard DOCTYPE and an embedded PNG', `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${svg('<image width="1" height="1" href="data:image/png;base64,iVBORw0KGgo="/>')}`],
    ['Inkscape metadata and a style sheet of classes', svg('<metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description/></rdf:RDF></metadata><style>.a{fill:#123}</style><text class="a" x="1" y="9" font-family="Arial">Acme &amp; Co</text>', ' xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" inkscape:version="1.3"')],
  ])('accepts %s', (_label, text) => {
    expect(check(text)).toBeNull();
  });
});
