/**
 * java.math.BigDecimal, as far as the BMF's PAP uses it, for the wage-tax engine.
 *
 * Why not compute on the shared Decimal directly: the PAP is a chain of ~150 BigDecimal operations
 * per case, and a decimal.js operation costs 250–750 ns (it copies its operand and re-rounds every
 * result), which caps a faithful run near 30,000 cases/s. This class has Java's own model, an
 * unscaled integer and a scale (value = unscaled × 10^-scale), keeps the unscaled value in a JS
 * number while it is a safe integer (|n| ≤ 2^53 − 1, where + − × and % are exact) and moves to
 * BigInt the moment an intermediate would leave that range. Every operation is therefore exact, as
 * in Java; nothing is ever a binary fraction. Decimal stays the currency of the public API: inputs
 * are converted on the way in (`decIn`, `intIn`) and outputs on the way out (`toDecimal`).
 *
 * Semantics, as in Java:
 * - add/subtract/multiply are exact;
 * - divide(y) without a scale is exact and throws (ArithmeticException) when the quotient does not
 *   terminate; divide(y, scale, mode) rounds the exact quotient once to `scale` places;
 * - setScale(n, ROUND_DOWN) truncates toward zero, setScale(n, ROUND_UP) rounds away from zero
 *   (the PAP uses no other rounding modes; the type admits no others);
 * - compareTo compares values (2.50 equals 2.5) and returns -1, 0 or 1.
 * Scales may differ from Java's "preferred scale" after an exact divide; no PAP step depends on a
 * scale other than through the value, so results are identical.
 */
import { Decimal } from '../../money.js';
import { fieldError } from '../../errors.js';

export type RoundingMode = 0 | 1;
type Unscaled = number | bigint;

const MAX = Number.MAX_SAFE_INTEGER;
/** 10^k as exact doubles for k ≤ 15 (all safe integers). */
const POW10: readonly number[] = Array.from({ length: 16 }, (_, k) => 10 ** k);
const BIG_POW10: bigint[] = [];

function bigPow10(k: number): bigint {
  let p = BIG_POW10[k];
  if (p === undefined) {
    p = 10n ** BigInt(k);
    if (k < 128) BIG_POW10[k] = p;
  }
  return p;
}

/** A number when it is a safe integer, else the BigInt (keeps the fast path whenever possible). */
function norm(u: bigint): Unscaled {
  return u >= -9007199254740991n && u <= 9007199254740991n ? Number(u) : u;
}

/** u × 10^k, exact. */
function scaleUp(u: Unscaled, k: number): Unscaled {
  if (k === 0) return u;
  if (typeof u === 'number') {
    if (k < 16) {
      const r = u * POW10[k]!;
      if (r <= MAX && r >= -MAX) return r;
    }
    return BigInt(u) * bigPow10(k);
  }
  return u * bigPow10(k);
}

function addUnscaled(a: Unscaled, b: Unscaled): Unscaled {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a + b;
    if (r <= MAX && r >= -MAX) return r;
  }
  return norm(BigInt(a) + BigInt(b));
}

/** num / den (den ≠ 0) rounded to an integer: ROUND_DOWN toward zero, ROUND_UP away from zero. */
function divideRounded(num: Unscaled, den: Unscaled, mode: RoundingMode): Unscaled {
  if (typeof num === 'number' && typeof den === 'number') {
    const r = num % den; // exact for safe integers; sign of num
    const q = (num - r) / den; // exact: the true quotient is an integer within range
    if (r === 0 || mode === BigDecimal.ROUND_DOWN) return q + 0; // + 0 turns -0 into 0
    return (num < 0) !== (den < 0) ? q - 1 : q + 1;
  }
  const n = BigInt(num);
  const d = BigInt(den);
  const q = n / d; // BigInt division truncates toward zero
  if (mode === BigDecimal.ROUND_DOWN || n % d === 0n) return norm(q);
  return norm(n < 0n !== d < 0n ? q - 1n : q + 1n);
}

function isZero(u: Unscaled): boolean {
  return typeof u === 'number' ? u === 0 : u === 0n;
}

