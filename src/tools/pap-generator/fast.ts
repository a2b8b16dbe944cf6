/**
 * The scaled-integer translation of a BMF Programmablaufplan: the production wage-tax editions
 * (domain/de/lohnsteuer/lohnsteuer<year>.ts). Same fields, steps, names and comments as the BigDecimal translation
 * (./generate.ts), but every BigDecimal is a JS number u holding value × 10^scale with one fixed scale per variable,
 * so a calculation allocates no number objects at all.
 *
 * How each Java operation becomes integer arithmetic (a, b unscaled at scales sa, sb):
 * - add/subtract: both brought to max(sa, sb) by × 10^k, then + or −; multiply: a × b at sa + sb;
 * - setScale(t, mode) below the scale and divide(y, t, mode): one rounding integer division (scaled.ts divDown/divUp);
 * - divide(y) (exact): by 2^i·5^j a multiplication by 10^max(i,j) / y; by an int variable (KZTAB) a multiplication
 *   by 10^t / KZTAB, exact because the analysis proved every value of it divides 10^t; of a table entry by 12 an
 *   exact integer division, proven for every entry the index can reach;
 * - compareTo: a comparison of the two integers at a common scale; an assignment brings the value to the target's
 *   scale (up by × 10^k, or down by an exact division: the value has no more decimals than the target's scale).
 * ./ranges.ts proves the magnitude of every integer this writes; where it cannot prove |u| ≤ 2^53 − 1 the operation
 * (and a variable, if its values can exceed it) is computed in BigInt, and comes back to a number as soon as a
 * rounding brings it into range. generateRangeReport() writes that proof down (docs/pap-ranges-<year>.md).
 */
import { type Expr, type JType, type XmlComment, type XmlElement, commentLines, docComment, lineComment, parseXml, withComments, child, elements } from './generate.js';
import { type AV, type Analysis, type Dec, INPUT_BOUNDS, MAX_SAFE, analyze, dec, dstr, inputBound, magnitude, minScale, parsePap, pow10, type Stmt } from './ranges.js';

type Kind = 'n' | 'b';

/** Emitted code of a BigDecimal expression: its unscaled integer at scale `s`, as a number or a BigInt. */
interface Code {
  code: string;
  kind: Kind;
  s: number;
  /** Largest |unscaled| at scale s (from the analysis). */
  mag: bigint;
  /** Precedence of the emitted code. */
  prec: number;
  /** The unscaled integer itself, when the code is a literal (so × 10^k and BigInt() fold into a literal). */
  value?: bigint;
}

const ATOM = 20;
const wrap = (c: { code: string; prec: number }, prec: number): string => (c.prec < prec ? `(${c.code})` : c.code);

interface Storage {
  scale: number;
  kind: Kind;
  range: AV;
}

/** A BigInt site: where and why the emitted code leaves the double range, for the report. */
interface BigSite {
  where: string;
  what: string;
  mag: bigint;
}

class Emitter {
  readonly storage = new Map<string, Storage>();
  readonly tables = new Map<string, { scale: number; values: bigint[] }>();
  readonly bigSites: BigSite[] = [];
  where = '';

  constructor(readonly a: Analysis) {
    for (const [name, v] of a.pap.variables) {
      if (v.type === 'int') continue;
      const range = a.vars.get(name)!;
      const scale = range.jp;
      const mag = magnitude(range.lo, range.hi, scale);
      this.storage.set(name, { scale, kind: mag <= MAX_SAFE ? 'n' : 'b', range });
    }
    for (const [name, c] of a.pap.constants) {
      if (!Array.isArray(c.value)) continue;
      const scale = Math.max(...c.value.map(minScale));
      this.tables.set(name, { scale, values: c.value.map((d) => d.n * pow10(scale - d.s)) });
    }
  }

  private node(e: Expr): AV {
    const v = this.a.nodes.get(e);
    if (!v) throw new Error(`${this.where}: expression never reached by the analysis: ${JSON.stringify(e)}`);
    return v;
  }

  private mag(e: Expr, s: number): bigint {
    const v = this.node(e);
    return magnitude(v.lo, v.hi, s);
  }

  private bigSite(what: string, mag: bigint): void {
    this.bigSites.push({ where: this.where, what, mag });
  }

  private toBig(c: Code): string {
    if (c.value !== undefined) return this.bigLiteral(c.value);
    return c.kind === 'b' ? wrap(c, ATOM) : `BigInt(${c.code})`;
  }

