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

/**
 * Longest pause a host's Retry-After is taken for (see inspect.ts): a day. A longer one, or a date years ahead,
 * is taken as a day, so a server's slip cannot shut its host out of this and later runs for good.
 */
export const longestPauseMs = 24 * 60 * 60 * 1000

/** A month's name, as each form of HTTP date writes it (`06 Nov 1994`, `06-Nov-94`, `Nov  6`). */
const month = /(?:^|[^a-z])(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)(?![a-z])/i
/** The time of day every form of HTTP date writes (`08:49:37`); without it `Nov 5` reads as a day in 2001. */
const timeOfDay = /(?:^|\D)\d\d:\d\d:\d\d(?!\d)/

/**
 * Retry-After in seconds or as an HTTP date, in milliseconds from `now` (at most `longestPauseMs`); undefined when
 * absent or invalid. Seconds are digits only, and every HTTP date names its month and the time of day (RFC 9110
 * §10.2.3, §5.6.7): `-5`, `1.5`, `in 2` or `Nov 5` is neither, though `Date.parse` reads each as a date, long past.
 */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined
  const trimmed = value.trim()
  const ms = /^\d+$/.test(trimmed) ? Number(trimmed) * 1000 : month.test(trimmed) && timeOfDay.test(trimmed) ? Date.parse(trimmed) - now : Number.NaN
  return Number.isNaN(ms) ? undefined : Math.min(longestPauseMs, Math.max(0, ms))
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

/** A status that says something about this moment, not the page: retried, and never cached by default (cache/ttl.ts). */
export function isTransient(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599)
}
