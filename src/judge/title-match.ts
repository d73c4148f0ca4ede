// Does the cited title name the page? Compare it with every title candidate of the page. Pure.

import {parseUrl, withoutTrailingSlashes} from '../net/parse-url.js'
import {quote} from '../page/text.js'
import {recordUrl} from '../resolve/endpoints.js'
import {identify, sameWork, type Identifier} from '../resolve/identifiers.js'
import type {Citation, SourceReport} from '../types.js'
import {fraction, optionsObject} from '../validate.js'
import {getDomain, getDomainWithoutSuffix} from './public-suffix.js'
import {oneSpelling} from './spelling.js'
import {cleanTitle, squash} from './title-clean.js'
import {looseFold, stopWords, words} from './text.js'
import {shownUrl, type Verdict} from './verdict.js'

export interface TitleMatchOptions {
  /** Least similarity (Dice coefficient of the titles' tokens, 0..1) that counts as a match. */
  threshold: number
  /**
   * The same for a title taken from link text (`[the Python docs on asyncio](…)`), which often describes the
   * source rather than names it: only a clearly different title is reported.
   */
  linkTextThreshold: number
}

/** One content word changed in five still matches (4 shared of 5 + 5 → 0.8); one in four does not (0.75). */
export const defaultThreshold = 0.8
/** Link text sharing a third of its words with the page's title is taken as a description of it. */
export const defaultLinkTextThreshold = 0.34

/**
 * Containment needs at least this many content words (stop words and single Latin letters not counted,
 * words as Unicode segmentation counts them) on the contained side, so that a one-word cited title such as
 * `AI` does not match every page about AI. One-word titles match only when equal, after cleaning.
 */
const minContainedWords = 2

export function parseTitleMatchOptions(value: unknown): TitleMatchOptions {
  const given = optionsObject(value, ['threshold', 'linkTextThreshold'], 'options for `citation-title-match`')
  return {
    threshold: fraction(given, 'threshold', defaultThreshold),
    linkTextThreshold: fraction(given, 'linkTextThreshold', defaultLinkTextThreshold)
  }
}

/**
 * A paper's title is the one its registry holds (DOI, arXiv id, PubMed id): the landing page's may be a bot wall's
 * or a journal's. Other sources are compared with the page's title candidates.
 */
export function judgeTitleMatch(citation: Citation, report: SourceReport, options: TitleMatchOptions): Verdict | undefined {
  const cited = citation.citedTitle
  if (cited === undefined || words(cited).length === 0) return undefined
  // The paper's identifier (`DOI: 10.1038/…`, `PMID 31978945`, `arXiv:1706.03762`) names it by number, not title.
  const named = identify(cited)
  if (named !== undefined) return judgeNamedWork(citation, report, named)
  // Link text that starts in lower case is prose describing the source ("see the Acme blog"), not a title; nor is
  // an author-year reference ("Smith et al. 2023"), the usual link text for a paper.
  const text = cited.trim()
  if (citation.citedTitleFrom === 'text' && (/^\p{Ll}/u.test(cited.replace(/^[^\p{L}]+/u, '')) || authorYear.test(text))) {
    return undefined
  }
  const judged = citation.citedTitleFrom === 'text' ? titleAfterAuthors(text, report) : cited
  if (judged === undefined) return undefined
  const siteNames = siteNamesOf(report)
  const candidates = registeredTitles(report) ?? pageTitles(report)?.filter((candidate) => !shellTitle(candidate.text, report, siteNames))
  const best = candidates?.[0]
  if (!best) return undefined
  if (citation.citedTitleFrom === 'text' && namesTheSite(judged, siteNames, candidates)) return undefined
  const threshold = citation.citedTitleFrom === 'text' ? options.linkTextThreshold : options.threshold
  if (candidates.some((candidate) => compareTitles(judged, candidate.text, siteNames, threshold).match)) return undefined
  return {
    status: 'mismatch',
    action: 'flagged',
    rule: 'citation-title-match',
    about: 'title',
    message:
      `Unexpected cited title ${quote(cited)} for ${shownUrl(citation.url)}, ` +
      `expected the ${best.registered ? 'registered' : 'page'} title ${quote(best.text)} (\`${best.source}\`)`
  }
}

