// What one cache entry holds and is called: key, stored value, checks on the way back. Pure.

import {hash} from 'node:crypto'
import type {PageFacts, SourceReport} from '../types.js'
import {isRecord, isReport} from './shape.js'

/**
 * Bump when SourceReport (or what the cache stores) changes shape: every key carries it, and
 * the file store keeps each version in its own folder, so an entry of another version is
 * simply a miss (and old folders can be deleted by hand).
 */
export const SCHEMA_VERSION = 2

/** Namespace in Keyv and Redis (`remark-lint-citations::v1:…` in Redis). */
export const NAMESPACE = 'remark-lint-citations'

/**
 * Passages are the biggest part of a report (up to a page of text). The cache keeps at most
 * this many bytes of passage text (UTF-8) per report, in page order: whole passages while they
 * fit, then the start of the next one. Above the page reader's 200,000 characters of text in a
 * one-byte script, so only a long page in a script of wider characters is cut; such a report is
 * stored as `partial`, and a rule that reads the whole text fetches it again (claim support read
 * from 32 KiB gave another verdict than the page). Titles, anchors and every other field are
 * stored as they are.
 */
export const PASSAGE_BYTES_CAP = 256 * 1024

/** A report as stored: the report plus when it was stored (ISO time). */
export type StoredReport = SourceReport & {storedAt: string}

/**
 * The key of a normalised URL (after any rewrite). The URL is hashed so that keys have a fixed
 * length and never carry a secret that a URL might hold; `scope`, when given, is hashed in too
 * (settings that change what a report says, so that changing them is a miss).
 */
export function cacheKey(url: string, scope?: string): string {
  return `v${SCHEMA_VERSION}:${scope ? scopePrefix(scope) : ''}${sha256(url)}`
}

/** The key of a mark (see SourceCache.mark): beside the reports, hashed as they are. */
export function markKey(name: string): string {
  return `v${SCHEMA_VERSION}:mark:${sha256(name)}`
}

/** A run has one scope: hashed once, not for each of its thousands of keys. */
let lastScope: {scope: string; prefix: string} | undefined
function scopePrefix(scope: string): string {
  if (lastScope?.scope !== scope) lastScope = {scope, prefix: `${sha256(scope).slice(0, 16)}:`}
  return lastScope.prefix
}

/** One-shot `crypto.hash`: half the cost of a Hash object for the short texts of keys, taken thousands of times a run. */
export function sha256(text: string): string {
  return hash('sha256', text)
}

/** The value to store: passages capped (see PASSAGE_BYTES_CAP), `storedAt` added. */
export function toStored(report: SourceReport, now: Date = new Date()): StoredReport {
  return {...report, page: report.page && storedPage(report.page), storedAt: now.toISOString()}
}

/** A page with its passages capped: `partial` when that cut them, as it is no longer the whole text. */
function storedPage(page: PageFacts): PageFacts {
  const passages = capPassages(page.passages)
  const cut = passages.length < page.passages.length || passages.at(-1) !== page.passages.at(-1)
  return {...page, passages, ...(cut ? {partial: true} : {})}
}

/** Passages in order, at most `cap` bytes of UTF-8 in all; the one that crosses the cap is cut. */
export function capPassages(passages: string[], cap: number = PASSAGE_BYTES_CAP): string[] {
  const kept: string[] = []
  let left = cap
  for (const passage of passages) {
    const size = Buffer.byteLength(passage, 'utf8')
    if (size <= left) {
      kept.push(passage)
      left -= size
      continue
    }
    const head = cutUtf8(passage, left)
    if (head) kept.push(head)
    break
  }
  return kept
}

/** The longest start of `text` whose UTF-8 form fits in `bytes`, never splitting a character. */
function cutUtf8(text: string, bytes: number): string {
  let size = 0
  let end = 0
  for (const char of text) {
    const width = Buffer.byteLength(char, 'utf8')
    if (size + width > bytes) break
    size += width
    end += char.length
  }
  return text.slice(0, end)
}

/**
 * The report in a stored value, or undefined when the value is not a report of this schema
 * (a hand-edited file, a key written by something else; see shape.ts). `storedAt` is dropped.
 */
export function fromStored(value: unknown): SourceReport | undefined {
  if (!isRecord(value)) return undefined
  const {storedAt, ...report} = value
  return typeof storedAt === 'string' && isReport(report) ? report : undefined
}
