/**
 * Translates a BMF Programmablaufplan (the official XML pseudo-code, e.g. Lohnsteuer2026.xml) into a
 * readable TypeScript class: one field per PAP variable, one method per PAP step, same names, the
 * BMF's comments kept (they cite the PAP pages), every BigDecimal operation mapped one to one
 * (see domain/de/lohnsteuer/bigdecimal.ts). A construct the translator does not know stops it with an
 * error, so a new edition never translates silently wrong.
 *
 * A development tool, not part of the engine, so it lives in tools/ outside the production layers: the
 * generated files are committed and reviewed, and nothing runs this at build time. For a new edition:
 *
 *   npm run build
 *   node dist/tools/pap-generator/main.js --mode bigdecimal < Lohnsteuer2027.xml > src/domain/de/lohnsteuer/lohnsteuer2027-bigdecimal.ts
 *   node dist/tools/pap-generator/main.js --mode fast < Lohnsteuer2027.xml > src/domain/de/lohnsteuer/lohnsteuer2027.ts
 *   node dist/tools/pap-generator/main.js --mode ranges < Lohnsteuer2027.xml > docs/pap-ranges-2027.md
 *
 * then review the diff against the previous year's files and add the edition to domain/de/editions.ts. This file
 * is the BigDecimal translation; ./fast.ts the scaled-integer one that runs in production, ./ranges.ts its proof.
 * This module is the pure translation; ./main.ts is its command line.
 */

// ---------------------------------------------------------------------------------------------
// A minimal XML reader: elements, attributes (quote-aware, so `expr="R > 0"` works), comments.
// ---------------------------------------------------------------------------------------------

export interface XmlElement {
  kind: 'element';
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  line: number;
  endLine: number;
}
export interface XmlComment {
  kind: 'comment';
  text: string;
  line: number;
}
export type XmlNode = XmlElement | XmlComment;

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos);/g, (_, name: string) => ENTITIES[name] ?? '');
}

export function parseXml(source: string): XmlElement {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  let pos = 0;
  let line = 1;
  const root: XmlElement = { kind: 'element', name: '#document', attrs: {}, children: [], line: 1, endLine: 1 };
  const stack: XmlElement[] = [root];

  const advance = (to: number): void => {
    for (let i = pos; i < to; i++) if (text.charCodeAt(i) === 10) line++;
    pos = to;
  };
  const fail = (message: string): never => {
    throw new Error(`XML line ${line}: ${message}`);
  };

  while (pos < text.length) {
    const lt = text.indexOf('<', pos);
    if (lt < 0) break;
    advance(lt);
    const parent = stack[stack.length - 1]!;
    if (text.startsWith('<!--', pos)) {
      const end = text.indexOf('-->', pos + 4);
      if (end < 0) fail('unterminated comment');
      const startLine = line;
      const body = text.slice(pos + 4, end);
      advance(end + 3);
      parent.children.push({ kind: 'comment', text: body, line: startLine });
    } else if (text.startsWith('<?', pos)) {
      const end = text.indexOf('?>', pos);
      advance(end < 0 ? text.length : end + 2);
    } else if (text.startsWith('</', pos)) {
      const end = text.indexOf('>', pos);
      const name = text.slice(pos + 2, end).trim();
      const open = stack.pop();
      if (!open || open.name !== name) fail(`</${name}> does not close <${open?.name ?? '?'}>`);
      open!.endLine = line;
      advance(end + 1);
    } else {
      let i = pos + 1;
      while (i < text.length && /[A-Za-z0-9_:-]/.test(text[i]!)) i++;
      const element: XmlElement = { kind: 'element', name: text.slice(pos + 1, i), attrs: {}, children: [], line, endLine: line };
      for (;;) {
        while (/\s/.test(text[i] ?? '')) i++;
        if (text.startsWith('/>', i)) {
          advance(i + 2);
          element.endLine = line;
          parent.children.push(element);
          break;
        }
        if (text[i] === '>') {
          advance(i + 1);
          parent.children.push(element);
          stack.push(element);
          break;
        }
        const nameStart = i;
        while (i < text.length && /[A-Za-z0-9_:-]/.test(text[i]!)) i++;
        const attr = text.slice(nameStart, i);
        if (!attr) fail(`bad attribute in <${element.name}>`);
        while (/\s/.test(text[i] ?? '')) i++;
        if (text[i] !== '=') fail(`attribute ${attr} without value`);
        i++;
        while (/\s/.test(text[i] ?? '')) i++;
        const quote = text[i];
        if (quote !== '"' && quote !== "'") fail(`attribute ${attr} not quoted`);
        const close = text.indexOf(quote!, i + 1);
        element.attrs[attr] = decodeEntities(text.slice(i + 1, close));
        i = close + 1;
      }
    }
  }
  if (stack.length !== 1) fail(`<${stack[stack.length - 1]!.name}> not closed`);
  return root;
}

