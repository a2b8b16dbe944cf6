/**
 * Interval and scale analysis of a BMF Programmablaufplan: the proof of range behind the scaled-integer engine
 * (./fast.ts).
 *
 * Every BigDecimal of the plan becomes a JS number holding value × 10^scale, with one fixed scale per variable. That
 * is exact as long as every integer the engine computes stays within ±(2^53 − 1), where + − × and % of doubles are
 * exact. This module proves it, or finds where it does not hold: it executes the plan abstractly, once, from the
 * input bounds below, with every PAP step inlined where it is called (the plan has no loops or recursion):
 *
 * - a value is an interval [lo, hi] of exact decimals (BigInt based, never floating point) plus its Java scale (an
 *   upper bound of BigDecimal.scale() at that point, which bounds the decimals the value can have);
 * - add, subtract, multiply are interval arithmetic; setScale and divide(…, scale, mode) round the corners (both
 *   rounding modes are monotone); an exact divide(…) is allowed only where the quotient provably terminates;
 * - an IF narrows the compared variable in each branch (X.compareTo(17444) == -1 ⇒ X ≤ 17444 in THEN), and a branch
 *   whose narrowed interval is empty is unreachable;
 * - after each step the union over all branches is kept (join), so the result covers every path.
 *
 * What it records: per variable the union of every value assigned and the largest Java scale (the variable's storage
 * scale), and per expression node the union of its values, so the emitter knows the magnitude of every integer it
 * writes code for and computes in BigInt exactly where 2^53 is not proven.
 */
import { type Expr, JavaParser, type XmlElement, child, elements, javaType, type JType } from './generate.js';

// ---------------------------------------------------------------------------------------------
// Exact decimals: value = n × 10^-s.
// ---------------------------------------------------------------------------------------------

export interface Dec {
  n: bigint;
  s: number;
}

const P10: bigint[] = [];
export function pow10(k: number): bigint {
  if (k < 0) throw new Error(`negative power ${k}`);
  let p = P10[k];
  if (p === undefined) {
    p = 10n ** BigInt(k);
    P10[k] = p;
  }
  return p;
}

export function dec(text: string): Dec {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new Error(`not a decimal: ${text}`);
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const n = BigInt((m[2] ?? '0') + frac);
  return { n: m[1] === '-' ? -n : n, s: frac.length };
}

const at = (a: Dec, s: number): bigint => (s >= a.s ? a.n * pow10(s - a.s) : a.n / pow10(a.s - s));
export const dadd = (a: Dec, b: Dec): Dec => {
  const s = Math.max(a.s, b.s);
  return { n: at(a, s) + at(b, s), s };
};
export const dneg = (a: Dec): Dec => ({ n: -a.n, s: a.s });
export const dmul = (a: Dec, b: Dec): Dec => ({ n: a.n * b.n, s: a.s + b.s });
export function dcmp(a: Dec, b: Dec): number {
  const s = Math.max(a.s, b.s);
  const x = at(a, s);
  const y = at(b, s);
  return x < y ? -1 : x > y ? 1 : 0;
}
const dmin = (a: Dec, b: Dec): Dec => (dcmp(a, b) <= 0 ? a : b);
const dmax = (a: Dec, b: Dec): Dec => (dcmp(a, b) >= 0 ? a : b);
const dabs = (a: Dec): Dec => (a.n < 0n ? dneg(a) : a);

export type Mode = 'DOWN' | 'UP' | 'FLOOR' | 'CEILING';

/** n / d rounded to an integer by `mode` (DOWN toward zero, UP away from zero, FLOOR, CEILING). */
export function idiv(n: bigint, d: bigint, mode: Mode): bigint {
  const q = n / d; // truncates
  if (q * d === n) return q;
  const negative = n < 0n !== d < 0n;
  switch (mode) {
    case 'DOWN':
      return q;
    case 'UP':
      return negative ? q - 1n : q + 1n;
    case 'FLOOR':
      return negative ? q - 1n : q;
    case 'CEILING':
      return negative ? q : q + 1n;
  }
}

