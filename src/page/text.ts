// Small text helpers shared by the page readers: whitespace, words, title segments, phrase search.

import {graphemeSegmenter} from '../segmenters.js'

/**
 * Characters that show nothing inside a word: zero-width spaces and joiners, the word joiner, the BOM, and the soft
 * hyphen (`Bundes&shy;verfassungs&shy;gericht`, as German and Dutch pages write long words), which split the word.
 */
const invisible = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g

/** Anything `collapse` would change: an invisible character, whitespace other than one inner space. */
const untidy = /[\u00AD\u200B-\u200D\u2060\uFEFF]|[^\S ]| {2}|^ | $/

/** Whitespace that is not already one space: a run of two or more, or one other whitespace character. */
const untidyRun = /\s{2,}|[^\S ]/g

/**
 * Every run of whitespace as one space, as `text.replace(/\s+/g, ' ')` gives it, without replacing the single
 * spaces between words: that rebuilt the text at each of them, ten times its size in garbage, the largest share
 * of the page thread's allocations.
 */
export function oneSpace(text: string): string {
  return text.replace(untidyRun, ' ')
}

/** Collapse every run of whitespace (including NBSP) to one space, drop invisible characters, trim. */
export function collapse(text: string): string {
  // Most text reaching here is tidy already (passages, titles): testing is cheaper than rebuilding it.
  if (!untidy.test(text)) return text
  return oneSpace(text.replace(invisible, '')).trim()
}

/** Lower-case, fold curly apostrophes, collapse whitespace: the form phrases are matched in. */
export function fold(text: string): string {
  return foldCollapsed(collapse(text))
}

/** `fold` for text already collapsed (passages). */
export function foldCollapsed(text: string): string {
  return text.toLowerCase().replace(/[\u2018\u2019\u02BC]/g, "'")
}

/**
 * Words: runs of letters, their combining marks, digits and apostrophes. CJK text without spaces counts as one word
 * per run. The marks keep a Thai or Devanagari word whole: 'ต้องการ' was three words at its vowel and tone marks.
 */
export function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}'’]*/gu) ?? []
}

/** Characters of visible text in a page's passages. */
export function textLength(passages: readonly string[]): number {
  return passages.reduce((sum, passage) => sum + passage.length, 0)
}

/**
 * Split a title at site-name separators (` | `, ` - `, ` – `, ` — `, ` · `, ` • `, ` › `, ` » `, ` :: `, and a
 * full-width `｜` with or without spaces, as Japanese sites write `光合成｜サイト名`).
 * Colons and slashes are left alone: they usually start a subtitle, not a site name.
 */
export function titleSegments(title: string): string[] {
  return title
    .split(/\s+(?:\||-|–|—|·|•|›|»|::)\s+|\s*[|｜]\s*/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
}

const latinPhrase = /^[\p{Script=Latin}\p{N}\p{P}\p{Zs}]+$/u

/** Where `phrase` (already folded) occurs in `text` (already folded) as whole words, or -1. CJK phrases match anywhere. */
export function findPhrase(text: string, phrase: string): {index: number; length: number} | undefined {
  if (!isLatinPhrase(phrase)) {
    const index = text.indexOf(phrase)
    return index === -1 ? undefined : {index, length: phrase.length}
  }
  let from = 0
  for (;;) {
    const index = text.indexOf(phrase, from)
    if (index === -1) return undefined
    const before = text[index - 1]
    const after = text[index + phrase.length]
    if (!isWordChar(before) && !isWordChar(after)) return {index, length: phrase.length}
    from = index + 1
  }
}

/** The phrases searched for are a few constant lists: their script is looked up once. */
const latinPhrases = new Map<string, boolean>()

function isLatinPhrase(phrase: string): boolean {
  let latin = latinPhrases.get(phrase)
  if (latin === undefined) {
    latin = latinPhrase.test(phrase)
    if (latinPhrases.size < 10_000) latinPhrases.set(phrase, latin)
  }
  return latin
}

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}]/u.test(char)
}

/** Shorten for a reason message. */
export function quote(text: string, max = 60): string {
  return `“${shorten(text, max)}”`
}

/**
 * At most `max` characters as a reader counts them (graphemes), the last one `…` when cut: cutting code units split
 * an emoji's surrogate pair (a `�` in the message), or a letter from its accent or a ZWJ sequence in pieces.
 */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text
  // Segmenting copies the input for every segment: read only a head long enough for `max` graphemes of any usual size.
  const head = text.slice(0, max * 8)
  const graphemes = Array.from(graphemeSegmenter().segment(head), ({segment}) => segment)
  if (graphemes.length <= max && head.length === text.length) return text
  // The head's last grapheme may be cut: it is never kept.
  return `${graphemes.slice(0, Math.min(max - 1, graphemes.length - 1)).join('').trimEnd()}…`
}