/**
 * The title in link text that names a first author and others: the words after them ("Vaswani et al., Attention Is
 * All You Need"), or undefined when they are a reference's venue ("Kucsko et al., Nature 500, 54 (2013)", "Vaswani et
 * al. (NeurIPS 2017)": numbers, a word or two, the registered journal). Link text naming no authors is the title.
 */
function titleAfterAuthors(text: string, report: SourceReport): string | undefined {
  const authors = firstAuthor.exec(text)
  if (authors === null) return text
  const rest = text.slice(authors[0].length).replace(/^[\s,.:;]+/, '')
  const journal = report.work?.outcome === 'found' ? report.work.metadata?.container : undefined
  if (/\d/.test(rest) || words(rest).length < 3 || (journal !== undefined && compareTitles(rest, journal, [], 1).match)) return undefined
  return rest
}

/**
 * Link text that is an identifier matches when it names the cited URL's work: a label naming another one
 * (`[DOI: 10.1038/nature12373](https://doi.org/10.1038/nature14539)`) is a reference pointing at the wrong paper.
 */
function judgeNamedWork(citation: Citation, report: SourceReport, named: Identifier): Verdict | undefined {
  const own = otherWork(citation, report, named)
  if (own === undefined) return undefined
  return {
    status: 'mismatch',
    action: 'flagged',
    rule: 'citation-title-match',
    about: 'title',
    message: `Unexpected cited title ${quote(citation.citedTitle ?? '')} for ${shownUrl(citation.url)}, expected the identifier of the cited work (\`${recordUrl(own)}\`)`
  }
}

/** The identifier of the cited URL's work, when `named` is another work's; undefined when they agree or one is unknown. */
export function otherWork(citation: Citation, report: SourceReport, named: Identifier): Identifier | undefined {
  const own = report.work?.identifier ?? identify(citation.normalizedUrl ?? citation.url)
  return own === undefined || sameWork(named, own) !== false ? undefined : own
}

/**
 * Words link text adds to a site's name when it describes the source rather than names it: "the React docs"; the same
 * in other languages (folded: accents dropped), and the words joining them to the name (`Documentación de React`,
 * `React のドキュメント`).
 */
const describing = new Set(
  ('answer answers api article blog book channel comment community discussion doc docs documentation entry faq forum ' +
    'guide guides handbook home homepage issue issues manual news official page pages paper post question reference ' +
    'repo repository site source sources spec specification thread tutorial video website wiki ' +
    // What research writing cites an organisation's page as: "a Pew Research Center survey", "the Gallup poll".
    'analysis brief data dataset factsheet poll report research review statistics study survey whitepaper ' +
    'studie umfrage bericht etude enquete rapport estudio encuesta informe estudo pesquisa relatorio ' +
    'dokumentation doku artikel handbuch anleitung seite beitrag webseite startseite referenz offizielle ' +
    'officielle officiel documentacion articulo guia pagina sitio oficial referencia documentacao artigo ' +
    'documentazione articolo guida sito ufficiale documentatie handleiding ' +
    'документация статья руководство справочник блог сайт страница официальныи официальная ' +
    // Whole, and as Node 20's segmenter splits them (`文档` is `文` `档`), so another ICU's split finds them too.
    '文档 文檔 官网 官網 博客 页面 頁面 文 档 檔 文章 指南 官方 官 网 網 博 客 教程 手册 手冊 页 頁 面 ドキュメント 記事 ガイド 公式 ブログ サイト マニュアル ' +
    'リファレンス 문서 기사 가이드 공식 블로그 사이트 ' +
    'de du des la le el da do di del della van von der die das の 的 의').split(' ')
)

/**
 * Link text that names the site and says what kind of page ("React docs", "Stack Overflow answer", "MDN reference",
 * "Pew Research Center survey (2023)") describes the source: its only content word is the name the page's title
 * carries as its site, which comparing the titles drops, or the words its initials are. A year counts as no word,
 * unless the page's titles give another one: "WHO report 2021" does not describe the 2022 report.
 */
