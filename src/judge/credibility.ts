// Credibility of a cited source: a score in [0, 1] with its category and reason, from the user's own
// entries, registry metadata (DOI, arXiv, PubMed), the built-in source table, public-suffix and path signals. Scoring and
// judging are pure; only parsing the options reads the user's list files.

import {readFileSync} from 'node:fs'
import {resolve} from 'node:path'
import {parseUrl} from '../net/parse-url.js'
import {defaultRedirectResolvers} from '../options.js'
import {code} from '../code-span.js'
import {parseDoi} from '../resolve/identifiers.js'
import type {Citation, SourceReport} from '../types.js'
import {fraction, optionsObject, OptionsError, show, strings, type Given} from '../validate.js'
import {archivedAddress} from './archived.js'
import {accountEntry, domainEntry, isPlatformPage} from './owner.js'
import {getDomain, getPublicSuffix} from './public-suffix.js'
import {
  academicLabels,
  academicSuffixes,
  categories,
  categoryNames,
  DEFAULT_CREDIBILITY_THRESHOLD,
  governmentLabels,
  governmentSuffixes,
  sourceTable,
  userWrittenPaths,
  vendorPathSegments,
  type SourceCategory
} from './source-categories.js'
import {cutUrl, type Verdict} from './verdict.js'

export {DEFAULT_CREDIBILITY_THRESHOLD, type SourceCategory} from './source-categories.js'

/** What a user may pass (all optional). */
export interface CredibilityOptions {
  /** Scores below this are reported (default {@link DEFAULT_CREDIBILITY_THRESHOLD}). */
  threshold?: number | null | undefined
  /** Domains scored 1. */
  trusted?: readonly string[] | null | undefined
  /** Domains scored 0. */
  untrusted?: readonly string[] | null | undefined
  /** Files of `domain [category|score]` lines, relative to the working directory. */
  lists?: readonly string[] | null | undefined
  /** Category scores replacing the built-in ones, e.g. `{preprint: 0.85}`. */
  categories?: Partial<Record<SourceCategory, number>> | null | undefined
}

/** One domain as the user rated it: a category, a score, or both; with where it was said. */
interface OwnEntry {
  category?: SourceCategory
  score?: number
  reason: string
}

export interface CredibilitySettings {
  threshold: number
  scores: Record<SourceCategory, number>
  /** The user's entries by domain; they beat everything built in. */
  own: Map<string, OwnEntry>
}

export interface Credibility {
  score: number
  category: SourceCategory
  reason: string
  /**
   * What was judged, as the message names it: the registrable domain (private suffixes count: `acme.github.io`), or
   * for a paper its journal or publisher as its registry names them, else the page its DOI led to, else the DOI.
   */
  source: string
}

/** What is known about the source beyond its URL. */
export interface SourceFacts {
  /** Where a redirect resolver (`doi.org`, …) led, when it did: the source actually cited. */
  finalUrl?: string | undefined
  /**
   * The registry's work type for a paper (`WorkType` of src/resolve: `journal-article`, `preprint`,
   * `proceedings`, `dataset`, …; Crossref's own names also work): it beats the domain, since one publisher hosts
   * several kinds. Other types leave the domain to decide.
   */
  workType?: string | undefined
  /** The paper's journal, proceedings or book, else its publisher, as its registry names them. */
  publisher?: string | undefined
  /** The DOI the cited URL names, on any host (`zenodo.org/doi/10.5281/…`): its prefix tells who registered it. */
  doi?: string | undefined
}

const workTypes: Record<string, SourceCategory> = {
  'journal-article': 'peer-reviewed',
  proceedings: 'peer-reviewed',
  'proceedings-article': 'peer-reviewed',
  chapter: 'peer-reviewed',
  'book-chapter': 'peer-reviewed',
  book: 'peer-reviewed',
  monograph: 'peer-reviewed',
  preprint: 'preprint',
  'posted-content': 'preprint',
  // Data, not a reviewed paper, whichever publisher registered it (in an open repository it is a deposit first).
  dataset: 'dataset'
}

/**
 * DOI prefixes of open repositories, where anyone can deposit a work, choose its type and receive a DOI: the DOI
 * proves registration, not review. A curated repository (Dryad, whose curators check every deposit) is not one: its
 * registry's type is taken, a dataset a dataset.
 */
const openRepositories: Record<string, string> = {
  '10.5281': 'Zenodo',
  '10.6084': 'Figshare',
  '10.17605': 'OSF',
  '10.13140': 'ResearchGate'
}

const builtIn = new Map<string, SourceCategory>(
  Object.entries(sourceTable).flatMap(([category, domains]) => domains.map((domain) => [domain, category as SourceCategory]))
)