  /** A BigInt result that fits comes back to a number. */
  private settle(c: Code): Code {
    if (c.kind === 'b' && c.mag <= MAX_SAFE) return { ...c, code: `Number(${c.code})`, kind: 'n', prec: ATOM };
    return c;
  }

  private literal(d: Dec): Code {
    const s = minScale(d);
    return this.integer(d.n / pow10(d.s - s), s);
  }

  /** The literal unscaled integer n at scale s (a BigInt literal beyond 2^53 − 1). */
  private integer(n: bigint, s: number): Code {
    const m = n < 0n ? -n : n;
    if (m > MAX_SAFE) return { code: this.bigLiteral(n), kind: 'b', s, mag: m, prec: ATOM, value: n };
    return { code: n < 0n ? `(${n})` : `${n}`, kind: 'n', s, mag: m, prec: ATOM, value: n };
  }

  private bigLiteral(n: bigint): string {
    return n < 0n ? `(${n}n)` : `${n}n`;
  }

  /** c × 10^k. */
  private up(c: Code, k: number, what: string): Code {
    if (k === 0) return c;
    if (c.value !== undefined) return this.integer(c.value * pow10(k), c.s + k);
    const mag = c.mag * pow10(k);
    if (c.kind === 'n' && mag <= MAX_SAFE) return { code: `${wrap(c, 6)} * ${pow10(k)}`, kind: 'n', s: c.s + k, mag, prec: 6 };
    if (c.kind === 'n') this.bigSite(`${what}: × 10^${k}`, mag);
    return { code: `${this.toBig(c)} * ${pow10(k)}n`, kind: 'b', s: c.s + k, mag, prec: 6 };
  }

  /** An int expression (plain JS number). */
  int(e: Expr): string {
    const t = this.expr(e);
    if (t.type !== 'int') throw new Error(`${this.where}: expected an int, got ${t.type}`);
    return t.code;
  }

  /** Any expression: ints and booleans as code, BigDecimals as Code. */
  expr(e: Expr): { type: 'int' | 'bool'; code: string; prec: number } | { type: 'big'; c: Code } {
    switch (e.t) {
      case 'num':
        if (e.text.includes('.')) return { type: 'big', c: this.literal(dec(e.text)) };
        return { type: 'int', code: e.text, prec: ATOM };
      case 'id': {
        const v = this.a.pap.variables.get(e.name);
        if (v) {
          if (v.type === 'int') return { type: 'int', code: `this.${e.name}`, prec: ATOM };
          const st = this.storage.get(e.name)!;
          return { type: 'big', c: { code: `this.${e.name}`, kind: st.kind, s: st.scale, mag: this.mag(e, st.scale), prec: ATOM } };
        }
        const c = this.a.pap.constants.get(e.name);
        if (c && !Array.isArray(c.value)) return { type: 'big', c: this.literal(c.value) };
        throw new Error(`unknown identifier ${e.name}`);
      }
      case 'member':
        if (e.obj.t === 'id' && e.obj.name === 'BigDecimal' && (e.name === 'ZERO' || e.name === 'ONE')) return { type: 'big', c: this.literal(dec(e.name === 'ZERO' ? '0' : '1')) };
        throw new Error(`unsupported member ${JSON.stringify(e)}`);
      case 'new':
        return { type: 'big', c: this.literal(dec((e.args[0] as { text: string }).text)) };
      case 'index': {
        if (e.obj.t !== 'id') throw new Error('index of non-table');
        const table = this.tables.get(e.obj.name)!;
        return { type: 'big', c: { code: `${e.obj.name}[${this.int(e.index)}]!`, kind: 'n', s: table.scale, mag: this.mag(e, table.scale), prec: ATOM } };
      }
      case 'unary': {
        const inner = this.expr(e.e);
        if (inner.type === 'big') throw new Error('unary on BigDecimal');
        return { type: e.op === '!' ? 'bool' : 'int', code: `${e.op}${wrap(inner, 7)}`, prec: 7 };
      }
      case 'bin': {
        if (e.op === '&&' || e.op === '||') {
          const l = this.cond(e.l);
          const r = this.cond(e.r);
          const prec = e.op === '&&' ? 2 : 1;
          return { type: 'bool', code: `${wrap(l, prec)} ${e.op} ${wrap(r, prec + 1)}`, prec };
        }
        const rel = this.comparison(e);
        if (rel) return rel;
        const l = this.expr(e.l);
        const r = this.expr(e.r);
        if (l.type !== 'int' || r.type !== 'int') throw new Error(`${this.where}: operator ${e.op} on ${l.type} and ${r.type}`);
        const PREC: Record<string, number> = { '==': 3, '!=': 3, '<': 4, '>': 4, '<=': 4, '>=': 4, '+': 5, '-': 5, '*': 6 };
        const prec = PREC[e.op];
        if (prec === undefined) throw new Error(`unsupported operator ${e.op}`);
        const jsOp = e.op === '==' ? '===' : e.op === '!=' ? '!==' : e.op;
        return { type: prec <= 4 ? 'bool' : 'int', code: `${wrap(l, prec)} ${jsOp} ${wrap(r, prec + 1)}`, prec };
      }
      case 'call':
        return this.call(e);
      case 'array':
        throw new Error('array outside a constant');
    }
  }