/** a / b rounded to `scale` places by `mode`. */
export function ddiv(a: Dec, b: Dec, scale: number, mode: Mode): Dec {
  const e = scale + b.s - a.s;
  const num = e >= 0 ? a.n * pow10(e) : a.n;
  const den = e >= 0 ? b.n : b.n * pow10(-e);
  return { n: idiv(num, den, mode), s: scale };
}

/** The exact quotient a / b, or undefined when it does not terminate (Java's ArithmeticException). */
export function dexact(a: Dec, b: Dec): Dec | undefined {
  for (let t = 0; t <= 60; t++) {
    const q = ddiv(a, b, t, 'DOWN');
    if (dcmp(dmul(q, b), a) === 0) return q;
  }
  return undefined;
}

/** The smallest scale that holds the value exactly (trailing zeros dropped). */
export function minScale(a: Dec): number {
  let { n, s } = a;
  while (s > 0 && n % 10n === 0n) {
    n /= 10n;
    s--;
  }
  return s;
}

export function dstr(a: Dec): string {
  const neg = a.n < 0n;
  let digits = (neg ? -a.n : a.n).toString();
  if (a.s > 0) {
    digits = digits.padStart(a.s + 1, '0');
    digits = `${digits.slice(0, -a.s)}.${digits.slice(-a.s)}`.replace(/0+$/, '').replace(/\.$/, '');
  }
  return (neg ? '-' : '') + digits;
}

/** ⌈|value| × 10^scale⌉: the largest unscaled integer a value in [lo, hi] needs at `scale`. */
export function magnitude(lo: Dec, hi: Dec, scale: number): bigint {
  const m = dmax(dabs(lo), dabs(hi));
  return m.s <= scale ? m.n * pow10(scale - m.s) : idiv(m.n, pow10(m.s - scale), 'CEILING');
}

export const MAX_SAFE = 9007199254740991n;

// ---------------------------------------------------------------------------------------------
// Abstract values.
// ---------------------------------------------------------------------------------------------

/** An interval of exact decimals and the largest Java scale the value can have. */
export interface AV {
  lo: Dec;
  hi: Dec;
  jp: number;
}

const point = (d: Dec, jp = minScale(d)): AV => ({ lo: d, hi: d, jp });
const join = (a: AV, b: AV): AV => ({ lo: dmin(a.lo, b.lo), hi: dmax(a.hi, b.hi), jp: Math.max(a.jp, b.jp) });
const ZERO: Dec = { n: 0n, s: 0 };
const ONE: Dec = { n: 1n, s: 0 };
const empty = (v: AV): boolean => dcmp(v.lo, v.hi) > 0;

/** Corners of a binary interval operation. */
function corners(a: AV, b: AV, f: (x: Dec, y: Dec) => Dec): { lo: Dec; hi: Dec } {
  const c = [f(a.lo, b.lo), f(a.lo, b.hi), f(a.hi, b.lo), f(a.hi, b.hi)];
  return { lo: c.reduce(dmin), hi: c.reduce(dmax) };
}

/** Outward rounding of a bound that may not terminate, at 20 places. */
function divOut(a: Dec, b: Dec, lower: boolean): Dec {
  const q = dexact(a, b);
  if (q) return q;
  return ddiv(a, b, 20, lower ? 'FLOOR' : 'CEILING');
}

// ---------------------------------------------------------------------------------------------
// Input bounds: the domain over which the proof holds.
// ---------------------------------------------------------------------------------------------

export interface InputBound {
  /** Most decimals the input may have (its storage scale at least). */
  scale: number;
  min: string;
  max: string;
  why: string;
}