const optionNames = ['threshold', 'trusted', 'untrusted', 'lists', 'categories'] as const

export function parseCredibilityOptions(value: unknown): CredibilitySettings {
  const given = optionsObject(value, optionNames)
  const own = new Map<string, OwnEntry>()
  strings(given, 'lists', 'a file path').forEach((path, index) => readList(path, index, own))
  const trusted = domains(given, 'trusted')
  const untrusted = domains(given, 'untrusted')
  for (const domain of trusted) {
    if (untrusted.includes(domain)) {
      throw new OptionsError(`Unexpected \`${domain}\` in both \`trusted\` and \`untrusted\`, expected it in one of them`)
    }
    own.set(domain, {score: 1, reason: 'trusted by your configuration'})
  }
  for (const domain of untrusted) own.set(domain, {score: 0, reason: 'untrusted by your configuration'})
  return {
    threshold: fraction(given, 'threshold', DEFAULT_CREDIBILITY_THRESHOLD),
    scores: scores(given.categories),
    own
  }
}

/** Score one URL: the user's entries first, then registry metadata, then the built-in table and signals. */
export function scoreCredibility(url: string, settings: CredibilitySettings, facts: SourceFacts = {}): Credibility {
  const cited = sourceUrl(url)
  if (cited === undefined) return {score: settings.scores.unknown, category: 'unknown', reason: 'not a valid URL', source: ''}
  const final = facts.finalUrl === undefined ? undefined : sourceUrl(facts.finalUrl)
  // The source reached through a resolver comes first; the resolver itself (a DOI) is the fallback.
  const urls = final === undefined ? [cited] : [final, cited]
  const candidates = urls.map(classify)
  for (const [index, candidate] of candidates.entries()) {
    // An account's entry (`github.com/acme`) is more specific than its platform's.
    const account = accountEntry(urls[index]!.href)
    const own = account === undefined ? undefined : settings.own.get(account)
    const entry = own ?? lookup(settings.own, candidate.host)
    if (entry !== undefined) {
      const category = entry.category ?? candidate.category
      return {score: entry.score ?? settings.scores[category], category, reason: entry.reason, source: own ? account! : candidate.domain}
    }
  }
  const known = candidates.find((candidate) => candidate.category !== 'unknown') ?? candidates[0]!
  // A paper judged by its registry's type, or by being a DOI, is named as its registry names it, else by the page its
  // DOI led to, else by the DOI: never by the host of a resolver or an index (`doi.org`, PubMed's `nih.gov`).
  const paper = facts.publisher ?? candidates[0]!.doi ?? candidates[0]!.domain
  // In an open repository the uploader chose the work type: it says nothing about review.
  const deposited = openRepository(facts.doi ?? candidates.at(-1)!.doi) !== undefined
  const registered = facts.workType === undefined || deposited ? undefined : workTypes[facts.workType]
  if (registered !== undefined) {
    return {score: settings.scores[registered], category: registered, reason: `registered as \`${facts.workType}\``, source: paper}
  }
  return {score: settings.scores[known.category], category: known.category, reason: known.reason, source: known.doi === undefined ? known.domain : paper}
}

/**
 * Below the threshold: `valid`, `flagged`. Silent for malformed and unsafe URLs, which
 * `citation-url-safety` reports, and for a mention (see `Citation.mention`). The final URL counts only when a redirect resolver led there; any
 * other redirect is the cited site's doing (a shortener stays a shortener).
 */
export function judgeCredibility(
  citation: Citation,
  report: SourceReport,
  settings: CredibilitySettings,
  redirectResolvers: readonly string[] = defaultRedirectResolvers
): Verdict | undefined {
  const url = citation.normalizedUrl
  if (url === undefined || citation.mention || report.liveness === 'malformed' || report.liveness === 'unsafe') return undefined
  const host = parseUrl(url)?.hostname ?? ''
  const resolved = report.finalUrl !== report.url && redirectResolvers.some((resolver) => host === resolver || host.endsWith('.' + resolver))
  const metadata = report.work?.outcome === 'found' ? report.work.metadata : undefined
  const doi = report.work?.identifier.kind === 'doi' ? report.work.identifier.doi : undefined
  const facts = {workType: metadata?.type, publisher: metadata?.container ?? metadata?.publisher, doi}
  const result = scoreCredibility(url, settings, {...(resolved ? {finalUrl: report.finalUrl} : {}), ...facts})
  if (result.score >= settings.threshold) return undefined
  return {
    status: 'valid',
    action: 'flagged',
    rule: 'citation-credibility',
    message:
      // The source may be a registry's name for a journal, which may hold backticks: not shown as a URL.
      `Unexpected low-credibility source ${code(cutUrl(result.source))} (${result.score.toFixed(2)}, ${categories[result.category].label}), ` +
      `expected a source scoring at least ${settings.threshold}: ${result.reason}`
  }
}