  big(e: Expr): Code {
    const t = this.expr(e);
    if (t.type !== 'big') throw new Error(`${this.where}: expected a BigDecimal: ${JSON.stringify(e)}`);
    return t.c;
  }

  cond(e: Expr): { code: string; prec: number } {
    const t = this.expr(e);
    if (t.type !== 'bool') throw new Error(`${this.where}: condition is not boolean`);
    return t;
  }

  /** `a.compareTo(b) OP k` as a comparison of the two integers at a common scale. */
  private comparison(e: Extract<Expr, { t: 'bin' }>): { type: 'bool'; code: string; prec: number } | undefined {
    const l = e.l;
    if (l.t !== 'call' || l.name !== 'compareTo') return undefined;
    const r = e.r;
    const k = r.t === 'num' ? Number(r.text) : r.t === 'unary' && r.op === '-' && r.e.t === 'num' ? -Number(r.e.text) : undefined;
    const map: Record<string, string> = { '==-1': '<', '==1': '>', '==0': '===', '!=0': '!==', '>=0': '>=', '<=0': '<=', '>0': '>', '<0': '<', '!=-1': '>=', '!=1': '<=' };
    const op = map[`${e.op}${k}`];
    if (!op) throw new Error(`${this.where}: unsupported comparison ${e.op} ${k}`);
    let a = this.big(l.obj!);
    let b = this.big(l.args[0]!);
    const s = Math.max(a.s, b.s);
    a = this.up(a, s - a.s, 'compareTo');
    b = this.up(b, s - b.s, 'compareTo');
    if (a.kind !== b.kind) {
      a = { ...a, code: this.toBig(a), kind: 'b', prec: ATOM };
      b = { ...b, code: this.toBig(b), kind: 'b', prec: ATOM };
    }
    return { type: 'bool', code: `${wrap(a, 5)} ${op} ${wrap(b, 5)}`, prec: op.length === 3 ? 3 : 4 };
  }