function namesTheSite(text: string, siteNames: readonly string[], titles: readonly Candidate[]): boolean {
  const pageYears = new Set(titles.flatMap((title) => words(title.text).filter((word) => YEAR.test(word))))
  const anyYear = (word: string): boolean => YEAR.test(word) && (pageYears.size === 0 || pageYears.has(word))
  const site = new Set<string>()
  for (const name of siteNames) {
    const nameWords = words(looseFold(name))
    for (const word of nameWords) site.add(word)
    site.add(nameWords.join(''))
  }
  const spelled = words(looseFold(text)).filter((word) => !anyYear(word))
  const named = spelled.filter((word) => !stopWords.has(word))
  const rest = named.filter((word) => !describing.has(word))
  if (rest.length === 0) return false
  if (rest.every((word) => site.has(word)) || site.has(rest.join(''))) return true
  // The name with its articles and joining words, as the site's address spells it: "The Atlantic" on theatlantic.com,
  // "Our World in Data" on ourworldindata.org.
  if (site.has(spelled.join('')) || site.has(spelled.filter((word) => !describing.has(word)).join(''))) return true
  // An organisation named in full where its site goes by its initials, as APA cites an author: "International Energy
  // Agency, 2023" on iea.org, "Bureau of Labor Statistics (2024)" on bls.gov. Three letters at least: two match by chance.
  return [named, rest].some((list) => list.length >= 3 && site.has(list.map((word) => word[0]).join('')))
}

/**
 * The title of an app's shell or a wall on a page below the site's root: the site's name alone (`X` on x.com,
 * `Instagram`), which names no page and so cannot contradict the cited one. A home page titled so is still compared,
 * and so is a page titled with its own address (`oldblog.example`): what a parked domain answers at every path, where
 * the mismatch is the only sign that the cited page is gone. An app generator's own title, which the app left as it
 * was (`React App`, `Vite + React + TS`), names no page anywhere: the script writes the page's title. Nor does a page
 * that only waits for a script to go on (`Redirecting…`, `Loading...`, a SAML sign-in's `Working...`).
 */
function shellTitle(title: string, report: SourceReport, siteNames: readonly string[]): boolean {
  if (generatorTitle.test(title) || waitingTitle.test(title)) return true
  const deep = withoutTrailingSlashes(parseUrl(report.finalUrl)?.pathname ?? '/') !== ''
  const name = squash(title)
  if (!deep || name === '') return false
  const hosts = [report.url, report.finalUrl].map((url) => parseUrl(url)?.hostname ?? '')
  if (hosts.some((host) => squash(host.replace(/^www\./, '')) === name || squash(getDomain(host) ?? '') === name)) return false
  return siteNames.some((site) => squash(site) === name)
}

const YEAR = /^(?:1[5-9]|20)\d{2}$/

/** The `<title>` of create-react-app, create-next-app and create-vite's templates (`Vite + Vue + TS`, `Vite App`). */
const generatorTitle = /^(?:React App|Create Next App|Vite App|Vite(?: \+ [A-Za-z]+)+)$/i

/** A page's title while a script sends the reader on or fills it in. */
const waitingTitle = /^\s*(?:redirecting|loading|working|please wait|one moment(?: please)?)\s*(?:\.{1,3}|…)?\s*$/i

/** "And others" after a first author's name: `et al.`, `et coll.`, `u. a.`, `y col.`, `e coll.`, `и др.`. */
const andOthers = String.raw`et\s+al\.?|et\s+coll?\.?|u\.\s*a\.|y\s+cols?\.?|e\s+coll?\.?|и\s+др\.?`
/** A surname, with its lower-case particles (`van der Berg`), in a script with capitals. */
const surname = String.raw`(?:\p{Ll}+\s+)*\p{Lu}[\p{L}\p{M}'’-]*`
/**
 * `Smith 2023`, `Smith et al. (2023a)`, `Smith and Jones, 2023`, `van der Berg & Lee 2019`, and so in other languages:
 * `Müller u. a. 2019`, `Müller und Schmidt 2019`, `Dupont et coll. 2020`, `García y col. 2018`, `Иванов и др. 2020`.
 * A name in a script without capitals only with its "and others" (`山田ら（2020）`, `张三等 2020`, `김 외 2020`): alone,
 * it may be a title's word (`统计年鉴 2020`).
 */
const authors =
  String.raw`(?:${surname}(?:\s+(?:${andOthers})|` +
  String.raw`\s+(?:and|&|und|et|y|e|и|en)\s+${surname})?|[\p{Lo}\p{M}]+(?:\s*(?:ら|等|他|ほか)|\s+외))`
