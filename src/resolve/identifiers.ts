// Recognises the scholarly identifier in a cited URL or text: a DOI (doi.org, `doi:`, bare, or a publisher URL that
// carries one unambiguously), an arXiv id, a PubMed id or a PubMed Central id. Trimmed, validated and normalised, so the registries can be
// asked instead of the landing page (where bot walls and paywalls sit).

import {parseUrl, percentDecode} from '../net/parse-url.js'

/** `doi` is lower-cased (DOIs are case-insensitive): compare and key on it; `display` keeps the case as written. */
export type Doi = {kind: 'doi'; doi: string; display: string}
/** `id` without version (`2509.21361`, `hep-th/9901001`); `version` when one was cited. */
export type ArxivId = {kind: 'arxiv'; id: string; version?: number}
export type Pmid = {kind: 'pmid'; pmid: string}
/** `pmcid` is the number alone, as E-utilities wants it: `PMC3531190` is `3531190`. */
export type Pmcid = {kind: 'pmcid'; pmcid: string}
export type Identifier = Doi | ArxivId | Pmid | Pmcid

/** The identifier a cited URL (or `doi:`, `DOI `, `arXiv:`, `PMID:`, `PMCID:` text, a bare DOI or PMC id) names, if any. */
export function identify(input: string): Identifier | undefined {
  const text = trimEnds(input.trim())
  if (/^https?:\/\//i.test(text)) {
    const url = parseUrl(text)
    return url === undefined ? undefined : fromUrl(url)
  }
  return fromText(text)
}

/**
 * One key per work as registries know it: DOIs compare in lower case; an arXiv id keeps its version (a later
 * version may be the withdrawn one).
 */
export function identifierKey(identifier: Identifier): string {
  switch (identifier.kind) {
    case 'doi':
      return `doi:${identifier.doi}`
    case 'arxiv':
      return `arxiv:${identifier.id}v${identifier.version ?? ''}`
    case 'pmid':
      return `pmid:${identifier.pmid}`
    case 'pmcid':
      return `pmcid:${identifier.pmcid}`
  }
}

/**
 * Whether two identifiers name one work, or undefined when only a registry could tell (a PubMed id and a DOI). An
 * arXiv DOI names its paper's arXiv id; another version of a paper is the same work.
 */
export function sameWork(a: Identifier, b: Identifier): boolean | undefined {
  const left = a.kind === 'doi' ? arxivOfDoi(a) ?? a : a
  const right = b.kind === 'doi' ? arxivOfDoi(b) ?? b : b
  if (left.kind !== right.kind) return undefined
  if (left.kind === 'arxiv' && right.kind === 'arxiv') return left.id === right.id
  return identifierKey(left) === identifierKey(right)
}

/** A DOI from a candidate string (`10.…`, possibly percent-encoded or followed by punctuation), validated. */
export function parseDoi(candidate: string): Doi | undefined {
  const display = trimEnds(percentDecode(candidate.trim()))
  if (!doiShape.test(display)) return undefined
  return {kind: 'doi', doi: display.toLowerCase(), display}
}

