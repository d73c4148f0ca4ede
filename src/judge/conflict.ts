// citation-conflict-of-interest: the cited source is published by a party the claim names. Pure, needs no fetch.

import {parseUrl} from '../net/parse-url.js'
import {escapeRegExp} from '../regexp.js'
import type {Citation, SourceReport} from '../types.js'
import type {SourceCategory} from './source-categories.js'
import {list, OptionsError, optionsObject, show, type Given} from '../validate.js'
import {archivedAddress} from './archived.js'
import {attributesFinding, termPattern} from './attribution.js'
import {builtInCategory} from './credibility.js'
import {domainEntry, ownerMatches, ownerOf, type Owner} from './owner.js'
import {parse} from './public-suffix.js'
import {ELISION, looseFold, stopWords, words} from './text.js'
import {shownUrl, type Verdict} from './verdict.js'

export interface ConflictOptions {
  /** Brand name → the domains it publishes on (`example.com`, or `github.com/acme` on a path-owned platform). */
  brands: Record<string, string[]>
  /** Domains (or platform accounts) whose pages are never a conflict, such as your own docs site. */
  ignore: string[]
}

/** The seed's `conflictOfInterest` signal. */
export interface ConflictSignal {
  detected: boolean
  /** The publisher as its address names it: `clickup.com`, `acme.github.io`, `github.com/acme`; '' when none. */
  citingDomain: string
  /** The matching term from the claim, folded (`clickup`), or the brand as the `brands` option spells it. */
  brandToken: string
  explanation: string
}

/**
 * Product-category and marketing words: common in company names and domains, never a brand on their own. The
 * seed's list (software, platform, tool(s), app(s), suite, cloud, hub, base, io, best) and its kind; `example`
 * for the documentation domains (RFC 2606), so "for example" never names `example.com`.
 */
const GENERIC = new Set(
  ('app apps base best blog cloud company corp daily data digital direct docs example free global group guide guides ' +
    'hq hub inc io lab labs media network news official online platform platforms plus pro review reviews service ' +
    'services site software solutions store suite system systems team tech today tool tools top web website world').split(' ')
)

/**
 * Repositories named for the work in them, not for a project: `github.com/kostya/benchmarks` cited for "Benchmarks show
 * Crystal is as fast as C" is someone's measurements, and "Benchmarks", "Research", "Results" start many claims.
 */
const WORK_NAMES = new Set(
  ('analysis benchmark benchmarks book books course courses dataset datasets demo demos examples experiments notes ' +
    'paper papers reports research resources results samples scripts slides statistics studies study survey surveys ' +
    'talks tests tutorials').split(' ')
)

/** What a domain label may add around a brand: `getacme`, `tryacme`, `theverge`. */
const PREFIXES = ['get', 'try', 'use', 'join', 'hello', 'meet', 'the']
/** …and after it: `acmehq`, `acme-app`, `acmelabs`, `acme-software`, and engineering blogs' `netflixtechblog`. */
const SUFFIXES = new Set(
  ('hq inc corp team official ai io app apps lab labs software cloud tech group global online digital blog news ' +
    'docs hub platform tools suite engineering techblog').split(' ')
)

/** Publishers whose name in a claim is attribution, not a party speaking for itself (see `builtInCategory`). */
const editorial = new Set<SourceCategory>(['peer-reviewed', 'news', 'reference', 'dataset', 'government', 'standards'])

/** Publishers whose business is findings about others: naming one is attribution unless the claim is about itself. */
const researchers = new Set<SourceCategory>(['research', 'aggregator'])

/** Claim words shorter than this (in characters) are too ambiguous to call a brand (`IBM`: use `brands`). */
const MIN_TOKEN = 4

/**
 * Whether the publisher of `url` is a party the claim names. In order: `ignore`d publishers never are; a brand of
 * the `brands` option named in the claim (whole words) whose domains include the publisher is; a claim word names
 * the publisher's domain label (see {@link labelNames}); the page's `siteName` appears in the claim as whole words
 * (not on a path-owned platform, whose site name is the platform's). A DOI never names its publisher.
 */