// ---------------------------------------------------------------------------------------------
// Java expressions of the PAP: a tokenizer and a recursive-descent parser.
// ---------------------------------------------------------------------------------------------

export type Expr =
  | { t: 'num'; text: string }
  | { t: 'id'; name: string }
  | { t: 'member'; obj: Expr; name: string }
  | { t: 'call'; obj: Expr | null; name: string; args: Expr[] }
  | { t: 'new'; cls: string; args: Expr[] }
  | { t: 'index'; obj: Expr; index: Expr }
  | { t: 'bin'; op: string; l: Expr; r: Expr }
  | { t: 'unary'; op: string; e: Expr }
  | { t: 'array'; items: Expr[] };

const TOKEN = /\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z0-9_]*)|(==|!=|<=|>=|&&|\|\||[-+*/<>=!(),.[\]{}]))/y;

function tokenize(source: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  let rest = source.trim();
  while (rest.length > 0) {
    TOKEN.lastIndex = 0;
    const m = TOKEN.exec(rest);
    if (!m) throw new Error(`cannot read Java expression at "${rest}" in "${source}"`);
    tokens.push(m[1] ?? m[2] ?? m[3]!);
    rest = rest.slice(m[0].length).trimStart();
  }
  return tokens;
}

export class JavaParser {
  private i = 0;
  constructor(
    private readonly tokens: string[],
    private readonly source: string,
  ) {}

  static expression(source: string): Expr {
    const p = new JavaParser(tokenize(source), source);
    const e = p.or();
    p.end();
    return e;
  }

  /** `NAME = expression` */
  static assignment(source: string): { target: string; value: Expr } {
    const p = new JavaParser(tokenize(source), source);
    const target = p.next();
    if (!/^[A-Za-z_]\w*$/.test(target)) p.fail(`assignment target "${target}"`);
    p.expect('=');
    const value = p.or();
    p.end();
    return { target, value };
  }