/** The first DOI inside running text, e.g. PubMed's `… 2005 Feb 3;352(5):512-5. doi: 10.1056/NEJM200502033520519.` */
export function findDoi(text: string): Doi | undefined {
  const found = /\b10\.\d{4,9}(?:\.\d+)*\/[^\s"<>]+/.exec(text)
  return found === null ? undefined : parseDoi(found[0])
}

/** An arXiv id, new style (`2509.21361`, `0704.0001`) or old style (`hep-th/9901001`), with an optional `vN`. */
export function parseArxivId(candidate: string): ArxivId | undefined {
  const text = candidate.trim()
  const modern = /^((\d{2})(\d{2})\.\d{4,5})(?:v(\d+))?$/.exec(text)
  if (modern !== null) return arxiv(modern[1]!, modern[3]!, modern[4])
  // Old style: the subject class (`math.GT/0309136`) is not part of the identifier.
  const old = /^([a-z]+(?:-[a-z]+)*)(?:\.[a-z]{2})?\/(\d{2}(\d{2})\d{3})(?:v(\d+))?$/i.exec(text)
  if (old !== null) return arxiv(`${old[1]!.toLowerCase()}/${old[2]}`, old[3]!, old[4])
  return undefined
}

/**
 * The arXiv paper an arXiv DOI names: arXiv registers `10.48550/arXiv.<id>` with DataCite for each paper, never for
 * a version (`…v2` is no DOI of theirs, and doi.org knows none such).
 */
export function arxivOfDoi(doi: Doi): ArxivId | undefined {
  const suffix = /^10\.48550\/arxiv\.(.+)$/.exec(doi.doi)?.[1]
  const paper = suffix === undefined ? undefined : parseArxivId(suffix)
  return paper?.version === undefined ? paper : undefined
}

function arxiv(id: string, month: string, version: string | undefined): ArxivId | undefined {
  if (Number(month) < 1 || Number(month) > 12) return undefined
  if (version === undefined) return {kind: 'arxiv', id}
  return Number(version) >= 1 ? {kind: 'arxiv', id, version: Number(version)} : undefined
}

// 10. + registrant (4–9 digits, optional `.sub` parts) + `/` + a suffix without spaces or control characters.
const doiShape = /^10\.\d{4,9}(?:\.\d+)*\/[^\s\p{Cc}]+$/u

function fromText(text: string): Identifier | undefined {
  const prefixed = /^(doi(?::\s*|\s+)|info:doi\/|arxiv(?::\s*|\s+)|pmid:?\s*|pmcid:?\s*)/i.exec(text)
  if (prefixed !== null) {
    const rest = text.slice(prefixed[0].length)
    const prefix = prefixed[1]!.toLowerCase()
    if (prefix.startsWith('arxiv')) return parseArxivId(rest)
    if (prefix.startsWith('pmcid')) return parsePmcid(rest)
    if (prefix.startsWith('pmid')) return parsePmid(rest)
    return parseDoi(rest)
  }
  if (text.startsWith('10.')) return parseDoi(text)
  if (/^pmc\d/i.test(text)) return parsePmcid(text)
  // `doi.org/10.…`, `arxiv.org/abs/…` written without a scheme.
  if (/^[a-z0-9.-]+\.[a-z]{2,}\//i.test(text)) {
    const url = parseUrl(`https://${text}`)
    return url === undefined ? undefined : fromUrl(url)
  }
  return undefined
}

function fromUrl(url: URL): Identifier | undefined {
  const host = url.hostname.replace(/^www\./, '')
  const path = percentDecode(url.pathname)
  if (host === 'doi.org' || host === 'dx.doi.org') return parseDoi(path.slice(1))
  if (host === 'arxiv.org' || host === 'export.arxiv.org') {
    const match = /^\/(?:abs|pdf|html|format|ps)\/(.+?)(?:\.pdf)?\/?$/.exec(path)
    return match === null ? undefined : parseArxivId(match[1]!)
  }
  if (host === 'pubmed.ncbi.nlm.nih.gov') return parsePmid(/^\/(\d+)\/?$/.exec(path)?.[1])
  // An article's page, or a file of it: `/pmc/articles/PMC3531190/pdf/gks1195.pdf`; since 2024 on its own host.
  if (host === 'ncbi.nlm.nih.gov') {
    const pmc = /^\/pmc\/articles\/(PMC\d+)(?:\/.*)?$/i.exec(path)?.[1]
    return pmc === undefined ? parsePmid(/^\/pubmed\/(\d+)\/?$/.exec(path)?.[1]) : parsePmcid(pmc)
  }
  if (host === 'pmc.ncbi.nlm.nih.gov') return parsePmcid(/^\/articles\/(PMC\d+)(?:\/.*)?$/i.exec(path)?.[1])
  // Europe PMC: `/article/MED/<pmid>`, `/abstract/MED/<pmid>`, `/article/PMC/PMC…`, `/articles/PMC…`.
  if (host === 'europepmc.org') {
    const med = /^\/(?:article|abstract)\/MED\/(\d+)\/?$/i.exec(path)?.[1]
    return med === undefined ? parsePmcid(/^\/(?:article\/PMC|articles)\/(PMC\d+)(?:\/.*)?$/i.exec(path)?.[1]) : parsePmid(med)
  }
  for (const rule of publisherRules) {
    if (rule.host.test(host)) {
      const doi = rule.doi(path, url)
      return doi === undefined ? undefined : parseDoi(doi)
    }
  }
  const doi = atyponDoi(path)
  return doi === undefined ? undefined : parseDoi(doi)
}

/** Atypon-style `/doi/[view/]10.…` (Wiley, Taylor & Francis, SAGE, ACS, Science, ACM, PNAS, NEJM, …), on any host. */
function atyponDoi(path: string): string | undefined {
  return /\/doi\/(?:[a-z]+\/)?(10\.\d{4,9}(?:\.\d+)*\/.+)$/.exec(path)?.[1]?.replace(trailingView, '')
}

/**
 * What a publisher's path adds after the DOI: the view in old Wiley and Frontiers URLs (`/doi/10.1002/x.123/abstract`),
 * Emerald's `/full/html`, De Gruyter's `/html`, a figure (`/figures/1`), a supplement's file
 * (`/doi/suppl/10.1126/science.abf4063/suppl_file/sm.pdf`, Atypon), or a slash. Left on, it made a DOI nobody
 * registered, and a live page an unknown DOI.
 */
const trailingView =
  /\/(?:(?:abstract|full|pdf|epdf|html|xml|summary|references|figures?|tables?|suppinfo|citedby|fulltext(?:\.html)?)(?:\/(?:html|pdf|xml|\d+))?\/?|suppl_file\/.*)?$/

/** Publishers whose URLs carry a DOI in their own way; a host listed here never falls through to the generic rule. */
const publisherRules: Array<{host: RegExp; doi: (path: string, url: URL) => string | undefined}> = [
  {
    // ACM gives a work it registered no DOI for an id under Crossref's test prefix (`/doi/10.5555/3295222.3295349`,
    // NeurIPS papers among them), which doi.org does not know: the page names no DOI.
    host: /^dl\.acm\.org$/,
    doi: (path) => {
      const doi = atyponDoi(path)
      return doi?.startsWith('10.5555/') ? undefined : doi
    }
  },
  {
    host: /^link\.springer\.com$/,
    doi: (path) => /^\/(?:article|chapter|book|referenceworkentry|protocol|content\/pdf)\/(10\..+?)(?:\.pdf)?$/.exec(path)?.[1]?.replace(trailingView, '')
  },
  {host: /^journals\.plos\.org$/, doi: (_, url) => url.searchParams.get('id') ?? undefined},
  {
    // bioRxiv and medRxiv add the version and the view: `/content/10.1101/2020.03.01.123456v1.full.pdf`.
    host: /^(?:biorxiv|medrxiv)\.org$/,
    doi: (path) => /^\/content\/(10\.1101\/(?:\d{4}\.\d{2}\.\d{2}\.)?\d+)(?:v\d+)?(?:[./].*)?$/.exec(path)?.[1]
  },
  {host: /^frontiersin\.org$/, doi: (path) => /\/articles?\/(10\.3389\/[^/]+)/.exec(path)?.[1]},
  {host: /^journals\.aps\.org$/, doi: (path) => /^\/[a-z]+\/(?:abstract|pdf|supplemental)\/(10\.1103\/.+)$/.exec(path)?.[1]},
  {
    // OUP: `/article/doi/10.1093/<journal>/<id>/<article number>` or `/article-lookup/doi/<doi>`; a DOI of another
    // prefix is taken only when it ends the path, since the article number that may follow looks like a suffix part.
    host: /^academic\.oup\.com$/,
    doi: (path) =>
      /\/doi\/(10\.1093\/[^/]+\/[^/]+)(?:\/\d+)?\/?$/.exec(path)?.[1] ?? /\/doi\/(10\.\d{4,9}(?:\.\d+)*\/[^/]+)\/?$/.exec(path)?.[1]
  }
]

/** A PubMed id (digits, leading zeros dropped), validated. */
export function parsePmid(candidate: string | undefined): Pmid | undefined {
  const match = candidate === undefined ? null : /^0*([1-9]\d{0,8})$/.exec(candidate.trim())
  return match === null ? undefined : {kind: 'pmid', pmid: match[1]!}
}

function parsePmcid(candidate: string | undefined): Pmcid | undefined {
  const match = candidate === undefined ? null : /^PMC0*([1-9]\d{0,9})$/i.exec(candidate.trim())
  return match === null ? undefined : {kind: 'pmcid', pmcid: match[1]!}
}

const openers: Record<string, string> = {')': '(', ']': '[', '}': '{', '>': '<'}

/**
 * Drop what prose wraps around an identifier: leading quotes and brackets, trailing punctuation and closing brackets
 * without a partner. Balanced brackets stay: `10.1016/S0140-6736(20)30183-5` is one DOI.
 */
function trimEnds(text: string): string {
  const result = text.replace(/^[\s<(["'“‘«]+/, '')
  // Counted once and kept up to date while trimming: counted again for each closer, 50,000 of them took a minute.
  const counts: Record<string, number> = {}
  for (const char of result) counts[char] = (counts[char] ?? 0) + 1
  for (let end = result.length; ; end--) {
    const last = result[end - 1]
    if (last === undefined) return ''
    const opener = openers[last]
    const unbalanced = opener !== undefined && (counts[opener] ?? 0) < counts[last]!
    if (!unbalanced && !/[\s.,;:!?'"“”‘’»*]/.test(last)) return result.slice(0, end)
    counts[last]!--
  }
}
