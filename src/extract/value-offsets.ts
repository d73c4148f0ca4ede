// Maps characters of a node's value back to offsets in the source text.

import {decodeNamedCharacterReference} from 'decode-named-character-reference'

/**
 * For each index of `value`, where it starts and ends in `source`.
 * The value is the source minus escapes, decoded character references and
 * container prefixes (`> `, list indent), with a tab split by a prefix as spaces,
 * so the two are aligned greedily.
 */
export interface ValueOffsets {
  /** Source offset where value character `i` starts. */
  startOf(index: number): number
  /** Source offset just after value character `i`. */
  endOf(index: number): number
}

/** What a backslash escapes: ASCII punctuation. */
const ESCAPABLE = /^[!-/:-@[-`{-~]$/

const REFERENCE = /&(?:#\d{1,7}|#[xX][\da-fA-F]{1,6}|[A-Za-z][A-Za-z\d]{0,31});/y

export function valueOffsets(
  value: string,
  source: string,
  from: number,
  to: number
): ValueOffsets {
  if (source.slice(from, to) === value) {
    return {startOf: (i) => from + i, endOf: (i) => from + i + 1}
  }
  const starts = new Int32Array(value.length)
  const ends = new Int32Array(value.length)
  align(value, source, from, to, starts, ends)
  return {startOf: (i) => starts[i] ?? to, endOf: (i) => ends[i] ?? to}
}

function align(
  value: string,
  source: string,
  from: number,
  to: number,
  starts: Int32Array,
  ends: Int32Array
): void {
  let j = from
  // A tab that a prefix took part of just before `from` (`>\t<p>`) leaves spaces the source does not have there.
  let i = source.charAt(from - 1) === '\t' ? tabRest(value, 0) : 0
  starts.fill(from, 0, i)
  ends.fill(from, 0, i)
  while (i < value.length) {
    const step = consume(value, i, source, j, to)
    if (step === undefined) {
      j++ // a prefix or stripped character: not part of the value
      if (j >= to) return fillRest(i, to, starts, ends, value.length)
      continue
    }
    for (let k = 0; k < step.chars; k++) {
      starts[i + k] = j
      ends[i + k] = j + step.source
    }
    i += step.chars
    j += step.source
  }
}

/** How many value characters the source at `j` yields, and its length. */
function consume(
  value: string,
  i: number,
  source: string,
  j: number,
  to: number
): {chars: number; source: number} | undefined {
  const char = source.charAt(j)
  const reference = char === '&' ? referenceAt(source, j, to) : undefined
  // A reference that the value does not repeat verbatim was decoded: a numeric one into one code point (two code
  // units when astral), a named one into what its name stands for, up to two code points (`&fjlig;` is `fj`).
  if (reference !== undefined && !value.startsWith(reference, i)) {
    const named = reference.charAt(1) === '#' ? false : decodeNamedCharacterReference(reference.slice(1, -1))
    const code = value.codePointAt(i) ?? 0
    const chars = named && value.startsWith(named, i) ? named.length : code > 0xffff ? 2 : 1
    return {chars, source: reference.length}
  }
  if (char === value.charAt(i)) return {chars: 1, source: 1}
  if (char === '\t' && value.charAt(i) === ' ') return {chars: tabRest(value, i), source: 1}
  // Only punctuation is escaped: in `\\https://…` the second backslash is the first's, and `h` is not escaped.
  if (char === '\\' && j + 1 < to && source.charAt(j + 1) === value.charAt(i) && ESCAPABLE.test(value.charAt(i))) {
    return {chars: 1, source: 2}
  }
  return undefined
}

/** The spaces at `i` that stand for the columns a container prefix left of a tab: at most three. */
function tabRest(value: string, i: number): number {
  let count = 0
  while (count < 3 && value.charAt(i + count) === ' ') count++
  return count
}

function referenceAt(source: string, j: number, to: number): string | undefined {
  REFERENCE.lastIndex = j
  const match = REFERENCE.exec(source)
  return match && j + match[0].length <= to ? match[0] : undefined
}

function fillRest(
  i: number,
  to: number,
  starts: Int32Array,
  ends: Int32Array,
  length: number
): void {
  for (let k = i; k < length; k++) {
    starts[k] = to
    ends[k] = to
  }
}
