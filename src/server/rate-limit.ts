import { DomainError } from '../service/ports.js';

/**
 * Per-client rate limiting of `payroll serve` (issue 20 point 3; docs/decisions.md OPS4–OPS6). The spec
 * says "Rate limits: not shown": off unless the operator sets one (`--rate-limit 600/min`). A token bucket per
 * client: it holds `limit` requests and refills at `limit` per window, so a client may burst up to the limit
 * and then goes on at the steady rate; an empty bucket answers 429 with `Retry-After` = whole seconds until
 * the next request would be taken (RFC 9110 §10.2.3, RFC 6585 §4).
 *
 * In-process: each server process counts on its own, so N processes behind a load balancer let a client make
 * up to N× the limit (docs/operations.md "Rate limits").
 */
export interface RateLimitRule {
  /** Requests a client may make per window (also the burst). */
  limit: number;
  windowMs: number;
  /** As the operator wrote it, for messages: `600/min`. */
  text: string;
}

const UNITS: Record<string, number> = { s: 1_000, sec: 1_000, second: 1_000, m: 60_000, min: 60_000, minute: 60_000, h: 3_600_000, hour: 3_600_000 };

/** `600/min`, `10/s`, `5000/hour`, `100/10s`; `off` (or empty) is null. Throws an Error naming the rule on anything else. */
export function parseRateLimit(text: string): RateLimitRule | null {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === '' || trimmed === 'off' || trimmed === 'none') return null;
  const match = /^(\d{1,9})\s*\/\s*(\d{1,6})?\s*([a-z]+)$/.exec(trimmed);
  const unit = match ? UNITS[match[3] as string] : undefined;
  const limit = match ? Number(match[1]) : 0;
  const count = match?.[2] ? Number(match[2]) : 1;
  if (!match || unit === undefined || limit < 1 || count < 1) {
    throw new Error(`must be REQUESTS/PERIOD with a whole number of requests from 1 and a period of s, min or hour, optionally with a count (e.g. 600/min, 10/s, 100/10s), or off (got "${text}")`);
  }
  return { limit, windowMs: count * unit, text: trimmed };
}

export interface RateDecision {
  allowed: boolean;
  /** Whole seconds until the client's next request would be taken (0 when allowed). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  readonly rule: RateLimitRule;
  /** Counts one request of `key`. */
  take(key: string): RateDecision;
  /** Clients tracked right now (tests, and a bound on memory). */
  size(): number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * At most this many clients are tracked; beyond it the buckets that have refilled completely are dropped
 * (they hold no information: a new bucket starts full), so a flood of distinct keys cannot grow memory.
 */
const MAX_TRACKED = 50_000;

export function createRateLimiter(rule: RateLimitRule, options: { now?: () => number; maxTracked?: number } = {}): RateLimiter {
  const now = options.now ?? (() => performance.now());
  const maxTracked = options.maxTracked ?? MAX_TRACKED;
  const perMs = rule.limit / rule.windowMs;
  const buckets = new Map<string, Bucket>();

  const refill = (bucket: Bucket, t: number): void => {
    bucket.tokens = Math.min(rule.limit, bucket.tokens + (t - bucket.at) * perMs);
    bucket.at = t;
  };
  const prune = (t: number): void => {
    for (const [key, bucket] of buckets) {
      refill(bucket, t);
      if (bucket.tokens >= rule.limit) buckets.delete(key);
    }
  };

  return {
    rule,
    take(key) {
      const t = now();
      let bucket = buckets.get(key);
      if (!bucket) {
        if (buckets.size >= maxTracked) prune(t);
        bucket = { tokens: rule.limit, at: t };
        buckets.set(key, bucket);
      } else refill(bucket, t);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { allowed: true, retryAfterSeconds: 0 };
      }
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000)) };
    },
    size: () => buckets.size,
  };
}

/** The 429 answer's error (errors.ts gives REQUEST.RATE_LIMITED status 429 and `Retry-After`). */
export function rateLimited(rule: RateLimitRule, retryAfterSeconds: number): DomainError {
  return new DomainError('unavailable', 'REQUEST.RATE_LIMITED', `too many requests from this client (limit ${rule.text}); try again in ${retryAfterSeconds} s`, {
    details: { limit: rule.limit, window_seconds: rule.windowMs / 1000, retry_after_seconds: retryAfterSeconds },
  });
}
