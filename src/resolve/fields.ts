// Reading registry JSON defensively: every field may be absent, null, a string or an array of strings.

import {DomUtils, parseDocument} from 'htmlparser2'
import {collapse} from '../page/text.js'
import {unparseable, type Unparseable} from './metadata.js'

export type Json = Record<string, unknown>

/** Parse a body that should be JSON; an HTML page, a plain-text error or an empty body is unparseable. */
export function readJson(body: string): {json: unknown} | Unparseable {
  const text = body.replace(/^\uFEFF/, '').trim()
  if (text === '') return unparseable('an empty body')
  if (text.startsWith('<')) return unparseable(/^<(?:!doctype\s+html|html)/i.test(text) ? 'an HTML page, not JSON' : 'markup, not JSON')
  try {
    return {json: JSON.parse(text) as unknown}
  } catch {
    return unparseable(`not JSON: \`${collapse(text).slice(0, 40).replace(/`/g, "'")}\``)
  }
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A non-empty string, or the first non-empty string of an array (Crossref lists titles, CSL gives one). */
export function text(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.map(text).find((item) => item !== undefined)
  if (typeof value === 'number') return String(value)
  if (typeof value !== 'string') return undefined
  const clean = cleanText(value)
  return clean === '' ? undefined : clean
}

/** Every non-empty string of a string or an array of them. */
export function texts(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value]
  return list.map(text).filter((item): item is string => item !== undefined)
}

export function list(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isObject) : []
}

/**
 * Registry text as plain text: Crossref titles carry face markup (`<i>`, `<sub>`, `<scp>`, MathML) and entities,
 * arXiv titles carry line breaks and double spaces.
 */
export function cleanText(value: string): string {
  const plain = /<\/?[a-z][\w:.-]*[^<>]*>|&(?:#\d+|#x[\da-f]+|[a-z]+\d*);/i.test(value)
    ? DomUtils.textContent(parseDocument(value, {decodeEntities: true}))
    : value
  return collapse(plain)
}

/** CSL / Crossref dates: `{"date-parts": [[2020, 2, 20]]}` (or a scalar `[2020]`, or `[[null]]` when unknown). */
export function dateFromParts(value: unknown): string | undefined {
  if (!isObject(value)) return undefined
  const parts: unknown = value['date-parts']
  const first: unknown = Array.isArray(parts) ? (Array.isArray(parts[0]) ? parts[0] : parts) : undefined
  if (Array.isArray(first)) {
    const numbers: number[] = []
    for (const part of first.slice(0, 3)) {
      const number = typeof part === 'string' ? Number(part) : part
      if (typeof number !== 'number' || !Number.isInteger(number)) break
      numbers.push(number)
    }
    const [year, month, day] = numbers
    if (year !== undefined && year > 0) {
      return [String(year).padStart(4, '0'), month, day]
        .filter((item) => item !== undefined)
        .map((item) => String(item).padStart(2, '0'))
        .join('-')
    }
  }
  return isoDate(value['date-time']) ?? isoDate(value.raw)
}

/** The date part of an ISO 8601 string: `2010-02-06T00:00:00Z` → `2010-02-06` (also `2010` or `2010-02`). */
export function isoDate(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  return /^\d{4}(?:-\d{2}(?:-\d{2})?)?(?=T|\s|$)/.exec(value.trim())?.[0]
}