export function detectConflictOfInterest(
  url: string,
  claim: string,
  options: Partial<ConflictOptions> = {},
  siteName?: string
): ConflictSignal {
  // A snapshot holds the archived page's words: its publisher is that page's, as for credibility.
  const parsed = parseUrl(url)
  const archived = parsed && archivedAddress(parsed)
  if (archived !== undefined) return detectConflictOfInterest(archived, claim, options, siteName)
  claim = withoutAddresses(claim)
  if (claim.trim() === '' || isDoi(url)) return none('')
  const owner = ownerOf(url)
  if (!owner) return none('')
  if ((options.ignore ?? []).some((entry) => ownerMatches(owner, entry))) return none(owner.id)
  // Naming the journal, outlet, reference work, data repository or public body one cites is attribution ("a study in
  // Nature found", "Reuters reported", "PANGAEA data show"), and its name is often a plain word ("cell", "science",
  // "times"): not a party's own claim.
  const category = builtInCategory(url) ?? 'unknown'
  if (editorial.has(category)) return none(owner.id)
  const claimWords = nameWords(claim)
  const label = compactLabel(labelOf(owner))
  const listed = brandFromOption(claimWords, owner, options.brands ?? {})
  const named =
    listed ??
    labelWord(claim, claimWords, label) ??
    // An account's page (`github.com/acme`, `jane.medium.com`) carries the platform's site name, not its own.
    (siteName && !owner.account && owner.id === parse(owner.host, {allowPrivateDomains: true}).domain ? siteNameIn(claim, claimWords, siteName) : undefined)
  // A code host's project speaks for its account: `github.com/tiangolo/fastapi` is FastAPI's own README.
  const compactProject = named === undefined && owner.project !== undefined ? compactLabel(owner.project) : undefined
  const project = compactProject === undefined || WORK_NAMES.has(compactProject) ? undefined : labelWord(claim, claimWords, compactProject)
  const brand = named ?? project
  if (brand === undefined) return none(owner.id)
  // "Gallup reports…", "a Pew Research Center survey found…": a pollster, analyst or statistics publisher quoted for
  // its findings about others. "Gartner's revenue grew", "Statista's premium plan…" are its own business again, and a
  // brand of the `brands` option is a party whatever its category.
  if (listed === undefined && researchers.has(category) && attributesFinding(claim, brand)) return none(owner.id)
  const publisher = project === undefined ? owner.id : `${owner.id}/${owner.project}`
  return {
    detected: true,
    citingDomain: publisher,
    brandToken: brand,
    explanation: `The cited source (${publisher}) is published by a party named in the claim ('${brand}'). This source may not be independent.`
  }
}

/**
 * The verdict for one citation: the cited URL, and when the page was read after a redirect to another publisher,
 * the page reached too (its `siteName` speaks for that page only). Works on dead reports: the address suffices.
 */
export function judgeConflictOfInterest(citation: Citation, report: SourceReport, options: ConflictOptions): Verdict | undefined {
  const claim = citation.claim
  if (!claim || isDoi(citation.url)) return undefined
  const cited = citation.normalizedUrl ?? citation.url
  const siteName = report.page?.siteName
  const reached = report.page && ownerOf(report.finalUrl)?.id !== ownerOf(cited)?.id ? report.finalUrl : undefined
  let signal = detectConflictOfInterest(cited, claim, options, reached ? undefined : siteName)
  if (!signal.detected && reached) signal = detectConflictOfInterest(reached, claim, options, siteName)
  if (!signal.detected) return undefined
  return {
    status: 'valid',
    action: 'flagged',
    rule: 'citation-conflict-of-interest',
    message:
      `Unexpected citation of ${shownUrl(signal.citingDomain)} for a claim about \`${asWritten(claim, signal.brandToken)}\`, ` +
      `expected an independent source: the cited source is published by a party named in the claim ` +
      `('${signal.brandToken}'), so it may not be independent`
  }
}

export function parseConflictOptions(value: unknown): ConflictOptions {
  const given = optionsObject(value, ['brands', 'ignore'], 'citation-conflict-of-interest options')
  return {
    brands: brandsOption(given),
    ignore: list(given, 'ignore', () => true, 'domains').map((entry, index) => domainOption(`ignore[${index}]`, entry))
  }
}

/** `doi:10.…`, a bare `10.1234/…`, or a DOI resolver (`doi.org`, `dx.doi.org`). */
export function isDoi(url: string): boolean {
  if (/^\s*(?:doi:|10\.\d{4,9}\/)/i.test(url)) return true
  const host = parseUrl(url)?.hostname.toLowerCase().replace(/\.$/, '')
  return host === 'doi.org' || host?.endsWith('.doi.org') === true
}

/**
 * A run written as an address: with a scheme (`https://…`), a host and a path (`arxiv.org/abs/1`,
 * `www.arxiv.org/abs/1`), or an email address (`security@acme.dev`). Each starts where a run of its characters
 * does, so a long word is read once, not from each of its characters.
 */
