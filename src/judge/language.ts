// Whether a claim and a page are written in different languages, where comparing their words says nothing about
// support: by the script most of their letters are written in, or, in one script, by their commonest function words.

import {words} from './text.js'

/**
 * Function words common in one language and rare in the others. Words that several languages use often are left
 * out (`de`, `la`, `a`, `in`, `die`, `is`, `was`, `do`, `das`, `son`, `on`); the few shared ones left count for
 * each language and only weaken a lead.
 */
const MARKERS: Record<string, readonly string[]> = {
  en: 'the and of to that with are this from which were has have been their its for by'.split(' '),
  fr: 'le les des et est une dans pour sur par qui du aux au sont pas ces cette avec ne leur mais selon été'.split(' '),
  de: 'der und ist nicht mit den dem von ein eine auf für sich auch wird sind wurde im zu'.split(' '),
  es: 'el los las y por para del como más pero fue está lo al una con'.split(' '),
  it: 'il di che della delle nel gli per sono anche alla degli è non una con del'.split(' '),
  pt: 'os um não em uma dos ao pelo pela são mais com para como é'.split(' '),
  nl: 'het een van dat voor niet zijn ook wordt naar maar bij op'.split(' '),
  ru: 'и в не на что с по это как из для от к'.split(' ')
}

const languagesOf = new Map<string, string[]>()
for (const [language, list] of Object.entries(MARKERS)) {
  for (const word of list) languagesOf.set(word, [...(languagesOf.get(word) ?? []), language])
}

/** Scripts told apart; Chinese characters and Japanese kana are one (Japanese writes both). */
const SCRIPTS: ReadonlyArray<[string, RegExp]> = [
  ['latin', /\p{Script=Latin}/u],
  ['cyrillic', /\p{Script=Cyrillic}/u],
  ['greek', /\p{Script=Greek}/u],
  ['arabic', /\p{Script=Arabic}/u],
  ['hebrew', /\p{Script=Hebrew}/u],
  ['han', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ['hangul', /\p{Script=Hangul}/u],
  ['thai', /\p{Script=Thai}/u],
  ['devanagari', /\p{Script=Devanagari}/u]
]

/** The page's first characters: enough to know its language, cheap on a long page. */
const SAMPLE = 20_000
/** A page's language needs this many marker words, and more than twice the runner-up's: a page quoting another is not it. */
const PAGE = {least: 5, ratio: 2}
/** A claim's needs two, and twice any other's: a stray word of another language does not make a sentence its. */
const CLAIM = {least: 2, ratio: 2}

interface Profile {
  script: string | undefined
  language: string | undefined
}

const pages = new WeakMap<readonly string[], Profile>()

/**
 * True only when both are known to differ: the claim's letters are mostly in another script than the page's, or
 * the claim's function words are one language's and the page's clearly another's. Unknown (a short page, a claim
 * without function words, a page in two languages) is not different.
 */
export function differentLanguages(claim: string, passages: readonly string[]): boolean {
  let page = pages.get(passages)
  if (!page) pages.set(passages, (page = profile(sample(passages), PAGE)))
  const own = profile(claimWords(claim), CLAIM)
  if (own.script !== undefined && page.script !== undefined && own.script !== page.script) return true
  return own.language !== undefined && page.language !== undefined && own.language !== page.language
}

/**
 * The claim's words that may be function words: not `et al.`, nor a capitalised word inside the sentence, part of a
 * name (`Los Angeles`, `Le Monde`, `Van Gogh`), where a language's articles are written in lower case.
 */
function claimWords(claim: string): string {
  return claim.replace(/\bet al\b/gi, ' ').replace(/(?<=\S\s+)\p{Lu}\p{L}*/gu, ' ')
}

function sample(passages: readonly string[]): string {
  let text = ''
  for (const passage of passages) {
    if (text.length >= SAMPLE) break
    text += ` ${passage.slice(0, SAMPLE - text.length)}`
  }
  return text
}

/** The script most letters are in, and the language with at least `least` marker words and `ratio` times the next. */
function profile(text: string, {least, ratio}: {least: number; ratio: number}): Profile {
  const letters = new Map<string, number>()
  for (const char of text.replace(/[^\p{L}]+/gu, '')) {
    const script = SCRIPTS.find(([, test]) => test.test(char))?.[0] ?? 'other'
    letters.set(script, (letters.get(script) ?? 0) + 1)
  }
  const counts = new Map<string, number>()
  for (const word of words(text)) {
    for (const language of languagesOf.get(word) ?? []) counts.set(language, (counts.get(language) ?? 0) + 1)
  }
  const [first, second] = [...counts].sort((a, b) => b[1] - a[1])
  const leads = first !== undefined && first[1] >= least && first[1] > ratio * (second?.[1] ?? 0)
  return {script: leader(letters), language: leads ? first[0] : undefined}
}

/** The key with the most, when it has more than half of all. */
function leader(counts: Map<string, number>): string | undefined {
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0)
  const [top] = [...counts].sort((a, b) => b[1] - a[1])
  return top !== undefined && top[0] !== 'other' && top[1] * 2 > total ? top[0] : undefined
}
