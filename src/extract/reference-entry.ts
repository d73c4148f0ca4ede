// A bibliography entry (`Smith, J. (2021). Title. Journal, 12, 45. https://…`): it names a source rather than
// claims anything, and the title it gives is the cited title.

import {collapse} from '../page/text.js'
import {readsLikeTitle} from './cited-title.js'

/** A surname, of one or more capitalised words (`García Márquez`). */
const SURNAME = String.raw`\p{Lu}[\p{L}'’-]*(?:\s\p{Lu}[\p{L}'’-]*)*`
/** `A.`, `A. N.`, `J.-P.`, `Ch.`; or a given name, with an initial after it (`John`, `John A.`). */
const GIVEN = String.raw`(?:\p{Lu}\p{Ll}?\.(?:\s?-?\p{Lu}\p{Ll}?\.)*|\p{Lu}\p{Ll}+(?:\s\p{Lu}\.)?)`
const PERSON = String.raw`${SURNAME},\s${GIVEN}`
/** `Vaswani, A., Shazeer, N., & Parmar, N.`, `Smith, J. and Lee, K.`, `Smith, J., et al.` */
const PERSONS = String.raw`${PERSON}(?:,?\s(?:&\s|and\s)?${PERSON})*(?:,?\set\sal\.)?`
/** An author that is a body: `World Health Organization`, `Intergovernmental Panel on Climate Change`. */
const BODY = String.raw`\p{Lu}[\p{L}'’&-]*(?:\s(?:\p{Lu}[\p{L}'’&-]*|of|for|on|and|the|&))*`
/** `(2021)`, `(2021a)`, `(2021, March 4)`, `(n.d.)`. */
const YEAR = String.raw`\((?:\d{4}[a-z]?|n\.\s?d\.)(?:,\s[^()]{1,40})?\)`
/** A title starts with a capital or a quote, or a link to it follows: `Smith, J. (2020) found that …` is a sentence. */
const TITLE_START = String.raw`(?=["“‘'«„\p{Lu}\p{N}]|$)`
/** A list item's number written as text: `[1]`, `1.` */
const NUMBER = String.raw`(?:\[\d{1,3}\]\s*|\d{1,3}\.\s+)?`

/**
 * How entries start, up to their title: APA and Harvard (authors, then the year in parentheses), a body as author
 * (then `(year).`), MLA and Chicago (`Surname, Given, and Given Surname.` then a quoted title), Vancouver
 * (`Smith J, Lee K.`, and a year further on).
 */
const HEADS: readonly RegExp[] = [
  new RegExp(String.raw`^${NUMBER}${PERSONS}\s?${YEAR}\.?\s+${TITLE_START}`, 'u'),
  new RegExp(String.raw`^${NUMBER}${BODY}\.?\s${YEAR}\.\s+${TITLE_START}`, 'u'),
  new RegExp(String.raw`^${NUMBER}${PERSON}(?:,?\s(?:and|&)\s\p{Lu}\p{Ll}+(?:\s\p{Lu}\.)?\s${SURNAME})?\.\s+(?=["“‘'«„])`, 'u'),
  new RegExp(String.raw`^${NUMBER}\p{Lu}[\p{L}'’-]+\s\p{Lu}{1,3}(?:,\s\p{Lu}[\p{L}'’-]+\s\p{Lu}{1,3})*(?:,?\set\sal)?\.\s+(?=.*\b(?:1[89]|20)\d{2}\b)`, 'u')
]

const QUOTED = /^(?:“([^”]+)”|"([^"]+)"|‘([^’]+)’|'([^']+)'|«\s*([^»]+?)\s*»|„([^“”]+)[“”])/u
/** A full stop, question or exclamation mark that ends a title: not after an initial or in `U.S.` */
const END = /[.?!](?=\s|$)/gu
const INITIAL = /(?:^|\s)(?:\p{L}\.)*\p{L}$/u

/**
 * When `text` (a line up to a citation) starts as a bibliography entry: the title it gives, if it reads like one.
 * Undefined when it is no entry.
 */
export function referenceEntry(text: string): {title: string | undefined} | undefined {
  const line = collapse(text)
  for (const head of HEADS) {
    const found = head.exec(line)
    if (!found) continue
    const rest = line.slice(found[0].length)
    // An entry's title ends before its link, or is the link: words running on into the citation make a sentence
    // (`Smith, J. (2020). Remote work raises output by 13% ([study](…))`), whose claim is judged.
    if (/[\p{L}\p{N}]/u.test(rest) && !QUOTED.test(rest) && firstSentence(rest) === undefined) return undefined
    return {title: titleAfter(rest)}
  }
  return undefined
}

/**
 * What APA writes after a title: an edition or volume (`(3rd ed.)`, `(Vol. 2)`) or a kind
 * (`[Data set]`, `[Video]`).
 */
const DESCRIPTOR = /\s*(?:\([^()]*\)?|\[[^[\]]*\])$/u

/** A quoted title, or the words up to the end of the first sentence. */
function titleAfter(rest: string): string | undefined {
  const quoted = QUOTED.exec(rest)
  const title = quoted ? quoted.slice(1).find((group) => group !== undefined) : firstSentence(rest)?.replace(DESCRIPTOR, '')
  const clean = title === undefined ? '' : collapse(title.replace(/[,.]$/, ''))
  return readsLikeTitle(clean) ? clean : undefined
}

function firstSentence(text: string): string | undefined {
  for (const end of text.matchAll(END)) {
    if (!INITIAL.test(text.slice(0, end.index))) return text.slice(0, end.index + (end[0] === '.' ? 0 : 1))
  }
  return undefined
}