/**
 * Amounts in cents. The wire bounds a single amount to < 10^12 € (service/contracts/common.ts) but a period may sum
 * up to 200 earnings, so the contract alone bounds RE4 only by 2 × 10^16 cents; the proof instead covers every
 * amount up to 10^10 cents (100 million € a pay period, far beyond any wage; the bound keeps the per-period amounts
 * annualized × 360 and scaled by 100 below 2^53). Inputs outside these bounds (or with
 * more decimals) are computed by the BigDecimal edition instead (domain/de/lohnsteuer/index.ts), so results never
 * depend on the bound, only the speed does.
 */
const CENTS: InputBound = { scale: 0, min: '0', max: '10000000000', why: 'whole cents, 0 to 10^10 (100 million € a period)' };

export const INPUT_BOUNDS: Readonly<Record<string, InputBound>> = {
  RE4: CENTS,
  VBEZ: CENTS,
  LZZFREIB: CENTS,
  LZZHINZU: CENTS,
  JRE4: CENTS,
  JVBEZ: CENTS,
  JRE4ENT: CENTS,
  JFREIB: CENTS,
  JHINZU: CENTS,
  SONSTB: CENTS,
  SONSTENT: CENTS,
  STERBE: CENTS,
  VBS: CENTS,
  VBEZM: CENTS,
  VBEZS: CENTS,
  MBV: CENTS,
  PKPV: CENTS,
  PKPVAGZ: CENTS,
  KVZ: { scale: 4, min: '0', max: '100', why: 'percent, 4 places (contract health_insurance_additional_rate: places 4, max 10)' },
  f: { scale: 3, min: '0', max: '1', why: 'factor, 3 places, 0 to 1 (contract factor: > 0, < 1, places 3; 1 when absent)' },
  ZKF: { scale: 1, min: '0', max: '99', why: 'child allowances, 1 place (contract child_allowances: 0 to 99, steps of 0.5)' },
  PVA: { scale: 0, min: '0', max: '4', why: 'care-insurance child reductions 0 to 4 (PAP input comment)' },
  LZZ: { scale: 0, min: '1', max: '4', why: 'pay period 1 to 4 (checked before the plan runs)' },
  STKL: { scale: 0, min: '1', max: '6', why: 'tax class 1 to 6 (checked before the plan runs)' },
  ZMVB: { scale: 0, min: '0', max: '12', why: 'months of pension payments 0 to 12' },
  af: { scale: 0, min: '0', max: '1', why: 'flag' },
  ALTER1: { scale: 0, min: '0', max: '1', why: 'flag' },
  ALV: { scale: 0, min: '0', max: '1', why: 'flag' },
  KRV: { scale: 0, min: '0', max: '2', why: 'pension-insurance marker' },
  PKV: { scale: 0, min: '0', max: '2', why: 'private health insurance marker' },
  PVS: { scale: 0, min: '0', max: '1', why: 'flag' },
  PVZ: { scale: 0, min: '0', max: '1', why: 'flag' },
};

/** Ints the plan only compares (years, the denomination): any 32-bit value. */
const ANY_INT: InputBound = { scale: 0, min: '-2147483648', max: '2147483647', why: 'any int (only compared)' };

export function inputBound(name: string, type: JType): InputBound {
  const b = INPUT_BOUNDS[name];
  if (b) return b;
  if (type === 'int') return ANY_INT;
  throw new Error(`no input bound for the BigDecimal input ${name}: add it to INPUT_BOUNDS`);
}

// ---------------------------------------------------------------------------------------------
// The plan, parsed once (the emitter reads the same Expr objects the analysis annotated).
// ---------------------------------------------------------------------------------------------

export interface PapVariable {
  name: string;
  type: JType;
  section: 'input' | 'output' | 'internal';
  defaultValue: string | undefined;
}

export interface PapConstant {
  name: string;
  type: JType;
  /** A point value, or the entries of a table. */
  value: Dec | Dec[];
}

