// When to try a hop again, and how long to wait: exponential backoff with jitter, Retry-After honoured.

import {NetError} from '../net/errors.js'
import type {HopResponse} from './transport.js'

/**
 * Longest wait before a retry: a Retry-After asking for more ends the retries at once, and backoff stops
 * growing here (doubling from 500 ms, a tenth retry would otherwise wait at least four minutes).
 */
export const longestWaitMs = 10_000

export interface RetryPolicy {
  /** Retries after the first attempt for 408, 429, 5xx, resets and failed DNS lookups (timeouts get one). */
  retries: number
  /** First backoff; doubled on each retry, plus up to as much again of jitter, at most `longestWaitMs`. */
  baseDelayMs: number
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from `now`; undefined when absent or invalid. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** Milliseconds to wait before attempt `attempt + 1`, or undefined to stop trying. */
export function retryDelay(outcome: HopResponse | NetError, attempt: number, policy: RetryPolicy, random = Math.random): number | undefined {
  const backoff = Math.min(longestWaitMs, policy.baseDelayMs * 2 ** (attempt - 1) * (1 + random()))
  if (outcome instanceof NetError) {
    // A timeout already cost a whole hop limit: one more try, as a slow start is common.
    if (outcome.code === 'ETIMEDOUT') return attempt < 2 ? 0 : undefined
    return (outcome.code === 'ECONNRESET' || outcome.code === 'EDNS') && attempt <= policy.retries ? backoff : undefined
  }
  if (attempt > policy.retries || !isTransient(outcome.status)) return undefined
  // A 503 may say when the service is back, as a 429 says when to ask again (RFC 9110 §10.2.3).
  const asked = parseRetryAfter(outcome.headers['retry-after'])
  if (asked === undefined) return backoff
  return asked <= longestWaitMs ? asked : undefined
}

function isTransient(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599)
}
