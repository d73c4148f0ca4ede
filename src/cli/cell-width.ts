// How wide a cell of remark's report is, for the copy of vfile-reporter that reporter.ts loads in place of its
// pinned string-width 6 (which builds an emoji RegExp for every character it measures: 0.35–1 ms a message line,
// and counts some characters, `©` or a soft hyphen, two columns wide).
//
// Printable ASCII, and the Latin letters and typographic punctuation this package's own messages use (`“…”`, `é`,
// `–`), are one column a character: nearly every cell of a report is as wide as it is long. The rest is measured by
// string-width 8, which the report loads only when a message needs it (its Unicode tables take 60-90 ms to load),
// one stretch at a time: over a whole line of 250 characters it takes 0.5 ms, for one `漢` in it.

type Measure = (text: string) => number

/** The colours vfile-reporter adds (SGR sequences), which take no room. */
const colour = /\u001B\[[\d;]*m/g
/**
 * Characters string-width 8 counts one column each, alone or in any sequence: printable ASCII, Latin-1 and the Latin
 * extensions (no soft hyphen, which takes none; combining marks start at U+0300), and general punctuation from the
 * dashes to the last of its symbols (no zero-width or directional controls, no line or paragraph separator).
 */
const narrow = /^[\u0020-\u007E\u00A0-\u00AC\u00AE-\u02FF\u2010-\u2027\u2030-\u205E]*$/
/**
 * A stretch of other characters, with the ASCII character before it: a cluster can start with one (`1` and a
 * keycap mark are one emoji, two columns wide; `e` and a combining accent, one). Only a prepended mark, which no
 * script writes before ASCII, would join a stretch to the character after it.
 */
const unicodeStretch = /[\u0020-\u007E]?[^\u0020-\u007E]+/g
/** An escape sequence left once the colours are out: string-width 8 reads the whole cell. */
const escape = /[\u001B\u009B]/

let unicodeWidth: Measure | undefined
/**
 * Widths of short stretches, which recur (`s “`, `” (`): string-width 8 segments each one it is given, about
 * 25 µs, and a report measures every cell twice. Bounded, for reports in scripts with few ASCII characters.
 */
const known = new Map<string, number>()
const knownMost = 10_000
const knownLongest = 16

/** Whether `text` is as wide as it is long, once its colours are taken out (see `narrow`). */
export function isPlain(text: string): boolean {
  return narrow.test(text)
}

/** Loads string-width 8 for the cells that are not plain (see `isPlain`). */
export async function loadUnicodeWidth(): Promise<void> {
  unicodeWidth ??= (await import('string-width')).default
}

/** The columns `cell` takes in a terminal. */
export default function cellWidth(cell: string): number {
  const text = cell.includes('\u001B') ? cell.replace(colour, '') : cell
  if (isPlain(text)) return text.length
  // Code points, should a cell the report did not foresee come before string-width 8 is loaded.
  if (!unicodeWidth) return [...text].length
  if (escape.test(text)) return unicodeWidth(text)
  let width = text.length
  for (const [stretch] of text.matchAll(unicodeStretch)) width += stretchWidth(stretch, unicodeWidth) - stretch.length
  return width
}

function stretchWidth(stretch: string, measure: Measure): number {
  let width = known.get(stretch)
  if (width === undefined) {
    width = measure(stretch)
    if (stretch.length <= knownLongest && known.size < knownMost) known.set(stretch, width)
  }
  return width
}