export type Stmt =
  | { k: 'eval'; el: XmlElement; target: string; value: Expr }
  | { k: 'exec'; el: XmlElement; method: string }
  | { k: 'if'; el: XmlElement; cond: Expr; then: Stmt[]; else: Stmt[] | undefined };

export interface ParsedPap {
  flow: string;
  variables: Map<string, PapVariable>;
  constants: Map<string, PapConstant>;
  methods: Map<string, Stmt[]>;
  main: Stmt[];
}

function constantValue(e: Expr): Dec | Dec[] {
  if (e.t === 'array') return e.items.map((i) => constantValue(i) as Dec);
  if (e.t === 'member' && e.obj.t === 'id' && e.obj.name === 'BigDecimal' && (e.name === 'ZERO' || e.name === 'ONE')) return e.name === 'ZERO' ? ZERO : ONE;
  if (e.t === 'new' && e.cls === 'BigDecimal' && e.args.length === 1 && e.args[0]!.t === 'num') return dec(e.args[0]!.text);
  if (e.t === 'call' && e.obj?.t === 'id' && e.obj.name === 'BigDecimal' && e.name === 'valueOf' && e.args[0]?.t === 'num') return dec(e.args[0].text);
  throw new Error(`constant value ${JSON.stringify(e)}`);
}

export function parsePap(doc: XmlElement): ParsedPap {
  const pap = child(doc, 'PAP');
  const flow = pap.attrs.name!;
  const variables = new Map<string, PapVariable>();
  for (const group of elements(child(pap, 'VARIABLES'))) {
    const section = group.name === 'INPUTS' ? 'input' : group.name === 'OUTPUTS' ? 'output' : 'internal';
    for (const decl of elements(group)) {
      variables.set(decl.attrs.name!, { name: decl.attrs.name!, type: javaType(decl.attrs.type), section, defaultValue: decl.attrs.default });
    }
  }
  const constants = new Map<string, PapConstant>();
  for (const el of elements(child(pap, 'CONSTANTS'))) {
    constants.set(el.attrs.name!, { name: el.attrs.name!, type: javaType(el.attrs.type), value: constantValue(JavaParser.expression(el.attrs.value!)) });
  }
  const block = (el: XmlElement): Stmt[] =>
    elements(el).map((s): Stmt => {
      if (s.name === 'EVAL') {
        const { target, value } = JavaParser.assignment(s.attrs.exec!);
        return { k: 'eval', el: s, target, value };
      }
      if (s.name === 'EXECUTE') return { k: 'exec', el: s, method: s.attrs.method! };
      if (s.name === 'IF') {
        const elseEl = elements(s, 'ELSE')[0];
        return { k: 'if', el: s, cond: JavaParser.expression(s.attrs.expr!), then: block(elements(s, 'THEN')[0]!), else: elseEl ? block(elseEl) : undefined };
      }
      throw new Error(`unsupported statement <${s.name}>`);
    });
  const methodsEl = child(pap, 'METHODS');
  const methods = new Map<string, Stmt[]>();
  for (const m of elements(methodsEl, 'METHOD')) methods.set(m.attrs.name!, block(m));
  return { flow, variables, constants, methods, main: block(child(methodsEl, 'MAIN')) };
}

// ---------------------------------------------------------------------------------------------
// The abstract execution.
// ---------------------------------------------------------------------------------------------

type Env = Map<string, AV>;

export interface Analysis {
  pap: ParsedPap;
  /** Per variable: every value it ever holds (default, input, assignments) and its storage scale. */
  vars: Map<string, AV>;
  /** Per expression node: the union of its values over every execution of it. */
  nodes: Map<Expr, AV>;
  /** Per exact divide: how the quotient is exact (see fast.ts). */
  exactDivides: Map<Expr, ExactDivide>;
}