export class BigDecimal {
  /** BigDecimal.ROUND_UP: away from zero (2.1 → 3, -2.1 → -3). */
  static readonly ROUND_UP: RoundingMode = 0;
  /** BigDecimal.ROUND_DOWN: toward zero, i.e. truncation (2.9 → 2, -2.9 → -2). */
  static readonly ROUND_DOWN: RoundingMode = 1;
  static readonly ZERO = new BigDecimal(0, 0);
  static readonly ONE = new BigDecimal(1, 0);
  private static readonly SMALL: readonly BigDecimal[] = Array.from({ length: 101 }, (_, i) => new BigDecimal(i, 0));

  /** value = unscaled × 10^-scale; `unscaled` is a number whenever it is a safe integer. */
  private constructor(
    readonly unscaled: Unscaled,
    readonly scale: number,
  ) {}

  /** BigDecimal.valueOf(long): small integers come from a cache. */
  static valueOf(n: number): BigDecimal {
    if (!Number.isSafeInteger(n)) throw new RangeError(`BigDecimal.valueOf: ${n} is not a safe integer`);
    return n >= 0 && n <= 100 ? BigDecimal.SMALL[n]! : new BigDecimal(n + 0, 0);
  }

  /** new BigDecimal(String): plain or exponent notation, e.g. "0.07", "-12", "1.5e3". */
  static parse(text: string): BigDecimal {
    const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
    if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new SyntaxError(`BigDecimal: "${text}" is not a number`);
    const fraction = m[3] ?? '';
    const digits = (m[2] ?? '') + fraction;
    let scale = fraction.length - (m[4] ? Number(m[4]) : 0);
    let unscaled: Unscaled = digits.length <= 15 ? Number(digits) : norm(BigInt(digits));
    if (m[1] === '-') unscaled = typeof unscaled === 'number' ? -unscaled + 0 : norm(-unscaled);
    if (scale < 0) {
      unscaled = scaleUp(unscaled, -scale);
      scale = 0;
    }
    return new BigDecimal(unscaled, scale);
  }

  /** BigDecimal.valueOf(double): the decimal the double prints as (Double.toString), e.g. 0.7 → 0.7. */
  static fromNumber(n: number): BigDecimal {
    if (Number.isSafeInteger(n)) return BigDecimal.valueOf(n);
    if (!Number.isFinite(n)) throw new RangeError(`BigDecimal: ${n} is not finite`);
    return BigDecimal.parse(String(n));
  }

  /** The exact value of a shared Decimal. */
  static fromDecimal(d: Decimal): BigDecimal {
    if (!d.isFinite()) throw new RangeError(`BigDecimal: ${d.toString()} is not finite`);
    return BigDecimal.parse(d.toFixed());
  }

  add(o: BigDecimal): BigDecimal {
    const s = this.scale;
    const t = o.scale;
    if (s === t) return new BigDecimal(addUnscaled(this.unscaled, o.unscaled), s);
    if (s < t) return new BigDecimal(addUnscaled(scaleUp(this.unscaled, t - s), o.unscaled), t);
    return new BigDecimal(addUnscaled(this.unscaled, scaleUp(o.unscaled, s - t)), s);
  }

  negate(): BigDecimal {
    const u = this.unscaled;
    return new BigDecimal(typeof u === 'number' ? -u + 0 : norm(-u), this.scale);
  }

  subtract(o: BigDecimal): BigDecimal {
    return this.add(o.negate());
  }

  multiply(o: BigDecimal): BigDecimal {
    const a = this.unscaled;
    const b = o.unscaled;
    if (typeof a === 'number' && typeof b === 'number') {
      const r = a * b;
      if (r <= MAX && r >= -MAX) return new BigDecimal(r + 0, this.scale + o.scale);
    }
    return new BigDecimal(norm(BigInt(a) * BigInt(b)), this.scale + o.scale);
  }