interface Classified {
  host: string
  domain: string
  category: SourceCategory
  reason: string
  /** The DOI a resolver's URL names (`doi.org/10.…`): judged as a DOI, not as the resolver's page. */
  doi?: string | undefined
}

/** The built-in category of a URL's publisher (the table and the public-suffix signals), before the user's entries. */
export function builtInCategory(url: string): SourceCategory | undefined {
  const parsed = parseUrl(url)
  return parsed ? classify(parsed).category : undefined
}

/** The built-in view of one URL, before the user's entries. */
function classify(url: URL): Classified {
  const host = url.hostname.replace(/\.$/, '')
  const domain = getDomain(host, {allowPrivateDomains: true}) ?? host
  const found = (category: SourceCategory, reason = categories[category].reason): Classified => ({host, domain, category, reason})
  const vendorPage = (segment: string) => found('vendor', `the path \`/${segment}\` reads like a vendor's own marketing, so cite an independent source`)
  if (domain === 'doi.org') {
    const doi = parseDoi(url.pathname.slice(1))?.display
    const repository = openRepository(doi)
    const server = preprintServer(doi)
    const judged = server !== undefined
      ? found('preprint', `${server} DOI, ${categories.preprint.reason}`)
      : repository !== undefined
        ? found('preprint', `deposited in ${repository}, where anyone can upload: a DOI proves registration, not review`)
        : found('peer-reviewed', 'a DOI, a registered scholarly record taken as peer-reviewed until its registry says otherwise')
    return {...judged, doi}
  }
  const listed = lookup(builtIn, host)
  if (listed === 'user-generated' && isPlatformPage(url.href)) {
    return found('unknown', `the platform's own page, not one of its users', whose category is not known: add it to \`trusted\` if you vouch for it`)
  }
  if (userWrittenPaths.get(domain) === url.pathname.split('/')[1]?.toLowerCase()) {
    return found('user-generated', `\`${domain}/${userWrittenPaths.get(domain)}\` holds its users' reviews, so cite an edited source`)
  }
  // A research body's or aggregator's products, solutions and pricing are its own marketing, as any vendor's are:
  // `gartner.com/en/products/…` sells Gartner, whatever its surveys are worth.
  const marketing = listed === 'research' || listed === 'aggregator' ? vendorSegment(url) : undefined
  if (listed !== undefined) return marketing === undefined ? found(listed) : vendorPage(marketing)
  if (/^\/~[^/]/.test(url.pathname)) {
    return found('user-generated', `\`${url.pathname.split('/')[1]}\` is a personal page, so cite the original or an edited source`)
  }
  const suffix = getPublicSuffix(host) ?? ''
  // The labels of a country's suffix before its TLD: `gov.uk`, `ac.jp`, and a state's `qld.gov.au`.
  const labels = suffix.split('.').slice(0, -1)
  // A province's or state's government under a subdivision suffix: `gov.bc.ca`, `gouv.qc.ca`.
  const subdivision = labels.length > 0 && /^(?:gov|gouv)\./.test(domain)
  if (governmentSuffixes.has(suffix) || subdivision || labels.some((label) => governmentLabels.has(label))) {
    return found('government', `the public suffix \`${subdivision ? domain : suffix}\``)
  }
  if (academicSuffixes.has(suffix) || labels.some((label) => academicLabels.has(label))) {
    return found('academic', `the public suffix \`${suffix}\` (${categories.academic.reason})`)
  }
  const segment = vendorSegment(url)
  return segment === undefined ? found('unknown') : vendorPage(segment)
}

/** The path segment that marks a vendor's own marketing (see `vendorPathSegments`), if any. */
function vendorSegment(url: URL): string | undefined {
  return url.pathname
    .split('/')
    .map((part) => part.toLowerCase().replace(/\.[a-z]+$/, ''))
    .find((part) => vendorPathSegments.has(part))
}

/**
 * The preprint server a DOI names by its shape, so that it is a preprint whatever resolves it, and before its
 * registry answers: arXiv registers its own (DataCite prefix `10.48550`); bioRxiv and medRxiv register theirs under
 * Cold Spring Harbor's `10.1101`, dated (`10.1101/2020.03.01.123456`) or, before 2020, all digits, where the
 * publisher's journals start with letters (`10.1101/gr.123456.110`).
 */