  private call(e: Extract<Expr, { t: 'call' }>): { type: 'int' | 'bool'; code: string; prec: number } | { type: 'big'; c: Code } {
    if (e.obj?.t === 'id' && e.obj.name === 'BigDecimal') {
      if (e.name !== 'valueOf' || e.args.length !== 1) throw new Error(`unsupported BigDecimal.${e.name}`);
      const arg = e.args[0]!;
      if (arg.t === 'num') return { type: 'big', c: this.literal(dec(arg.text)) };
      const v = this.expr(arg);
      if (v.type === 'big') return v; // a double held as its decimal already
      if (v.type !== 'int') throw new Error('valueOf(bool)');
      return { type: 'big', c: { code: v.code, kind: 'n', s: 0, mag: this.mag(e, 0), prec: v.prec } };
    }
    const x = this.big(e.obj!);
    const mode = (i: number): 'DOWN' | 'UP' => {
      const a = e.args[i]!;
      if (a.t === 'member' && a.obj.t === 'id' && a.obj.name === 'BigDecimal' && (a.name === 'ROUND_DOWN' || a.name === 'ROUND_UP')) return a.name === 'ROUND_DOWN' ? 'DOWN' : 'UP';
      // Only the two modes the PAP uses; any other stops the translation (as in ./generate.ts).
      throw new Error(`${this.where}: unsupported rounding mode ${JSON.stringify(a)}`);
    };
    const scaleArg = (i: number): number => {
      const a = e.args[i]!;
      if (a.t !== 'num' || a.text.includes('.')) throw new Error(`${this.where}: scale must be an int literal`);
      return Number(a.text);
    };
    const round = (num: Code, den: Code, m: 'DOWN' | 'UP', s: number, what: string): Code => {
      const mag = this.mag(e, s);
      if (num.kind === 'n' && den.kind === 'n') return { code: `${m === 'DOWN' ? 'divDown' : 'divUp'}(${num.code}, ${den.code})`, kind: 'n', s, mag, prec: ATOM };
      return this.settle({ code: `${m === 'DOWN' ? 'bigDivDown' : 'bigDivUp'}(${this.toBig(num)}, ${this.toBig(den)})`, kind: 'b', s, mag, prec: ATOM });
    };
    const powCode = (k: number): Code => this.integer(pow10(k), 0);
    switch (e.name) {
      case 'add':
      case 'subtract': {
        if (e.args.length !== 1) break;
        const y = this.big(e.args[0]!);
        const s = Math.max(x.s, y.s);
        const a = this.up(x, s - x.s, e.name);
        const b = this.up(y, s - y.s, e.name);
        const mag = this.mag(e, s);
        const op = e.name === 'add' ? '+' : '-';
        if (a.kind === 'n' && b.kind === 'n' && mag <= MAX_SAFE && a.mag <= MAX_SAFE && b.mag <= MAX_SAFE) {
          return { type: 'big', c: { code: `${wrap(a, 5)} ${op} ${wrap(b, 6)}`, kind: 'n', s, mag, prec: 5 } };
        }
        if (a.kind === 'n' && b.kind === 'n') this.bigSite(e.name, mag);
        return { type: 'big', c: this.settle({ code: `${this.toBig(a)} ${op} ${this.toBig(b)}`, kind: 'b', s, mag, prec: 5 }) };
      }
      case 'multiply': {
        if (e.args.length !== 1) break;
        const y = this.big(e.args[0]!);
        const s = x.s + y.s;
        const mag = this.mag(e, s);
        if (x.kind === 'n' && y.kind === 'n' && mag <= MAX_SAFE) return { type: 'big', c: { code: `${wrap(x, 6)} * ${wrap(y, 7)}`, kind: 'n', s, mag, prec: 6 } };
        if (x.kind === 'n' && y.kind === 'n') this.bigSite('multiply', mag);
        return { type: 'big', c: this.settle({ code: `${this.toBig(x)} * ${this.toBig(y)}`, kind: 'b', s, mag, prec: 6 }) };
      }
      case 'setScale': {
        if (e.args.length !== 2) break;
        const t = scaleArg(0);
        const m = mode(1);
        if (t >= x.s) return { type: 'big', c: this.up(x, t - x.s, 'setScale') };
        return { type: 'big', c: round(x, powCode(x.s - t), m, t, 'setScale') };
      }
      case 'divide': {
        const y = this.big(e.args[0]!);
        if (e.args.length === 3) {
          const t = scaleArg(1);
          const m = mode(2);
          // x / y at t places = x_u × 10^(t + sy − sx) / y_u
          let k = t + y.s - x.s;
          let den = y;
          if (k > 0 && y.value !== undefined && y.value !== 0n) {
            // A constant divisor's factors of ten cancel against the numerator's × 10^k (RE4 × 100 / 100 is RE4).
            let v = y.value;
            while (k > 0 && v % 10n === 0n) {
              v /= 10n;
              k--;
            }
            den = this.integer(v, 0);
            if (v === 1n) return { type: 'big', c: { ...this.up(x, k, 'divide'), s: t, mag: this.mag(e, t) } };
          }
          const num = k >= 0 ? this.up(x, k, 'divide') : x;
          if (k < 0) den = this.up(den, -k, 'divide');
          return { type: 'big', c: round(num, den, m, t, 'divide') };
        }
        if (e.args.length !== 1) break;
        const how = this.a.exactDivides.get(e);
        if (!how) throw new Error(`${this.where}: exact divide not analysed`);
        if (how.k === 'pow') {
          // x / y = x_u × (10^t / y_u) at scale sx − sy + t (brought up to 0 when that is negative)
          const s = x.s - y.s + how.t;
          const factor = how.factor * (s < 0 ? pow10(-s) : 1n);
          const rs = Math.max(s, 0);
          const mag = this.mag(e, rs);
          if (factor === 1n) return { type: 'big', c: { ...x, s: rs, mag } };
          if (x.kind === 'n' && mag <= MAX_SAFE) return { type: 'big', c: { code: `${wrap(x, 6)} * ${factor < 0n ? `(${factor})` : factor}`, kind: 'n', s: rs, mag, prec: 6 } };
          if (x.kind === 'n') this.bigSite('divide', mag);
          return { type: 'big', c: this.settle({ code: `${this.toBig(x)} * ${this.bigLiteral(factor)}`, kind: 'b', s: rs, mag, prec: 6 }) };
        }
        if (how.k === 'int') {
          // x / KZTAB = x_u × (10^t / KZTAB) at scale sx + t: exact, every KZTAB divides 10^t
          const s = x.s + how.t;
          const mag = this.mag(e, s);
          if (x.kind === 'n' && mag <= MAX_SAFE && x.mag * pow10(how.t) <= MAX_SAFE) return { type: 'big', c: { code: `${wrap(x, 6)} * (${pow10(how.t)} / ${y.code})`, kind: 'n', s, mag, prec: 6 } };
          return { type: 'big', c: this.settle({ code: `${this.toBig(x)} * (${pow10(how.t)}n / ${this.toBig(y)})`, kind: 'b', s, mag, prec: 6 }) };
        }
        // A constant (table entry) divided exactly, proven entry by entry: x_u × 10^(r − sx + sy) / y_u.
        const r = Math.max(how.scale, x.s - y.s);
        const num = this.up(x, r - x.s + y.s, 'divide');
        if (num.kind !== 'n' || y.kind !== 'n') throw new Error(`${this.where}: constant division out of range`);
        return { type: 'big', c: { code: `${wrap(num, 6)} / ${wrap(y, 7)}`, kind: 'n', s: r, mag: this.mag(e, r), prec: 6 } };
      }
      case 'compareTo':
        throw new Error(`${this.where}: compareTo outside a comparison with -1, 0 or 1`);
      case 'longValue': {
        if (e.args.length !== 0) break;
        const c = x.s === 0 ? x : round(x, powCode(x.s), 'DOWN', 0, 'longValue');
        if (c.kind !== 'n') throw new Error(`${this.where}: longValue out of range`);
        return { type: 'int', code: c.code, prec: c.prec };
      }
    }
    throw new Error(`unsupported BigDecimal.${e.name}/${e.args.length}`);
  }