  /**
   * divide(divisor): the exact quotient (Java throws when it does not terminate);
   * divide(divisor, scale, mode): the exact quotient rounded once to `scale` places.
   */
  divide(o: BigDecimal, scale?: number, mode?: RoundingMode): BigDecimal {
    if (isZero(o.unscaled)) throw new RangeError('BigDecimal: division by zero');
    if (scale !== undefined) {
      // this / o = (a / b) × 10^(o.scale − this.scale); at `scale` places: a × 10^(scale + o.scale − this.scale) / b
      const e = scale + o.scale - this.scale;
      const num = e >= 0 ? scaleUp(this.unscaled, e) : this.unscaled;
      const den = e >= 0 ? o.unscaled : scaleUp(o.unscaled, -e);
      return new BigDecimal(divideRounded(num, den, mode ?? BigDecimal.ROUND_DOWN), scale);
    }
    // Exact: the smallest scale (from Java's preferred this.scale − o.scale, at least 0) at which the quotient is whole.
    const from = Math.max(0, this.scale - o.scale);
    for (let t = from; t <= from + 64; t++) {
      const num = scaleUp(this.unscaled, t + o.scale - this.scale);
      const den = o.unscaled;
      if (typeof num === 'number' && typeof den === 'number') {
        if (num % den === 0) return new BigDecimal(num / den + 0, t);
      } else {
        const n = BigInt(num);
        const d = BigInt(den);
        if (n % d === 0n) return new BigDecimal(norm(n / d), t);
      }
    }
    throw new RangeError('BigDecimal: non-terminating decimal expansion; no exact representable decimal result');
  }

  setScale(scale: number, mode: RoundingMode): BigDecimal {
    const s = this.scale;
    if (scale === s) return this;
    if (scale > s) return new BigDecimal(scaleUp(this.unscaled, scale - s), scale);
    const k = s - scale;
    return new BigDecimal(divideRounded(this.unscaled, k < 16 ? POW10[k]! : bigPow10(k), mode), scale);
  }

  compareTo(o: BigDecimal): -1 | 0 | 1 {
    let a = this.unscaled;
    let b = o.unscaled;
    if (this.scale < o.scale) a = scaleUp(a, o.scale - this.scale);
    else if (this.scale > o.scale) b = scaleUp(b, this.scale - o.scale);
    return a < b ? -1 : a > b ? 1 : 0;
  }

  /** longValue(): the integer part, truncated toward zero. */
  longValue(): number {
    return Number(this.setScale(0, BigDecimal.ROUND_DOWN).unscaled);
  }

  signum(): -1 | 0 | 1 {
    const u = this.unscaled;
    return u > 0 ? 1 : u < 0 ? -1 : 0;
  }

  /** Plain notation with exactly `scale` decimals, e.g. "-0.50". */
  toString(): string {
    const u = this.unscaled;
    const negative = u < 0;
    let digits = (negative ? -u : u).toString();
    if (this.scale > 0) {
      digits = digits.padStart(this.scale + 1, '0');
      digits = `${digits.slice(0, digits.length - this.scale)}.${digits.slice(digits.length - this.scale)}`;
    }
    return negative ? `-${digits}` : digits;
  }

  /** The value as a shared Decimal (exact). */
  toDecimal(): Decimal {
    const u = this.unscaled;
    if (u === 0) return DECIMAL_ZERO;
    if (this.scale === 0 && typeof u === 'number') return new Decimal(u);
    return new Decimal(this.toString());
  }
}

const DECIMAL_ZERO = new Decimal(0);

// ---- Inputs (the caller's values to the PAP's Java types) ----

/** An `int` input: absent → 0; integers (or integer strings / integral Decimals) only. */
export function intIn(value: unknown, name: string): number {
  if (value === undefined || value === null) return 0;
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) return value;
  } else if (typeof value === 'string' && /^\s*[+-]?\d{1,15}\s*$/.test(value)) {
    return Number(value);
  } else if (value instanceof Decimal && (value as Decimal).isInteger() && (value as Decimal).abs().lte(Number.MAX_SAFE_INTEGER)) {
    return (value as Decimal).toNumber();
  }
  throw fieldError(['input', name], `${name} must be an integer`, 'int_type');
}

const DECIMAL_TEXT = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

/**
 * A `BigDecimal` or `double` input: absent → `fallback` (0 unless given); a Decimal, a finite
 * number (taken as the decimal it prints as, like BigDecimal.valueOf(double)) or a decimal string.
 */
export function decIn(value: unknown, name: string, fallback: BigDecimal = BigDecimal.ZERO): BigDecimal {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) return BigDecimal.valueOf(value);
    if (Number.isFinite(value)) return BigDecimal.fromNumber(value);
  } else if (value instanceof Decimal) {
    if ((value as Decimal).isFinite()) return BigDecimal.fromDecimal(value as Decimal);
  } else if (typeof value === 'string' && DECIMAL_TEXT.test(value)) {
    return BigDecimal.parse(value);
  }
  throw fieldError(['input', name], `${name} must be a decimal number`, 'decimal_type');
}
