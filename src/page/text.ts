// Small text helpers shared by the page readers: whitespace, words, title segments, phrase search.

/** Collapse every run of whitespace (including NBSP) to one space, drop zero-width characters, trim. */
export function collapse(text: string): string {
  return text.replace(/[\u200B-\u200D\u2060\uFEFF]/g, '').replace(/\s+/g, ' ').trim()
}

/** Lower-case, fold curly apostrophes, collapse whitespace: the form phrases are matched in. */
export function fold(text: string): string {
  return collapse(text).toLowerCase().replace(/[\u2018\u2019\u02BC]/g, "'")
}

/** Words: runs of letters, digits and apostrophes. CJK text without spaces counts as one word per run. */
export function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’]*/gu) ?? []
}

/**
 * Split a title at site-name separators (` | `, ` - `, ` – `, ` — `, ` · `, ` • `, ` › `, ` » `, ` :: `).
 * Colons and slashes are left alone: they usually start a subtitle, not a site name.
 */
export function titleSegments(title: string): string[] {
  return title
    .split(/\s+(?:\||-|–|—|·|•|›|»|::)\s+|\s*\|\s*/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
}

const latinPhrase = /^[\p{Script=Latin}\p{N}\p{P}\p{Zs}]+$/u

/** Where `phrase` (already folded) occurs in `text` (already folded) as whole words, or -1. CJK phrases match anywhere. */
export function findPhrase(text: string, phrase: string): {index: number; length: number} | undefined {
  if (!latinPhrase.test(phrase)) {
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

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}]/u.test(char)
}

/** Shorten for a reason message. */
export function quote(text: string, max = 60): string {
  const short = text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text
  return `“${short}”`
}