  /** `NAME = value`. */
  assignment(target: string, value: Expr): string {
    const v = this.a.pap.variables.get(target);
    if (!v) throw new Error(`assignment to unknown ${target}`);
    if (v.type === 'int') return `this.${target} = ${this.int(value)};`;
    const st = this.storage.get(target)!;
    // `f = 1`: an int literal assigned to a BigDecimal (or double) is that value.
    let c = value.t === 'num' ? this.literal(dec(value.text)) : this.big(value);
    if (c.s < st.scale) c = this.up(c, st.scale - c.s, `= ${target}`);
    else if (c.s > st.scale) {
      // Exact: the value has no more than st.scale decimals (its Java scale is at most the storage scale).
      const k = c.s - st.scale;
      c = c.kind === 'n' ? { code: `${wrap(c, 6)} / ${pow10(k)}`, kind: 'n', s: st.scale, mag: c.mag, prec: 6 } : { code: `${wrap(c, 6)} / ${pow10(k)}n`, kind: 'b', s: st.scale, mag: c.mag, prec: 6 };
    }
    let code = c.code;
    if (c.kind !== st.kind) code = st.kind === 'b' ? `BigInt(${c.code})` : `Number(${c.code})`;
    return `this.${target} = ${code};`;
  }
}

// ---------------------------------------------------------------------------------------------
// The module.
// ---------------------------------------------------------------------------------------------

const tsType = (st: Storage): string => (st.kind === 'n' ? 'number' : 'bigint');

function defaultCode(st: Storage, value: string | undefined): string {
  const d = value?.trim();
  let n = 0n;
  if (d === '1' || d === '1.0' || d === 'BigDecimal.ONE') n = pow10(st.scale);
  else if (!(d === undefined || d === '' || d === '0' || d === '0.0' || d === 'BigDecimal.ZERO' || d === 'new BigDecimal(0)')) throw new Error(`default ${d}`);
  return st.kind === 'n' ? `${n}` : `${n}n`;
}