function preprintServer(doi: string | undefined): string | undefined {
  if (doi === undefined) return undefined
  if (/^10\.48550\//.test(doi)) return 'an arXiv'
  return /^10\.1101\/(?:\d{4}\.\d{2}\.\d{2}\.)?\d{6,}(?:v\d+)?$/.test(doi) ? 'a bioRxiv or medRxiv' : undefined
}

/** The open repository that registered a DOI, by its prefix (see {@link openRepositories}). */
function openRepository(doi: string | undefined): string | undefined {
  return doi === undefined ? undefined : openRepositories[doi.slice(0, doi.indexOf('/'))]
}

/** The entry for a host or its nearest listed parent: `a.b.c`, then `b.c`, then `c`. */
function lookup<T>(table: Map<string, T>, host: string): T | undefined {
  const labels = host.split('.')
  for (let index = 0; index < labels.length; index++) {
    const entry = table.get(labels.slice(index).join('.'))
    if (entry !== undefined) return entry
  }
  return undefined
}

/** A URL to judge: an http(s) URL, and a Wayback Machine snapshot stands for the page it archived. */
function sourceUrl(raw: string): URL | undefined {
  const url = parseUrl(raw)
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) return undefined
  const archived = archivedAddress(url)
  return archived === undefined ? url : (sourceUrl(archived) ?? url)
}

/** A domain as written in options and lists: `example.com`, `*.example.com`, `.example.com`; IDNs as punycode. */
function domainName(raw: string): string | undefined {
  const bare = raw.trim().toLowerCase().replace(/^\*?\./, '').replace(/\.$/, '')
  if (!/^[^\s/\\:@?#[\]]+$/.test(bare)) return undefined
  const host = parseUrl('http://' + bare)?.hostname
  return host !== undefined && /^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host) ? host : undefined
}

/** An entry of the options or a list: a domain, or an account on a path-owned platform (`github.com/acme`). */
function entryName(raw: string): string | undefined {
  return raw.includes('/') ? domainEntry(raw) : domainName(raw)
}

const expectedEntry = 'a domain such as `example.com` or `github.com/owner`'

function domains(given: Given, name: string): string[] {
  return strings(given, name, expectedEntry).map((raw, index) => {
    const domain = entryName(raw)
    if (domain === undefined) throw new OptionsError(`Unexpected \`${name}[${index}]\` \`${raw}\`, expected ${expectedEntry}`)
    return domain
  })
}

function scores(value: unknown): Record<SourceCategory, number> {
  const result = Object.fromEntries(categoryNames.map((name) => [name, categories[name].score])) as Record<SourceCategory, number>
  if (value === null || value === undefined) return result
  const expected = `an object of category scores such as \`{preprint: 0.85}\``
  if (typeof value !== 'object' || Array.isArray(value)) throw new OptionsError(`Unexpected \`categories\` \`${show(value)}\`, expected ${expected}`)
  for (const [name, score] of Object.entries(value)) {
    if (!categoryNames.includes(name as SourceCategory)) {
      throw new OptionsError(`Unexpected \`categories.${name}\`, expected one of ${categoryNames.map((item) => '`' + item + '`').join(', ')}`)
    }
    result[name as SourceCategory] = fraction({[`categories.${name}`]: score}, `categories.${name}`, 0)
  }
  return result
}

/** Read one list file into `own`: `domain [category|score]` per line, `#` starts a comment. */
function readList(path: string, index: number, own: Map<string, OwnEntry>): void {
  let text: string
  try {
    text = readFileSync(resolve(process.cwd(), path), 'utf8')
  } catch (error) {
    throw new OptionsError(`Unexpected \`lists[${index}]\` \`${path}\`, expected a readable file (${(error as Error).message})`)
  }
  text.split(/\r?\n/).forEach((line, number) => {
    const content = line.replace(/#.*/, '').trim()
    if (content === '') return
    const [raw, rating, extra] = content.split(/\s+/)
    const domain = entryName(raw!)
    const category = categoryNames.find((name) => name === rating)
    const score = rating !== undefined && /^(?:0?\.\d+|0\.?|1(?:\.0*)?)$/.test(rating) ? Number(rating) : undefined
    if (domain === undefined || extra !== undefined || (rating !== undefined && category === undefined && score === undefined)) {
      throw new OptionsError(
        `Unexpected \`${content}\` in \`${path}\` line ${number + 1}, expected a domain, optionally followed by a category ` +
          `(${categoryNames.map((item) => '`' + item + '`').join(', ')}) or a score from 0 to 1`
      )
    }
    const reason = `listed in \`${path}\` line ${number + 1}`
    own.set(domain, category !== undefined ? {category, reason} : {score: score ?? 1, reason})
  })
}