export type ExactDivide =
  /** divisor 2^a·5^b: multiply by 10^t / divisor, scale + t − divisor scale */
  | { k: 'pow'; factor: bigint; t: number }
  /** divisor an int variable whose every value divides 10^t */
  | { k: 'int'; t: number }
  /** dividend from a finite set of constants, each quotient checked to terminate at `scale` */
  | { k: 'const'; scale: number };

function isPow25(n: bigint): number | undefined {
  let a = 0;
  let b = 0;
  let m = n < 0n ? -n : n;
  if (m === 0n) return undefined;
  while (m % 2n === 0n) {
    m /= 2n;
    a++;
  }
  while (m % 5n === 0n) {
    m /= 5n;
    b++;
  }
  return m === 1n ? Math.max(a, b) : undefined;
}

export function analyze(pap: ParsedPap): Analysis {
  const vars = new Map<string, AV>();
  const nodes = new Map<Expr, AV>();
  const exactDivides = new Map<Expr, ExactDivide>();
  const note = (name: string, v: AV): void => {
    const old = vars.get(name);
    vars.set(name, old ? join(old, v) : v);
  };
  const record = (e: Expr, v: AV): AV => {
    const old = nodes.get(e);
    nodes.set(e, old ? join(old, v) : v);
    return v;
  };

  const env: Env = new Map();
  for (const v of pap.variables.values()) {
    let value: AV;
    if (v.section === 'input') {
      const b = inputBound(v.name, v.type);
      value = { lo: dec(b.min), hi: dec(b.max), jp: b.scale };
      if (v.name === 'f') value = join(value, point(ONE));
    } else {
      const d = v.defaultValue?.trim();
      const def = d === undefined || d === '' || d === '0' || d === '0.0' || d === 'BigDecimal.ZERO' || d === 'new BigDecimal(0)' ? ZERO : d === '1' || d === '1.0' || d === 'BigDecimal.ONE' ? ONE : constantValue(JavaParser.expression(d));
      if (Array.isArray(def)) throw new Error(`array default of ${v.name}`);
      value = point(def);
    }
    env.set(v.name, value);
    note(v.name, value);
  }

  const tableAt = (c: PapConstant, idx: AV): Dec[] => {
    const table = c.value as Dec[];
    const lo = Number(idx.lo.n);
    const hi = Number(idx.hi.n);
    if (idx.lo.s !== 0 || lo < 0 || hi >= table.length) throw new Error(`${c.name}[${dstr(idx.lo)}..${dstr(idx.hi)}] may leave the table (0..${table.length - 1})`);
    return table.slice(lo, hi + 1);
  };
  /** The finite set of values an expression can take, when it is built from constants and table look-ups only. */
  const constSet = (e: Expr, env: Env): Dec[] | undefined => {
    if (e.t === 'index' && e.obj.t === 'id') {
      const c = pap.constants.get(e.obj.name);
      if (c && Array.isArray(c.value)) return tableAt(c, ev(e.index, env));
    }
    if (e.t === 'id') {
      const c = pap.constants.get(e.name);
      if (c && !Array.isArray(c.value)) return [c.value];
    }
    if (e.t === 'call' && e.obj?.t === 'id' && e.obj.name === 'BigDecimal' && e.args[0]?.t === 'num') return [dec(e.args[0].text)];
    return undefined;
  };

  const ev = (e: Expr, env: Env): AV => record(e, evalExpr(e, env));
  const evalExpr = (e: Expr, env: Env): AV => {
    switch (e.t) {
      case 'num':
        return point(dec(e.text));
      case 'id': {
        const v = env.get(e.name);
        if (v) return v;
        const c = pap.constants.get(e.name);
        if (c && !Array.isArray(c.value)) return point(c.value);
        throw new Error(`unknown identifier ${e.name}`);
      }
      case 'member':
        if (e.obj.t === 'id' && e.obj.name === 'BigDecimal' && (e.name === 'ZERO' || e.name === 'ONE')) return point(e.name === 'ZERO' ? ZERO : ONE);
        if (e.obj.t === 'id' && e.obj.name === 'BigDecimal') return point(ZERO); // rounding mode
        throw new Error(`member ${JSON.stringify(e)}`);
      case 'new':
        return point(dec((e.args[0] as { text: string }).text));
      case 'index': {
        if (e.obj.t !== 'id') throw new Error('index of non-table');
        const entries = tableAt(pap.constants.get(e.obj.name)!, ev(e.index, env));
        return { lo: entries.reduce(dmin), hi: entries.reduce(dmax), jp: Math.max(...entries.map(minScale)) };
      }
      case 'unary': {
        const v = ev(e.e, env);
        if (e.op === '-') return { lo: dneg(v.hi), hi: dneg(v.lo), jp: v.jp };
        return { lo: ZERO, hi: ONE, jp: 0 };
      }
      case 'bin': {
        const l = ev(e.l, env);
        const r = ev(e.r, env);
        if (e.op === '+') return { lo: dadd(l.lo, r.lo), hi: dadd(l.hi, r.hi), jp: 0 };
        if (e.op === '-') return { lo: dadd(l.lo, dneg(r.hi)), hi: dadd(l.hi, dneg(r.lo)), jp: 0 };
        if (e.op === '*') return { ...corners(l, r, dmul), jp: 0 };
        return { lo: ZERO, hi: ONE, jp: 0 }; // a boolean
      }
      case 'array':
        throw new Error('array outside a constant');
      case 'call':
        return evalCall(e, env);
    }
  };
  const evalCall = (e: Extract<Expr, { t: 'call' }>, env: Env): AV => {
    if (e.obj?.t === 'id' && e.obj.name === 'BigDecimal') {
      const arg = e.args[0]!;
      if (arg.t === 'num') return point(dec(arg.text));
      const v = ev(arg, env);
      return { ...v, jp: v.jp };
    }
    const x = ev(e.obj!, env);
    const args = e.args.map((a) => ev(a, env));
    const mode = (i: number): Mode => {
      const a = e.args[i]!;
      if (a.t === 'member' && a.name === 'ROUND_DOWN') return 'DOWN';
      if (a.t === 'member' && a.name === 'ROUND_UP') return 'UP';
      throw new Error(`rounding mode ${JSON.stringify(a)}`);
    };
    const intArg = (i: number): number => {
      const a = e.args[i]!;
      if (a.t !== 'num') throw new Error('scale must be a literal');
      return Number(a.text);
    };
    switch (e.name) {
      case 'add':
        return { lo: dadd(x.lo, args[0]!.lo), hi: dadd(x.hi, args[0]!.hi), jp: Math.max(x.jp, args[0]!.jp) };
      case 'subtract':
        return { lo: dadd(x.lo, dneg(args[0]!.hi)), hi: dadd(x.hi, dneg(args[0]!.lo)), jp: Math.max(x.jp, args[0]!.jp) };
      case 'multiply':
        return { ...corners(x, args[0]!, dmul), jp: x.jp + args[0]!.jp };
      case 'setScale': {
        const s = intArg(0);
        const m = mode(1);
        return { lo: ddiv(x.lo, ONE, s, m), hi: ddiv(x.hi, ONE, s, m), jp: s };
      }
      case 'divide': {
        const d = args[0]!;
        if (dcmp(d.lo, ZERO) <= 0 && dcmp(d.hi, ZERO) >= 0) throw new Error('divisor may be 0');
        if (e.args.length === 3) {
          const s = intArg(1);
          const m = mode(2);
          return { ...corners(x, d, (a, b) => ddiv(a, b, s, m)), jp: s };
        }
        // Exact division: prove that the quotient terminates, and at which scale.
        const range = { lo: corners(x, d, (a, b) => divOut(a, b, true)).lo, hi: corners(x, d, (a, b) => divOut(a, b, false)).hi };
        const divisorArg = e.args[0]!;
        const dividends = constSet(e.obj!, env);
        if (dcmp(d.lo, d.hi) === 0) {
          const t = isPow25(d.lo.n);
          if (t !== undefined) {
            const factor = pow10(t) / (d.lo.n < 0n ? -d.lo.n : d.lo.n);
            exactDivides.set(e, { k: 'pow', factor: d.lo.n < 0n ? -factor : factor, t });
            return { ...range, jp: Math.max(0, x.jp - d.lo.s + t) };
          }
          if (dividends) {
            const q = dividends.map((a) => dexact(a, d.lo));
            if (q.some((v) => v === undefined)) throw new Error(`${dstr(d.lo)} does not divide every ${JSON.stringify(e.obj)} exactly`);
            const scale = Math.max(...q.map((v) => minScale(v!)));
            const old = exactDivides.get(e);
            exactDivides.set(e, { k: 'const', scale: Math.max(scale, old?.k === 'const' ? old.scale : 0) });
            return { ...range, jp: scale };
          }
          throw new Error(`exact divide by ${dstr(d.lo)} of a non-constant: the quotient may not terminate`);
        }
        if (divisorArg.t === 'call' && divisorArg.name === 'valueOf' && d.lo.s === 0 && d.hi.s === 0) {
          // An int divisor (KZTAB): every value in its range must be of the form 2^a·5^b.
          let t = 0;
          for (let n = d.lo.n; n <= d.hi.n; n++) {
            const k = isPow25(n);
            if (k === undefined) throw new Error(`exact divide by int ${n}: the quotient may not terminate`);
            t = Math.max(t, k);
          }
          const old = exactDivides.get(e);
          exactDivides.set(e, { k: 'int', t: Math.max(t, old?.k === 'int' ? old.t : 0) });
          return { ...range, jp: x.jp + t };
        }
        throw new Error(`exact divide by a variable interval: ${JSON.stringify(e)}`);
      }
      case 'compareTo':
        return { lo: { n: -1n, s: 0 }, hi: ONE, jp: 0 };
      case 'longValue':
        return { lo: ddiv(x.lo, ONE, 0, 'DOWN'), hi: ddiv(x.hi, ONE, 0, 'DOWN'), jp: 0 };
      case 'signum':
        return { lo: { n: -1n, s: 0 }, hi: ONE, jp: 0 };
    }
    throw new Error(`unsupported BigDecimal.${e.name}`);
  };

  /** Narrows `env` for `cond` being `truth`; undefined when that is impossible (branch unreachable). */
  const narrow = (cond: Expr, truth: boolean, env: Env): Env | undefined => {
    if (cond.t === 'bin' && cond.op === '&&') {
      if (!truth) return env; // either side may be false: no narrowing
      const left = narrow(cond.l, true, env);
      return left && narrow(cond.r, true, left);
    }
    if (cond.t === 'bin' && cond.op === '||') {
      if (truth) return env;
      const left = narrow(cond.l, false, env);
      return left && narrow(cond.r, false, left);
    }
    if (cond.t !== 'bin' || !['==', '!=', '<', '>', '<=', '>='].includes(cond.op)) return env;
    let op = cond.op;
    let l: Expr = cond.l;
    let r: Expr = cond.r;
    // a.compareTo(b) OP k  →  a OP' b
    if (l.t === 'call' && l.name === 'compareTo') {
      const k = r.t === 'num' ? Number(r.text) : r.t === 'unary' && r.op === '-' && r.e.t === 'num' ? -Number(r.e.text) : undefined;
      if (k === undefined) return env;
      const rel = `${op}${k}`;
      const map: Record<string, string> = { '==-1': '<', '==1': '>', '==0': '==', '!=0': '!=', '>=0': '>=', '<=0': '<=', '>0': '>', '<0': '<', '!=-1': '>=', '!=1': '<=' };
      if (!map[rel]) return env;
      op = map[rel]!;
      r = l.args[0]!;
      l = l.obj!;
    }
    if (!truth) op = ({ '<': '>=', '>': '<=', '<=': '>', '>=': '<', '==': '!=', '!=': '==' } as Record<string, string>)[op]!;
    const a = ev(l, env);
    const b = ev(r, env);
    const out = new Map(env);
    const isInt = (x: Expr): boolean => x.t === 'id' && pap.variables.get(x.name)?.type === 'int';
    // Strict comparisons of ints tighten by one; of decimals the closed bound is kept (sound, slightly wider).
    const step = (x: Expr): Dec => (isInt(x) ? ONE : ZERO);
    const set = (x: Expr, v: AV): boolean => {
      if (empty(v)) return false;
      if (x.t === 'id' && out.has(x.name)) out.set(x.name, v);
      return true;
    };
    let ok = true;
    switch (op) {
      case '<':
        ok = set(l, { ...a, hi: dmin(a.hi, dadd(b.hi, dneg(step(l)))) }) && set(r, { ...b, lo: dmax(b.lo, dadd(a.lo, step(r))) });
        break;
      case '<=':
        ok = set(l, { ...a, hi: dmin(a.hi, b.hi) }) && set(r, { ...b, lo: dmax(b.lo, a.lo) });
        break;
      case '>':
        ok = set(l, { ...a, lo: dmax(a.lo, dadd(b.lo, step(l))) }) && set(r, { ...b, hi: dmin(b.hi, dadd(a.hi, dneg(step(r)))) });
        break;
      case '>=':
        ok = set(l, { ...a, lo: dmax(a.lo, b.lo) }) && set(r, { ...b, hi: dmin(b.hi, a.hi) });
        break;
      case '==':
        ok = set(l, { ...a, lo: dmax(a.lo, b.lo), hi: dmin(a.hi, b.hi) }) && set(r, { ...b, lo: dmax(a.lo, b.lo), hi: dmin(a.hi, b.hi) });
        break;
      case '!=':
        // Only an int at an end of its interval can be excluded.
        if (dcmp(b.lo, b.hi) === 0 && isInt(l)) {
          if (dcmp(a.lo, b.lo) === 0) ok = set(l, { ...a, lo: dadd(a.lo, ONE) });
          else if (dcmp(a.hi, b.lo) === 0) ok = set(l, { ...a, hi: dadd(a.hi, dneg(ONE)) });
        }
        break;
    }
    return ok ? out : undefined;
  };

  const joinEnv = (a: Env | undefined, b: Env | undefined): Env | undefined => {
    if (!a) return b;
    if (!b) return a;
    const out = new Map(a);
    for (const [k, v] of b) out.set(k, join(out.get(k)!, v));
    return out;
  };

  const run = (stmts: Stmt[], env: Env | undefined, depth: number): Env | undefined => {
    if (depth > 50) throw new Error('PAP steps nested too deep (recursion?)');
    let cur = env;
    for (const s of stmts) {
      if (!cur) return undefined;
      if (s.k === 'eval') {
        const v = ev(s.value, cur);
        const target = pap.variables.get(s.target);
        if (!target) throw new Error(`assignment to unknown ${s.target}`);
        cur = new Map(cur);
        cur.set(s.target, v);
        note(s.target, v);
      } else if (s.k === 'exec') {
        const body = pap.methods.get(s.method);
        if (!body) throw new Error(`unknown step ${s.method}`);
        cur = run(body, cur, depth + 1);
      } else {
        record(s.cond, { lo: ZERO, hi: ONE, jp: 0 });
        const t = narrow(s.cond, true, cur);
        const f = narrow(s.cond, false, cur);
        cur = joinEnv(t && run(s.then, t, depth), f && (s.else ? run(s.else, f, depth) : f));
      }
    }
    return cur;
  };
  if (!run(pap.main, env, 0)) throw new Error('the plan cannot complete');
  return { pap, vars, nodes, exactDivides };
}

export { dstr as decimalText };