export function generateFastEdition(xml: string): string {
  const doc = parseXml(xml);
  const parsed = parsePap(doc);
  const analysis = analyze(parsed);
  const em = new Emitter(analysis);
  const pap = child(doc, 'PAP');
  const flow = parsed.flow;
  const stmtOf = new Map<XmlElement, Stmt>();
  const index = (stmts: Stmt[]): void => {
    for (const s of stmts) {
      stmtOf.set(s.el, s);
      if (s.k === 'if') {
        index(s.then);
        if (s.else) index(s.else);
      }
    }
  };
  for (const body of parsed.methods.values()) index(body);
  index(parsed.main);

  // Header comments and variable groups, as ./generate.ts reads them.
  const header: string[] = [];
  const sections: { title: string; vars: { name: string; comment: string }[] }[] = [];
  withComments(
    child(pap, 'VARIABLES'),
    (group, before) => {
      const own = before.length > 0 ? commentLines(before[before.length - 1]!) : [];
      for (const c of before.slice(0, -1)) header.push(...commentLines(c));
      const title = [...own, group.attrs.type ? `(${group.attrs.type})` : ''].filter(Boolean).join(' ');
      const vars: { name: string; comment: string }[] = [];
      withComments(group, (decl, comments) => vars.push({ name: decl.attrs.name!, comment: comments.join('\n') }));
      sections.push({ title, vars });
    },
    (comment) => header.push(...commentLines(comment)),
  );

  // Tables (the PAP's array constants) at their scale.
  let constantsCode = '';
  withComments(child(pap, 'CONSTANTS'), (el, before) => {
    const t = em.tables.get(el.attrs.name!);
    if (!t) return; // point constants are written inline as integer literals
    const rows: string[] = [];
    for (let i = 0; i < t.values.length; i += 12) rows.push(`  ${t.values.slice(i, i + 12).join(', ')},`);
    const doc = docComment([...before, `(× 10^${t.scale})`].join('\n'), '');
    constantsCode += `${constantsCode ? '\n' : ''}${doc}const ${el.attrs.name}: readonly number[] = [\n${rows.join('\n')}\n];\n`;
  });

  // Steps.
  const steps: string[] = [];
  const methodCode: string[] = [];
  const body = (el: XmlElement, indent: string): string => {
    let out = '';
    withComments(
      el,
      (stmtEl, before, trailing) => {
        for (const c of before) out += lineComment(c, indent);
        const tail = trailing ? ` // ${commentLines(trailing).join(' ')}` : '';
        out += statement(stmtEl, indent, tail);
      },
      (c) => {
        out += lineComment(c, indent);
      },
    );
    return out;
  };
  const statement = (el: XmlElement, indent: string, tail: string): string => {
    const s = stmtOf.get(el);
    if (!s) throw new Error(`statement <${el.name}> not parsed`);
    if (s.k === 'eval') return `${indent}${em.assignment(s.target, s.value)}${tail}\n`;
    if (s.k === 'exec') return `${indent}this.${s.method}();${tail}\n`;
    return ifStatement(el, indent, tail, false);
  };
  const ifStatement = (el: XmlElement, indent: string, tail: string, isElseIf: boolean): string => {
    const s = stmtOf.get(el) as Extract<Stmt, { k: 'if' }>;
    const thenEl = elements(el, 'THEN')[0]!;
    const elseEl = elements(el, 'ELSE')[0];
    const notes = el.children.filter((c): c is XmlComment => c.kind === 'comment').flatMap((c) => commentLines(c.text));
    const note = notes.length > 0 ? ` // ${notes.join(' ')}` : tail;
    let out = `${isElseIf ? '' : indent}if (${em.cond(s.cond).code}) {${note}\n`;
    out += body(thenEl, `${indent}  `);
    if (elseEl) {
      const only = elseEl.children.length === 1 ? elseEl.children[0] : undefined;
      if (only && only.kind === 'element' && only.name === 'IF') return `${out}${indent}} else ${ifStatement(only, indent, '', true)}`;
      out += `${indent}} else {\n${body(elseEl, `${indent}  `)}`;
    }
    return `${out}${indent}}\n`;
  };
  withComments(child(pap, 'METHODS'), (m, before) => {
    const name = m.name === 'MAIN' ? 'MAIN' : m.attrs.name!;
    em.where = name;
    if (m.name !== 'MAIN') steps.push(name);
    methodCode.push(`${docComment(before.join('\n'), '  ')}  ${name}(): void {\n${body(m, '    ')}  }\n`);
  });

  const vars = parsed.variables;
  const inputs = [...vars.values()].filter((v) => v.section === 'input');
  const outputs = [...vars.values()].filter((v) => v.section === 'output');
  const usesBig = em.bigSites.length > 0 || [...em.storage.values()].some((s) => s.kind === 'b');
  const runtime = ['divDown', 'divUp', ...(usesBig ? ['bigDivDown', 'bigDivUp', 'bigToDec'] : []), 'fitInt', 'fitScaled', 'toDec'].filter((name) => {
    if (name === 'fitInt' || name === 'fitScaled' || name === 'toDec') return true;
    return methodCode.some((m) => m.includes(`${name}(`)) || (name === 'bigToDec' && outputs.some((o) => em.storage.get(o.name)?.kind === 'b'));
  });

  let out = '';
  out += `/**\n * ${flow}: the BMF Programmablaufplan for the wage tax, translated one to one from ${flow}.xml into scaled-integer arithmetic.\n`;
  out += ` * GENERATED by the PAP generator (tools/pap-generator, --mode fast) from the BMF's XML; do not edit by hand, regenerate instead.\n`;
  for (const line of header) out += ` * ${line}\n`;
  out += ` *\n * Fields are the PAP's variables and methods its steps, with the BMF's names and comments (which cite the PAP\n`;
  out += ` * pages). A BigDecimal variable is a JS number holding its value × 10^scale, the scale written next to its\n`;
  out += ` * declaration, so + − × are exact integer operations and setScale/divide one rounding division (./scaled.ts).\n`;
  out += ` * docs/pap-ranges-${flow.slice(-4)}.md proves every integer written here stays within ±(2^53 − 1) for inputs within its\n`;
  out += ` * bounds (setInputs returns false otherwise, and the caller runs the BigDecimal edition); where that is not\n`;
  out += ` * proven the code computes in BigInt. One instance computes one case: setInputs(), MAIN(), getOutputs().\n */\n`;
  out += `import { ${runtime.join(', ')} } from './scaled.js';\n`;
  out += `import type { PapInput, PapOutput } from './types.js';\n\n`;
  out += `// ---- CONSTANTS (tables; the plan's other constants are written inline at their scale) ----\n\n${constantsCode}\n`;
  out += `/** The program name the BMF gives this edition; the \`flow\` of a trace. */\nexport const FLOW = '${flow}';\n\n`;
  out += `/** Every PAP step (METHOD) of this edition, in the order the XML defines them. */\n`;
  out += `export const STEPS = [${steps.map((s) => `'${s}'`).join(', ')}] as const;\n\n`;
  out += `/** The inputs (BMF names) this edition reads. */\n`;
  out += `export const INPUTS = [${inputs.map((v) => `'${v.name}'`).join(', ')}] as const;\n\n`;
  out += `/** The outputs (BMF names) this edition produces. */\n`;
  out += `export const OUTPUTS = [${outputs.map((v) => `'${v.name}'`).join(', ')}] as const;\n\n`;
  out += `/** The scale of each BigDecimal variable: the field holds value × 10^scale. */\n`;
  out += `export const SCALES = {\n${[...em.storage].map(([name, st]) => `  ${name}: ${st.scale},`).join('\n')}\n} as const;\n\n`;
  out += `export class ${flow} {\n`;
  for (const s of sections) {
    out += `  // ---- ${s.title} ----\n\n`;
    for (const { name, comment } of s.vars) {
      const v = vars.get(name)!;
      out += docComment(comment, '  ');
      if (v.type === 'int') {
        const d = v.defaultValue?.trim();
        out += `  ${name}: number = ${d && /^-?\d+$/.test(d) ? d : '0'};\n`;
      } else {
        const st = em.storage.get(name)!;
        const dflt = v.type === 'double' ? (v.defaultValue ?? '1') : v.defaultValue;
        out += `  ${name}: ${tsType(st)} = ${defaultCode(st, dflt)}; // × 10^${st.scale}\n`;
      }
    }
    out += '\n';
  }
  out += `  // ---- Interface ----\n\n`;
  out += `  /**\n   * Sets every input from the caller's values (absent inputs are 0, f is 1, as ./types.ts documents) and\n`;
  out += `   * answers whether they all lie within the bounds of the proof (docs/pap-ranges-${flow.slice(-4)}.md): in whole\n`;
  out += `   * units of their scale, within range, as number, Decimal or plain decimal text. When not, the case is the\n`;
  out += `   * BigDecimal edition's, which also reports any invalid input.\n   */\n`;
  out += `  setInputs(input: Partial<PapInput>): boolean {\n`;
  const checks: string[] = [];
  for (const v of inputs) {
    const b = inputBound(v.name, v.type);
    if (v.type === 'int') {
      out += `    this.${v.name} = fitInt(input.${v.name}, ${b.min}, ${b.max});\n`;
    } else {
      const st = em.storage.get(v.name)!;
      if (st.kind !== 'n') throw new Error(`input ${v.name} would need BigInt storage`);
      const lo = dec(b.min).n * pow10(b.scale - dec(b.min).s);
      const hi = dec(b.max).n * pow10(b.scale - dec(b.max).s);
      const absent = v.name === 'f' ? `, ${pow10(b.scale)}` : '';
      const fit = `fitScaled(input.${v.name}, ${b.scale}, ${lo}, ${hi}${absent})`;
      out += `    this.${v.name} = ${st.scale > b.scale ? `${fit} * ${pow10(st.scale - b.scale)}` : fit};\n`;
    }
    checks.push(`this.${v.name}`);
  }
  out += `    // NaN marks an input outside the bounds; it makes the sum NaN.\n`;
  out += `    return !Number.isNaN(\n${chunk(checks, 8).map((c) => `      ${c.join(' + ')}`).join(' +\n')},\n    );\n  }\n\n`;
  out += `  /** The outputs of the calculation, in cents, as shared Decimals. */\n  getOutputs(): PapOutput {\n    return {\n`;
  for (const v of outputs) {
    const st = em.storage.get(v.name)!;
    out += `      ${v.name}: ${st.kind === 'n' ? 'toDec' : 'bigToDec'}(this.${v.name}, ${st.scale}),\n`;
  }
  out += `    };\n  }\n\n`;
  out += `  // ---- The plan ----\n\n`;
  out += methodCode.join('\n');
  out += `}\n`;
  (generateFastEdition as { lastEmitter?: Emitter }).lastEmitter = em;
  return out;
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The proof of range as a document: the input bounds, every variable's interval, scale and largest unscaled integer
 * against 2^53 − 1, and every operation computed in BigInt because its integer is not proven to fit.
 */
export function generateRangeReport(xml: string): string {
  generateFastEdition(xml);
  const em = (generateFastEdition as { lastEmitter?: Emitter }).lastEmitter!;
  const pap = em.a.pap;
  const year = pap.flow.slice(-4);
  let out = `# Proof of range: PAP ${year} as scaled integers\n\n`;
  out += `GENERATED by \`node dist/tools/pap-generator/main.js --mode ranges < fixtures/reference/de/bmf-pap/${pap.flow}.xml\`\n`;
  out += `(tools/pap-generator/ranges.ts and fast.ts); do not edit by hand. test/tools/pap-generator checks it is current.\n\n`;
  out += `The engine \`src/domain/de/lohnsteuer/lohnsteuer${year}.ts\` holds every BigDecimal of the plan as a JS number u =\n`;
  out += `value × 10^scale. Doubles compute + − × and the rounding divisions of \`scaled.ts\` exactly while |u| ≤ 2^53 − 1 =\n`;
  out += `${MAX_SAFE}. The analysis executes the plan abstractly over the input bounds below (intervals of exact\n`;
  out += `decimals, every step inlined where it is called, each IF narrowing the compared variable, joins after each\n`;
  out += `branch) and records every value each variable can hold and every value each expression can take.\n\n`;
  out += `## Input bounds\n\nInputs outside these bounds (or with more decimals) are computed by the BigDecimal edition\n`;
  out += `(\`lohnsteuer${year}-bigdecimal.ts\`) instead, so results never depend on the bounds.\n\n`;
  out += `| input | scale | min | max | why |\n|---|---|---|---|---|\n`;
  for (const v of pap.variables.values()) {
    if (v.section !== 'input') continue;
    const b = inputBound(v.name, v.type);
    out += `| ${v.name} | ${b.scale} | ${b.min} | ${b.max} | ${b.why}${INPUT_BOUNDS[v.name] ? '' : ''} |\n`;
  }
  out += `\n## Variables\n\nmax |u| = the largest unscaled integer the variable holds; it fits when ≤ 2^53 − 1; a variable that\n`;
  out += `does not fit is held as a BigInt.\n\n`;
  out += `| variable | scale | min | max | max \\|u\\| | fits 2^53 | held as |\n|---|---|---|---|---|---|---|\n`;
  for (const [name, st] of em.storage) {
    const mag = magnitude(st.range.lo, st.range.hi, st.scale);
    out += `| ${name} | ${st.scale} | ${dstr(st.range.lo)} | ${dstr(st.range.hi)} | ${mag} | ${mag <= MAX_SAFE ? 'yes' : '**no**'} | ${st.kind === 'n' ? 'number' : 'BigInt'} |\n`;
  }
  out += `\n## Operations computed in BigInt\n\nEvery other operation's integers (operands brought to a common scale, products,\n`;
  out += `numerators of divisions, results) are proven ≤ 2^53 − 1 by the same intervals.\n\n`;
  if (em.bigSites.length === 0) out += 'None.\n';
  else {
    out += `| step | operation | max \\|u\\| |\n|---|---|---|\n`;
    for (const s of em.bigSites) out += `| ${s.where} | ${s.what} | ${s.mag} |\n`;
  }
  return out;
}

export type { JType };