const ADDRESS =
  /(?<![\p{L}\p{N}_.-])[a-z][a-z\d+.-]*:\/\/\S*|(?<![\p{L}\p{N}_.-])([\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)\/\S*|(?<![\p{L}\p{N}_.%+-])[\p{L}\p{N}_.%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/giu

/**
 * The claim without the addresses written in it: an autolink, a bare URL, a link whose text is its URL
 * (`<https://arxiv.org/abs/1>`, `[arxiv.org/abs/1](…)`) or an email address names nothing; only the writer's words
 * name a publisher.
 * A domain alone is a name, with or without `www.` (`wired.com calls it…`, `www.clickup.com is the best…`: GFM
 * links the latter, but a reader sees the same name); a host before a slash only when it has a public suffix
 * (`Node.js/Deno` keeps its name).
 */
function withoutAddresses(claim: string): string {
  return claim.replace(ADDRESS, (run, host?: string) => (host === undefined || parse(host).isIcann ? ' ' : run))
}

/**
 * Brands' own top-level domains, whose sites take a generic label (`blog.google`, `about.google`). Only these: most
 * new top-level domains are generic words too (`news.energy`, `my.health`), naming no party, and nothing in the
 * Public Suffix List tells the two apart.
 */
const BRAND_TLDS = new Set(
  ('abbott abbvie accenture amazon android apple audi barclays bbva bnpparibas bosch canon cern chanel chrome cisco ' +
    'dell deloitte ferrari fujitsu google hermes hitachi honda hsbc kpmg lego lexus lidl mckinsey microsoft netflix ' +
    'nike nissan oracle pfizer philips samsung sony toshiba toyota visa volvo windows xbox yahoo youtube').split(' ')
)

/**
 * The name a publisher's address spells: its label, or on a brand's own top-level domain ({@link BRAND_TLDS}), whose
 * label is a generic word (`blog.google`, `about.google`), that domain.
 */
function labelOf(owner: Owner): string {
  const suffix = isToken(owner.label) || owner.account ? undefined : parse(owner.host).publicSuffix
  return suffix && BRAND_TLDS.has(suffix) ? suffix : owner.label
}

/** A domain label as {@link labelNames} compares it: folded without accents, with `-`, `_` and `.` removed. */
function compactLabel(label: string): string {
  return words(looseFold(label)).join('').replace(/[-_.]/g, '')
}

/** How German domains write an umlaut: `mueller.de` for Müller, `wuerth.com` for Würth. */
const UMLAUTS: Record<string, string> = {ä: 'ae', ö: 'oe', ü: 'ue'}

/**
 * The brand rule. A domain label (`compact`, see {@link compactLabel}; once per citation, as a claim may have
 * thousands of words) names a claim word when, with `-`, `_` and `.` removed from the word too, the label is the
 * word, optionally with one prefix from {@link PREFIXES} and one suffix from {@link SUFFIXES}: `clickup` and
 * `clickup-app` name "ClickUp", `getacme` names "Acme", `nodejs` names "Node.js"; `pineapple` does not name "apple"
 * (`pine` is no prefix), nor `project-management` "project". Accents are dropped, as domains drop them (`nestle` names
 * "Nestlé"), or an umlaut written with `e` (`mueller` names "Müller").
 */
function labelNames(compact: string, word: string): boolean {
  return [word, word.replace(/[äöü]/g, (vowel) => UMLAUTS[vowel]!)].some((spelling) => labelIs(compact, looseFold(spelling)))
}

function labelIs(compact: string, word: string): boolean {
  const token = word.replace(/[-_.']/g, '')
  const at = token === '' ? -1 : compact.indexOf(token)
  if (at === -1) return false
  const before = compact.slice(0, at)
  const after = compact.slice(at + token.length)
  return (before === '' || PREFIXES.includes(before)) && (after === '' || SUFFIXES.has(after))
}

/**
 * The claim word that names the label (see {@link labelNames}) and is written as a name; after an elided article
 * ({@link ELISION}), the name alone (`airbus` of `d'Airbus`, `enel` of `dell'Enel`), unless the label spells the whole
 * (`loreal` for `L'Oréal`). An Irish `O'` is part of the name: `O'Connor` names no `connor`.
 */
function labelWord(claim: string, claimWords: string[], compact: string): string | undefined {
  for (const word of claimWords) {
    const names = ELISION.test(word) ? [word, word.replace(ELISION, '')] : [word]
    const name = names.find((name) => isToken(name) && labelNames(compact, name) && writtenAsName(claim, name))
    if (name !== undefined) return name
  }
  return undefined
}

/** A claim word that may be a brand: not a stop word, not generic, not a number, at least {@link MIN_TOKEN} long. */
function isToken(word: string): boolean {
  const token = word.replace(/\./g, '')
  return [...token].length >= MIN_TOKEN && !stopWords.has(word) && !GENERIC.has(token) && !/^\p{N}+$/u.test(token)
}

/** Folded words, a written domain reduced to its label (`clickup.com` → `clickup`; `node.js` stays). */
function nameWords(text: string): string[] {
  return words(text).map((word) => {
    if (!word.includes('.')) return word
    const {domainWithoutSuffix, isIcann} = parse(word)
    return isIcann && domainWithoutSuffix ? domainWithoutSuffix : word
  })
}

function brandFromOption(claimWords: string[], owner: Owner, brands: Record<string, string[]>): string | undefined {
  const entries = Object.entries(brands)
  const loose = entries.length === 0 ? [] : claimWords.map(looseFold)
  for (const [brand, domains] of entries) {
    if (find(loose, nameWords(brand)) !== -1 && domains.some((domain) => ownerMatches(owner, domain))) return brand
  }
  return undefined
}

/** Words a site name may start with that are not its name: "The Verge" is `verge`, "New Relic" stays `new relic`. */
const ARTICLES = new Set(['the', 'a', 'an', 'le', 'la', 'les', 'el', 'der', 'die', 'das'])

/**
 * The site name's distinctive words (`ClickUp Blog` → `clickup`), as the claim writes them, when it has them in a row
 * and written as a name, as a domain label's word must be: "over time" does not name TIME, nor "a new slate" Slate.
 */
function siteNameIn(claim: string, claimWords: string[], siteName: string): string | undefined {
  const named = nameWords(siteName)
  while (named.length > 1 && ARTICLES.has(named[0]!)) named.shift()
  const core = named.filter((word) => !GENERIC.has(word))
  const at = [...core.join('')].length < MIN_TOKEN ? -1 : find(claimWords.map(looseFold), core)
  const term = at === -1 ? undefined : claimWords.slice(at, at + core.length).join(' ')
  return term !== undefined && writtenAsName(claim, term) ? term : undefined
}

/** Where `needle` starts in `loose` (words already without accents), compared without accents; -1 when nowhere. */
function find(loose: string[], needle: string[]): number {
  if (needle.length === 0) return -1
  const wanted = needle.map(looseFold)
  return loose.findIndex((_, start) => wanted.every((word, index) => loose[start + index] === word))
}

/**
 * A word written as a name: with a capital (`Wired`, `ClickUp`, `IBM`) or as a domain (`wired.com`). "Over time",
 * "wired to seek novelty" and "three times higher" name no publisher.
 */
function writtenAsName(claim: string, word: string): boolean {
  if (/\p{Lu}|\./u.test(asWritten(claim, word))) return true
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}\\.\\p{L}`, 'iu').test(claim.normalize('NFKC'))
}

/** The brand as the claim spells it (`ClickUp` for `clickup`), for the message; the term itself when not found. */
function asWritten(claim: string, term: string): string {
  const pattern = termPattern(term)
  if (pattern === '') return term
  return new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, 'iu').exec(claim.normalize('NFKC'))?.[0] ?? term
}

function none(citingDomain: string): ConflictSignal {
  return {detected: false, citingDomain, brandToken: '', explanation: ''}
}

function brandsOption(given: Given): Record<string, string[]> {
  const value = given.brands
  if (value === null || value === undefined) return {}
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new OptionsError(`Unexpected \`brands\` \`${show(value)}\`, expected an object of brand names to arrays of domains`)
  }
  const brands: Record<string, string[]> = {}
  for (const [brand, domains] of Object.entries(value)) {
    if (words(brand).length === 0) throw new OptionsError(`Unexpected brand name \`${show(brand)}\` in \`brands\`, expected a name`)
    if (!Array.isArray(domains)) {
      throw new OptionsError(`Unexpected \`brands[${JSON.stringify(brand)}]\` \`${show(domains)}\`, expected an array of domains`)
    }
    brands[brand] = domains.map((domain, index) => domainOption(`brands[${JSON.stringify(brand)}][${index}]`, domain))
  }
  return brands
}

function domainOption(name: string, value: unknown): string {
  const entry = typeof value === 'string' ? domainEntry(value) : undefined
  if (entry === undefined) {
    throw new OptionsError(`Unexpected \`${name}\` \`${show(value)}\`, expected a domain such as \`example.com\` or \`github.com/owner\``)
  }
  return entry
}