const year = String.raw`(?:,?\s+[(（]?|\s*[(（])\d{4}[a-z]?[)）]?`
/** A journal or venue named beside a reference, after a comma: `Smith et al. (2021), Nature`, `Smith et al., Nature 2021`. */
const venue = String.raw`,\s+\p{Lu}[\p{L}.&'’-]*(?:\s+(?:\p{Lu}[\p{L}.&'’-]*|of|and|the|in|for|&))*`
const authorYear = new RegExp(String.raw`^${authors}(?:${year}(?:${venue})?|${venue}${year})$`, 'u')
/** A first author and others, whatever follows: `Kucsko et al., Nature 500, 54 (2013)`. No title starts so. */
const firstAuthor = new RegExp(String.raw`^${surname}\s+(?:${andOthers})(?=[\s,;:()]|$)`, 'u')

interface Candidate {
  text: string
  /** A page's title source (`citation_title`, `title`, …), or the registry's name. */
  source: string
  registered?: boolean
}

const registryNames = {crossref: 'Crossref', datacite: 'DataCite', csl: 'doi.org', arxiv: 'arXiv', pubmed: 'PubMed', pmc: 'PMC'} as const

/** The registry's title and its other forms (with subtitle, short, original language), when the registry gave one. */
function registeredTitles(report: SourceReport): Candidate[] | undefined {
  const metadata = report.work?.outcome === 'found' ? report.work.metadata : undefined
  if (metadata?.title === undefined) return undefined
  const source = registryNames[metadata.registry]
  return [metadata.title, ...(metadata.titles ?? [])].filter((text) => words(text).length > 0).map((text) => ({text, source, registered: true}))
}

/**
 * A page's title candidates; none for a page that did not answer, nor for a sign-in or subscription wall answered in
 * its place, which the verifier calls `paywalled` (see `wallTitle`): its headings are the wall's too.
 */
function pageTitles(report: SourceReport): Candidate[] | undefined {
  const page = report.page
  if (report.liveness !== 'alive' || !page) return undefined
  return page.titles.filter((candidate) => words(candidate.text).length > 0)
}

/**
 * Titles match when, after cleaning (see `cleanTitle`), all tokens of one occur in the other and the
 * contained one has at least `minContainedWords` content words, or when the Dice coefficient of their
 * token sets reaches `threshold`. Tokens are content words (stop words dropped unless nothing else is
 * left); text in scripts written without spaces (Chinese, Japanese kana, Thai, …) gives its characters
 * and character bigrams instead, so a particle or a differently segmented word costs little. Titles that each name
 * something by its symbols or a lone capital, and not the same thing (`C++` and `C#`, `R` and `C`), never match.
 */
export function compareTitles(
  cited: string,
  pageTitle: string,
  siteNames: readonly string[],
  threshold: number
): {match: boolean; similarity: number} {
  const a = tokensOf(cleanTitle(cited, siteNames))
  const b = tokensOf(cleanTitle(pageTitle, siteNames))
  // A lone capital is a word when both titles have one (`Vitamin D`); one title's alone may be an article or a
  // letter the other hyphenates (`O Alquimista`, `Big O notation` for `Big-O notation`).
  const letters = a.letters.size > 0 && b.letters.size > 0
  const useContent = a.content.size > 0 && b.content.size > 0
  const left = useContent ? (letters ? new Set([...a.content, ...a.letters]) : a.content) : a.all
  const right = useContent ? (letters ? new Set([...b.content, ...b.letters]) : b.content) : b.all
  if (left.size === 0 || right.size === 0) return {match: false, similarity: 0}
  let shared = 0
  for (const token of left) if (right.has(token)) shared++
  const similarity = (2 * shared) / (left.size + right.size)
  // Titles naming different languages, vitamins or parts (`C++` and `C#`, `R` and `C`) are about different things,
  // however many other words they share: `C++ Core Guidelines` matched `C# Core Guidelines` as link text.
  const [leftNames, rightNames] = [[...a.symbols, ...a.letters], [...b.symbols, ...b.letters]]
  if (leftNames.length > 0 && rightNames.length > 0 && !leftNames.some((name) => rightNames.includes(name))) {
    return {match: false, similarity}
  }
  // So are titles numbering different years, versions or editions: `Global Ocean Warming Report 2021` matched
  // `… 2022`, one word changed in five. A year is compared with years only: a citation's `(2023)` dates it, and says
  // nothing against a page title's `3%` or `Nature 569, 34–36`.
  if (otherNumbers(a, b, (number) => YEAR.test(number)) || otherNumbers(a, b, (number) => !YEAR.test(number))) {
    return {match: false, similarity}
  }
  const counted = (tokens: Tokens): number => tokens.contentWords + (letters ? tokens.letters.size : 0)
  const contained =
    (shared === left.size && counted(a) >= minContainedWords) || (shared === right.size && counted(b) >= minContainedWords)
  return {match: contained || similarity >= threshold, similarity}
}