  private fail(what: string): never {
    throw new Error(`unsupported Java (${what}) in "${this.source}"`);
  }
  private peek(): string | undefined {
    return this.tokens[this.i];
  }
  private next(): string {
    const token = this.tokens[this.i++];
    if (token === undefined) this.fail('unexpected end');
    return token!;
  }
  private expect(token: string): void {
    if (this.next() !== token) this.fail(`expected "${token}"`);
  }
  private end(): void {
    if (this.i !== this.tokens.length) this.fail(`trailing "${this.tokens.slice(this.i).join(' ')}"`);
  }
  private binary(ops: string[], operand: () => Expr): Expr {
    let left = operand();
    while (ops.includes(this.peek() ?? '')) {
      const op = this.next();
      left = { t: 'bin', op, l: left, r: operand() };
    }
    return left;
  }
  or(): Expr {
    return this.binary(['||'], () => this.and());
  }
  private and(): Expr {
    return this.binary(['&&'], () => this.equality());
  }
  private equality(): Expr {
    return this.binary(['==', '!='], () => this.relational());
  }
  private relational(): Expr {
    return this.binary(['<', '>', '<=', '>='], () => this.additive());
  }
  private additive(): Expr {
    return this.binary(['+', '-'], () => this.multiplicative());
  }
  private multiplicative(): Expr {
    return this.binary(['*', '/'], () => this.unary());
  }
  private unary(): Expr {
    if (this.peek() === '-' || this.peek() === '!') {
      const op = this.next();
      return { t: 'unary', op, e: this.unary() };
    }
    return this.postfix(this.primary());
  }
  private args(): Expr[] {
    this.expect('(');
    const args: Expr[] = [];
    if (this.peek() === ')') {
      this.next();
      return args;
    }
    for (;;) {
      args.push(this.or());
      const token = this.next();
      if (token === ')') return args;
      if (token !== ',') this.fail('expected "," or ")"');
    }
  }
  private primary(): Expr {
    const token = this.next();
    if (token === '(') {
      const e = this.or();
      this.expect(')');
      return e;
    }
    if (token === '{') {
      const items: Expr[] = [];
      for (;;) {
        items.push(this.or());
        const sep = this.next();
        if (sep === '}') return { t: 'array', items };
        if (sep !== ',') this.fail('expected "," or "}"');
      }
    }
    if (/^\d/.test(token)) return { t: 'num', text: token };
    if (token === 'new') {
      const cls = this.next();
      return { t: 'new', cls, args: this.args() };
    }
    if (/^[A-Za-z_]/.test(token)) {
      if (this.peek() === '(') return { t: 'call', obj: null, name: token, args: this.args() };
      return { t: 'id', name: token };
    }
    return this.fail(`token "${token}"`);
  }
  private postfix(base: Expr): Expr {
    let e = base;
    for (;;) {
      if (this.peek() === '.') {
        this.next();
        const name = this.next();
        e = this.peek() === '(' ? { t: 'call', obj: e, name, args: this.args() } : { t: 'member', obj: e, name };
      } else if (this.peek() === '[') {
        this.next();
        const index = this.or();
        this.expect(']');
        e = { t: 'index', obj: e, index };
      } else {
        return e;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Translation to TypeScript over decimal.js.
// ---------------------------------------------------------------------------------------------

/** Java types the PAP uses: BigDecimal, BigDecimal[], int, long, double, boolean, a rounding mode. */
export type JType = 'big' | 'big[]' | 'int' | 'long' | 'double' | 'bool' | 'rm';
interface Typed {
  code: string;
  type: JType;
  /** Precedence of the emitted code (higher binds tighter), to parenthesize only where needed. */
  prec: number;
}

const PREC: Record<string, number> = { '||': 1, '&&': 2, '==': 3, '!=': 3, '<': 4, '>': 4, '<=': 4, '>=': 4, '+': 5, '-': 5, '*': 6, '/': 6 };
const ATOM = 20;

interface Variable {
  name: string;
  type: JType;
  section: 'input' | 'output' | 'internal';
  defaultValue: string | undefined;
  comment: string;
}

interface Constant {
  name: string;
  type: JType;
  value: string;
  comment: string;
}

class Translator {
  readonly variables = new Map<string, Variable>();
  readonly constants = new Map<string, Constant>();
  readonly methods = new Set<string>();
  /** Literal BigDecimal constants hoisted out of the methods: TS name → decimal string. */
  readonly literals = new Map<string, string>();

  /** The TS name of the hoisted constant for a numeric literal, e.g. 0.07 → D_0_07. */
  literal(text: string): string {
    if (!/^\d+(\.\d+)?$/.test(text)) throw new Error(`bad literal ${text}`);
    const normalized = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
    const name = `D_${normalized.replace('.', '_')}`;
    this.literals.set(name, normalized);
    return name;
  }

  /** Translates an expression. `inConstant`: module-level constant context (allocate inline, no hoisting). */
  expr(e: Expr, inConstant = false): Typed {
    switch (e.t) {
      case 'num':
        return { code: e.text, type: e.text.includes('.') ? 'double' : 'int', prec: ATOM };
      case 'id': {
        const v = this.variables.get(e.name);
        if (v) return { code: `this.${v.name}`, type: v.type, prec: ATOM };
        const c = this.constants.get(e.name);
        if (c) return { code: c.name, type: c.type, prec: ATOM };
        throw new Error(`unknown identifier ${e.name}`);
      }
      case 'member': {
        if (e.obj.t === 'id' && e.obj.name === 'BigDecimal') {
          if (e.name === 'ZERO' || e.name === 'ONE') return { code: `BigDecimal.${e.name}`, type: 'big', prec: ATOM };
          // Only the two modes the PAP uses exist in ./bigdecimal.ts; any other stops the translation.
          if (e.name === 'ROUND_DOWN' || e.name === 'ROUND_UP') return { code: `BigDecimal.${e.name}`, type: 'rm', prec: ATOM };
        }
        throw new Error(`unsupported member ${JSON.stringify(e)}`);
      }
      case 'new': {
        const arg = e.args[0];
        if (e.cls === 'BigDecimal' && e.args.length === 1 && arg?.t === 'num' && !arg.text.includes('.')) return this.bigLiteral(arg.text, inConstant);
        // new BigDecimal(double) would be the binary value of the double: not a PAP idiom, refuse it.
        throw new Error(`unsupported constructor ${JSON.stringify(e)}`);
      }
      case 'index': {
        const obj = this.expr(e.obj, inConstant);
        const index = this.expr(e.index, inConstant);
        if (obj.type !== 'big[]' || index.type !== 'int') throw new Error(`bad index ${JSON.stringify(e)}`);
        return { code: `${obj.code}[${index.code}]!`, type: 'big', prec: ATOM };
      }
      case 'unary': {
        const inner = this.expr(e.e, inConstant);
        if (e.op === '-' && inner.type === 'int') return { code: `-${this.wrap(inner, 7)}`, type: 'int', prec: 7 };
        if (e.op === '!' && inner.type === 'bool') return { code: `!${this.wrap(inner, 7)}`, type: 'bool', prec: 7 };
        throw new Error(`unsupported unary ${e.op}`);
      }
      case 'bin':
        return this.binary(e.op, e.l, e.r);
      case 'call':
        return this.call(e, inConstant);
      case 'array': {
        const items = e.items.map((item) => this.expr(item, true));
        if (items.some((item) => item.type !== 'big')) throw new Error('array of non-BigDecimal values');
        // Eight values a line, so an index (J, K = 1..54) is easy to find: row r holds indices 8r..8r+7.
        const rows: string[] = [];
        for (let i = 0; i < items.length; i += 8) rows.push(`  ${items.slice(i, i + 8).map((item) => item.code).join(', ')},`);
        return { code: `[\n${rows.join('\n')}\n]`, type: 'big[]', prec: ATOM };
      }
    }
  }

  private bigLiteral(text: string, inConstant: boolean): Typed {
    if (inConstant) return { code: literalCode(text), type: 'big', prec: ATOM };
    return { code: this.literal(text), type: 'big', prec: ATOM };
  }

  private wrap(t: Typed, prec: number): string {
    return t.prec < prec ? `(${t.code})` : t.code;
  }

  private binary(op: string, le: Expr, re: Expr): Typed {
    const l = this.expr(le);
    const r = this.expr(re);
    const prec = PREC[op];
    if (prec === undefined) throw new Error(`unsupported operator ${op}`);
    const numeric = (t: Typed): boolean => t.type === 'int' || t.type === 'long';
    if (op === '&&' || op === '||') {
      if (l.type !== 'bool' || r.type !== 'bool') throw new Error(`${op} on non-booleans`);
      return { code: `${this.wrap(l, prec)} ${op} ${this.wrap(r, prec + 1)}`, type: 'bool', prec };
    }
    if (!numeric(l) || !numeric(r)) throw new Error(`operator ${op} on ${l.type} and ${r.type}: only int arithmetic is plain Java`);
    if (op === '/') throw new Error('int division is not supported');
    const jsOp = op === '==' ? '===' : op === '!=' ? '!==' : op;
    return { code: `${this.wrap(l, prec)} ${jsOp} ${this.wrap(r, prec + 1)}`, type: prec <= 4 ? 'bool' : 'int', prec };
  }

  private call(e: Extract<Expr, { t: 'call' }>, inConstant: boolean): Typed {
    if (e.obj === null) throw new Error(`call of free function ${e.name}`);
    if (e.obj.t === 'id' && e.obj.name === 'BigDecimal') {
      if (e.name !== 'valueOf' || e.args.length !== 1) throw new Error(`unsupported BigDecimal.${e.name}`);
      const arg = e.args[0]!;
      // valueOf(double) is new BigDecimal(Double.toString(d)): the literal's decimal value.
      if (arg.t === 'num') return this.bigLiteral(arg.text, inConstant);
      const value = this.expr(arg, inConstant);
      if (value.type === 'int' || value.type === 'long') return { code: `BigDecimal.valueOf(${value.code})`, type: 'big', prec: ATOM };
      // A double variable is held as BigDecimal.valueOf(double) already (see setInputs).
      if (value.type === 'double') return { code: value.code, type: 'big', prec: value.prec };
      throw new Error(`BigDecimal.valueOf(${value.type})`);
    }
    const recv = this.expr(e.obj, inConstant);
    if (recv.type !== 'big') throw new Error(`method ${e.name} on ${recv.type}`);
    const args = e.args.map((a) => this.expr(a, inConstant));
    const big = (i: number): string => {
      const a = args[i];
      if (!a || a.type !== 'big') throw new Error(`${e.name}: argument ${i} must be a BigDecimal`);
      return a.code;
    };
    const int = (i: number): string => {
      const a = args[i];
      if (!a || a.type !== 'int') throw new Error(`${e.name}: argument ${i} must be an int`);
      return a.code;
    };
    const rm = (i: number): string => {
      const a = args[i];
      if (!a || a.type !== 'rm') throw new Error(`${e.name}: argument ${i} must be a rounding mode`);
      return a.code;
    };
    const chain = (call: string, type: JType = 'big'): Typed => ({ code: `${this.wrap(recv, ATOM)}.${call}`, type, prec: ATOM });
    switch (e.name) {
      case 'add':
      case 'subtract':
      case 'multiply':
        if (args.length === 1) return chain(`${e.name}(${big(0)})`);
        break;
      case 'divide':
        if (args.length === 1) return chain(`divide(${big(0)})`); // exact (throws if non-terminating)
        if (args.length === 3) return chain(`divide(${big(0)}, ${int(1)}, ${rm(2)})`);
        break;
      case 'setScale':
        if (args.length === 2) return chain(`setScale(${int(0)}, ${rm(1)})`);
        break;
      case 'compareTo':
        if (args.length === 1) return chain(`compareTo(${big(0)})`, 'int');
        break;
      case 'longValue':
        if (args.length === 0) return chain('longValue()', 'long');
        break;
    }
    throw new Error(`unsupported BigDecimal.${e.name}/${args.length}`);
  }

  /** `NAME = value` as a TypeScript statement. */
  assignment(source: string): string {
    const { target, value } = JavaParser.assignment(source);
    const v = this.variables.get(target);
    if (!v) throw new Error(`assignment to unknown variable ${target}`);
    const rhs = this.expr(value);
    let code: string;
    if (v.type === 'big' || v.type === 'double') {
      if (rhs.type === 'big' || (v.type === 'double' && rhs.type === 'double')) code = rhs.code;
      else if (rhs.type === 'long' && v.type === 'big') code = rhs.code;
      else if ((rhs.type === 'int' || rhs.type === 'double') && value.t === 'num') code = this.literal(value.t === 'num' ? value.text : '');
      else throw new Error(`cannot assign ${rhs.type} to ${v.type} ${target}`);
    } else if (v.type === 'int') {
      if (rhs.type !== 'int') throw new Error(`cannot assign ${rhs.type} to int ${target}`);
      code = rhs.code;
    } else {
      throw new Error(`cannot assign to ${v.type} ${target}`);
    }
    return `this.${target} = ${code};`;
  }

  condition(source: string): string {
    const t = this.expr(JavaParser.expression(source));
    if (t.type !== 'bool') throw new Error(`condition is not boolean: ${source}`);
    return t.code;
  }
}

// ---------------------------------------------------------------------------------------------
// Emitting the edition's module.
// ---------------------------------------------------------------------------------------------

/** The TypeScript for a BigDecimal literal: valueOf for whole numbers, parse for decimals. */
function literalCode(text: string): string {
  const normalized = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  return normalized.includes('.') ? `BigDecimal.parse('${normalized}')` : `BigDecimal.valueOf(${normalized})`;
}

export function javaType(type: string | undefined): JType {
  switch (type) {
    case 'BigDecimal':
      return 'big';
    case 'BigDecimal[]':
      return 'big[]';
    case 'int':
      return 'int';
    case 'double':
      return 'double';
    default:
      throw new Error(`unknown PAP type ${type}`);
  }
}

/** Comment text as lines: trimmed, blank edges dropped, `*\/` defused. */
export function commentLines(text: string): string[] {
  const lines = text
    .split('\n')
    .map((l) => l.trim().replace(/\*\//g, '* /'))
    .filter((l, i, all) => l !== '' || (i > 0 && i < all.length - 1));
  while (lines.length > 0 && lines[0] === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function docComment(text: string, indent: string): string {
  const lines = commentLines(text);
  if (lines.length === 0) return '';
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((l) => `${indent} *${l ? ` ${l}` : ''}`).join('\n')}\n${indent} */\n`;
}

export function lineComment(text: string, indent: string): string {
  return commentLines(text)
    .map((l) => `${indent}//${l ? ` ${l}` : ''}\n`)
    .join('');
}

export function elements(node: XmlElement, name?: string): XmlElement[] {
  return node.children.filter((c): c is XmlElement => c.kind === 'element' && (name === undefined || c.name === name));
}

export function child(node: XmlElement, name: string): XmlElement {
  const found = elements(node, name)[0];
  if (!found) throw new Error(`<${node.name}> has no <${name}>`);
  return found;
}

/** Walks children, pairing each element with the comments just before it (and one trailing on its own line). */
export function withComments(node: XmlElement, visit: (el: XmlElement, before: string[], trailing: string | undefined) => void, loose?: (comment: string) => void): void {
  let pending: string[] = [];
  const kids = node.children;
  for (let i = 0; i < kids.length; i++) {
    const kid = kids[i]!;
    if (kid.kind === 'comment') {
      pending.push(kid.text);
      continue;
    }
    const next = kids[i + 1];
    let trailing: string | undefined;
    if (next && next.kind === 'comment' && next.line === kid.endLine) {
      trailing = next.text;
      i++;
    }
    visit(kid, pending, trailing);
    pending = [];
  }
  if (loose) for (const comment of pending) loose(comment);
}

function tsFieldType(type: JType): string {
  return type === 'int' ? 'number' : 'BigDecimal';
}

function tsDefault(v: Variable, tr: Translator): string {
  const d = v.defaultValue?.trim();
  if (v.type === 'int') {
    if (d === undefined || d === '') return '0';
    if (!/^-?\d+$/.test(d)) throw new Error(`int default ${d}`);
    return d;
  }
  if (d === undefined || d === '' || d === 'BigDecimal.ZERO' || d === 'new BigDecimal(0)' || d === '0' || d === '0.0') return 'BigDecimal.ZERO';
  if (d === '1' || d === '1.0' || d === 'BigDecimal.ONE') return 'BigDecimal.ONE';
  return tr.expr(JavaParser.expression(d)).code;
}

export function generateEdition(xml: string): string {
  const doc = parseXml(xml);
  const pap = child(doc, 'PAP');
  const flow = pap.attrs.name;
  if (!flow || !/^Lohnsteuer\d{4}$/.test(flow)) throw new Error(`PAP name "${flow}" is not LohnsteuerYYYY`);
  const tr = new Translator();
  const variablesEl = child(pap, 'VARIABLES');
  const methodsEl = child(pap, 'METHODS');

  // Header comments (edition stamp) and variable declarations.
  const header: string[] = [];
  const sections: { title: string; section: Variable['section']; vars: Variable[] }[] = [];
  withComments(
    variablesEl,
    (group, before) => {
      const section = group.name === 'INPUTS' ? 'input' : group.name === 'OUTPUTS' ? 'output' : group.name === 'INTERNALS' ? 'internal' : undefined;
      if (!section) throw new Error(`unknown variable group ${group.name}`);
      // The comment right before a group names it; earlier ones (edition stamp) go to the file header.
      const own = before.length > 0 ? commentLines(before[before.length - 1]!) : [];
      for (const c of before.slice(0, -1)) header.push(...commentLines(c));
      const title = [...own, group.attrs.type ? `(${group.attrs.type})` : ''].filter(Boolean).join(' ');
      const vars: Variable[] = [];
      withComments(group, (decl, comments) => {
        const name = decl.attrs.name;
        if (!name) throw new Error(`<${decl.name}> without name`);
        const v: Variable = { name, type: javaType(decl.attrs.type), section, defaultValue: decl.attrs.default, comment: comments.join('\n') };
        if (tr.variables.has(name)) throw new Error(`variable ${name} declared twice`);
        tr.variables.set(name, v);
        vars.push(v);
      });
      sections.push({ title, section, vars });
    },
    (comment) => header.push(...commentLines(comment)),
  );

  // Constants.
  const constantsCode: string[] = [];
  withComments(child(pap, 'CONSTANTS'), (el, before) => {
    const name = el.attrs.name;
    const value = el.attrs.value;
    if (!name || value === undefined) throw new Error('constant without name or value');
    const type = javaType(el.attrs.type);
    tr.constants.set(name, { name, type, value, comment: before.join('\n') });
    const code = tr.expr(JavaParser.expression(value), true);
    if (code.type !== type) throw new Error(`constant ${name}: ${code.type} is not ${type}`);
    const tsType = type === 'big[]' ? 'readonly BigDecimal[]' : 'BigDecimal';
    const doc = docComment(before.join('\n'), '');
    constantsCode.push(`${doc && constantsCode.length > 0 ? '\n' : ''}${doc}const ${name}: ${tsType} = ${code.code};\n`);
  });

  // Methods.
  for (const m of elements(methodsEl, 'METHOD')) {
    if (!m.attrs.name) throw new Error('method without name');
    tr.methods.add(m.attrs.name);
  }
  const methodCode: string[] = [];
  const steps: string[] = [];
  const body = (el: XmlElement, indent: string): string => {
    let out = '';
    withComments(
      el,
      (stmt, before, trailing) => {
        for (const c of before) out += lineComment(c, indent);
        const tail = trailing ? ` // ${commentLines(trailing).join(' ')}` : '';
        out += statement(stmt, indent, tail);
      },
      (c) => {
        out += lineComment(c, indent);
      },
    );
    return out;
  };
  const statement = (stmt: XmlElement, indent: string, tail: string): string => {
    switch (stmt.name) {
      case 'EVAL': {
        const exec = stmt.attrs.exec;
        if (exec === undefined) throw new Error('EVAL without exec');
        return `${indent}${tr.assignment(exec)}${tail}\n`;
      }
      case 'EXECUTE': {
        const method = stmt.attrs.method;
        if (!method || !tr.methods.has(method)) throw new Error(`EXECUTE of unknown method ${method}`);
        return `${indent}this.${method}();${tail}\n`;
      }
      case 'IF':
        return ifStatement(stmt, indent, tail, false);
      default:
        throw new Error(`unsupported statement <${stmt.name}>`);
    }
  };
  const ifStatement = (stmt: XmlElement, indent: string, tail: string, isElseIf: boolean): string => {
    const expr = stmt.attrs.expr;
    if (expr === undefined) throw new Error('IF without expr');
    const thenEl = elements(stmt, 'THEN')[0];
    const elseEl = elements(stmt, 'ELSE')[0];
    if (!thenEl) throw new Error(`IF ${expr} without THEN`);
    // Comments written directly inside <IF> (before <THEN>) annotate the condition.
    const notes = stmt.children.filter((c): c is XmlComment => c.kind === 'comment').flatMap((c) => commentLines(c.text));
    const note = notes.length > 0 ? ` // ${notes.join(' ')}` : tail;
    let out = `${isElseIf ? '' : indent}if (${tr.condition(expr)}) {${note}\n`;
    const thenBody = body(thenEl, `${indent}  `);
    out += thenBody;
    if (elseEl) {
      const elseKids = elseEl.children;
      const only = elseKids.length === 1 ? elseKids[0] : undefined;
      if (only && only.kind === 'element' && only.name === 'IF') {
        out += `${indent}} else ${ifStatement(only, indent, '', true)}`;
        return out;
      }
      const elseBody = body(elseEl, `${indent}  `);
      out += `${indent}} else {\n${elseBody}`;
    }
    out += `${indent}}\n`;
    return out;
  };

  withComments(methodsEl, (m, before) => {
    if (m.name === 'MAIN') {
      methodCode.push(`${docComment(before.join('\n'), '  ')}  MAIN(): void {\n${body(m, '    ')}  }\n`);
      return;
    }
    if (m.name !== 'METHOD') throw new Error(`unexpected <${m.name}> in METHODS`);
    const name = m.attrs.name!;
    steps.push(name);
    methodCode.push(`${docComment(before.join('\n'), '  ')}  ${name}(): void {\n${body(m, '    ')}  }\n`);
  });

  // Assemble.
  const inputs = sections.filter((s) => s.section === 'input').flatMap((s) => s.vars);
  const outputs = sections.filter((s) => s.section === 'output').flatMap((s) => s.vars);
  const literals = [...tr.literals.entries()].sort(([, a], [, b]) => Number(a) - Number(b));
  let out = '';
  out += `/**\n * ${flow}: the BMF Programmablaufplan for the wage tax, translated one to one from ${flow}.xml.\n`;
  out += ` * GENERATED by the PAP generator (tools/pap-generator) from the BMF's XML; do not edit by hand, regenerate instead.\n`;
  for (const line of header) out += ` * ${line}\n`;
  out += ` *\n * Fields are the PAP's variables and methods its steps, with the BMF's names and comments (which cite\n`;
  out += ` * the PAP pages). Each expression is the XML's Java on ./bigdecimal.ts (java.math.BigDecimal semantics);\n`;
  out += ` * D_x_y is BigDecimal.valueOf(x.y), hoisted so a calculation allocates no constants.\n`;
  out += ` * One instance computes one case: setInputs(), MAIN(), getOutputs().\n */\n`;
  out += `import { BigDecimal, decIn, intIn } from './bigdecimal.js';\n`;
  out += `import type { PapInput, PapOutput } from './types.js';\n\n`;
  out += `// ---- CONSTANTS ----\n\n${constantsCode.join('')}\n`;
  out += `// ---- Literal constants of the plan, hoisted so a calculation allocates none ----\n\n`;
  for (const [name, value] of literals) out += `const ${name} = ${literalCode(value)};\n`;
  out += `\n/** The program name the BMF gives this edition; the \`flow\` of a trace. */\nexport const FLOW = '${flow}';\n\n`;
  out += `/** Every PAP step (METHOD) of this edition, in the order the XML defines them. */\n`;
  out += `export const STEPS = [${steps.map((s) => `'${s}'`).join(', ')}] as const;\n\n`;
  out += `/** The inputs (BMF names) this edition reads. */\n`;
  out += `export const INPUTS = [${inputs.map((v) => `'${v.name}'`).join(', ')}] as const;\n\n`;
  out += `/** The outputs (BMF names) this edition produces. */\n`;
  out += `export const OUTPUTS = [${outputs.map((v) => `'${v.name}'`).join(', ')}] as const;\n\n`;
  out += `export class ${flow} {\n`;
  for (const s of sections) {
    out += `  // ---- ${s.title || s.section} ----\n\n`;
    for (const v of s.vars) {
      out += docComment(v.comment, '  ');
      out += `  ${v.name}: ${tsFieldType(v.type)} = ${tsDefault(v, tr)};\n`;
    }
    out += '\n';
  }
  out += `  // ---- Interface ----\n\n`;
  out += `  /**\n   * Sets every input from the caller's values. Absent inputs are 0, a double (f) is 1:\n`;
  out += `   * the defaults ./types.ts documents for PapInput, rather than the XML's own.\n   */\n`;
  out += `  setInputs(input: Partial<PapInput>): this {\n`;
  for (const v of inputs) {
    if (v.type === 'int') out += `    this.${v.name} = intIn(input.${v.name}, '${v.name}');\n`;
    else if (v.type === 'double') out += `    this.${v.name} = decIn(input.${v.name}, '${v.name}', ${tsDefault(v, tr)});\n`;
    else out += `    this.${v.name} = decIn(input.${v.name}, '${v.name}');\n`;
  }
  out += `    return this;\n  }\n\n`;
  out += `  /** The outputs of the calculation, in cents, as shared Decimals. */\n  getOutputs(): PapOutput {\n    return {\n`;
  for (const v of outputs) out += `      ${v.name}: this.${v.name}.toDecimal(),\n`;
  out += `    };\n  }\n\n`;
  out += `  // ---- The plan ----\n\n`;
  out += methodCode.join('\n');
  out += `}\n`;
  return out;
}
