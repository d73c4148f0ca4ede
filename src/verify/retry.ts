// When to try a hop again, and how long to wait: timeouts and resets once, 429 after Retry-After.

import {NetError} from '../net/errors.js'
import type {HopResponse} from './transport.js'

/** Longest wait a Retry-After may ask for; longer asks end as "rate limited". */
export const retryAfterCapMs = 10_000

/** Retry-After in seconds or as an HTTP date, in milliseconds from `now`; undefined when absent or invalid. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** Milliseconds to wait before attempt `attempt + 1`, or undefined to stop trying. */
export function retryDelay(outcome: HopResponse | NetError, attempt: number): number | undefined {
  if (outcome instanceof NetError) {
    return attempt < 2 && (outcome.code === 'ETIMEDOUT' || outcome.code === 'ECONNRESET') ? 0 : undefined
  }
  if (outcome.status !== 429 || attempt >= 3) return undefined
  const asked = parseRetryAfter(outcome.headers['retry-after'])
  if (asked === undefined) return 1000 * attempt
  return asked <= retryAfterCapMs ? asked : undefined
}