/**
 * A name its symbols tell apart: `C++`, `C#`, `F#`, `Notepad++`. Word segmentation drops the symbols, leaving a lone
 * letter: `C++ Core Guidelines` matched `C# Core Guidelines`. A leading dot tells nothing apart
 * (`.NET` is `NET`, `.docx` `DOCX`). Captured, so that splitting a title at them keeps them.
 */
const symbolName = /(?<![\p{L}\p{N}.])([\p{L}\p{N}]+(?:\+\+|#))(?![\p{L}+#])/u
/**
 * A capital Latin letter standing alone, a name (`C`, `R`, `Vitamin D`, `Part B`) rather than an initial (`J.`), part
 * of a word (`C-SPAN`, `Q&A`, `A/B`, `N'`) or the words `A` and `I`.
 */
const letterName = /(?<![\p{L}\p{N}.'’&+#/-])[B-HJ-Z](?![\p{L}\p{N}.'’&+#/-])/gu
/** Scripts written without spaces between words. */
const unsegmented = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30FC\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]+$/u

/** Whether both titles carry numbers of one kind (`kind`), none of them in common. */
function otherNumbers(a: Tokens, b: Tokens, kind: (number: string) => boolean): boolean {
  const [left, right] = [[...a.numbers].filter(kind), [...b.numbers].filter(kind)]
  return left.length > 0 && right.length > 0 && !left.some((number) => right.some((other) => sameNumber(number, other)))
}

/** `3.11` is `3.11.0`'s version too. */
function sameNumber(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`)
}

interface Tokens {
  content: Set<string>
  all: Set<string>
  contentWords: number
  /** Names their symbols tell apart (`c++`, `c#`), also in `content`. */
  symbols: Set<string>
  /** Lone capitals (`r`, `d`), not in `content`. */
  letters: Set<string>
  /** Numbers written in digits (`2021`, `3.11`), also in `content`. */
  numbers: Set<string>
}

function tokensOf(title: string): Tokens {
  const letters = new Set(Array.from(title.normalize('NFKC').matchAll(letterName), ([letter]) => letter.toLowerCase()))
  const tokens: Tokens = {content: new Set(), all: new Set(), contentWords: 0, symbols: new Set(), letters, numbers: new Set()}
  // Consecutive words of an unsegmented script form one run, so the tokens do not depend on where the segmenter cut.
  let run: string[] = []
  const add = (token: string): void => {
    tokens.content.add(token)
    tokens.all.add(token)
  }
  const flush = (): void => {
    run.forEach((char, index) => {
      add(char)
      if (index + 1 < run.length) add(char + run[index + 1])
    })
    run = []
  }
  looseFold(title)
    .split(symbolName)
    .forEach((part, index) => {
      if (index % 2 === 1) {
        flush()
        add(part)
        tokens.symbols.add(part)
        tokens.contentWords++
        return
      }
      for (const word of words(part)) {
        if (unsegmented.test(word)) {
          run.push(...word)
          tokens.contentWords++
          continue
        }
        flush()
        const token = oneSpelling(word)
        tokens.all.add(token)
        // `10,000` is `10000`.
        if (/^\d+(?:[.,]\d+)*$/.test(word)) tokens.numbers.add(word.replace(/,(?=\d{3}(?!\d))/g, ''))
        if (stopWords.has(word) || /^[a-z]$/.test(word)) continue
        tokens.content.add(token)
        tokens.contentWords++
      }
    })
  flush()
  return tokens
}

/**
 * Names a page's title may carry besides its own: `og:site_name`, each host's name, domain and label, and for a
 * paper its journal (`Title | Nature`).
 */
export function siteNamesOf(report: SourceReport): string[] {
  const names = new Set<string>()
  if (report.page?.siteName) names.add(report.page.siteName)
  const container = report.work?.metadata?.container
  if (container) names.add(container)
  for (const url of [report.url, report.finalUrl]) {
    const host = parseUrl(url)?.hostname.replace(/\.$/, '').replace(/^www\./, '')
    if (!host) continue
    names.add(host)
    for (const name of [getDomain(host), getDomainWithoutSuffix(host)]) if (name) names.add(name)
  }
  return [...names]
}
