// Which registries to ask about an identifier, in which order, and what their answers add up to: a work that is
// found (with metadata when readable), missing (the registry answered and does not know it), or unverified (no
// usable answer, never taken as missing). Also the closest archived copy of a dead page.

import {statusLine} from '../net/status-line.js'
import {
  arxivQueryUrl,
  crossrefWorkUrl,
  CSL_JSON,
  dataciteDoiUrl,
  doiRaUrl,
  doiUrl,
  summaryUrl,
  waybackAvailabilityUrl,
  type Endpoints
} from '../resolve/endpoints.js'
import {arxivOfDoi, parseDoi, type ArxivId, type Doi, type Identifier, type Pmcid, type Pmid} from '../resolve/identifiers.js'
import {isFound, type Missing, type Parsed, type Registry, type WorkMetadata} from '../resolve/metadata.js'
import type {Snapshot} from '../resolve/wayback.js'
import type {Work} from '../types.js'
import type {Answer} from './registry.js'

/** A registry's answer, with the parsers to read it: loaded while the first request is out (see resolve/parsers.ts). */
const askWithParsers = (ask: Ask, url: string, accept: string) => Promise.all([ask(url, accept), import('../resolve/parsers.js')])

/** One GET to a registry with this `Accept`. */
export type Ask = (url: string, accept: string) => Promise<Answer>

const JSON_TYPE = 'application/json'
const ATOM = 'application/atom+xml'

/** No usable answer: the registry may well know the work. */
interface Unverified {
  outcome: 'unverified'
  reason: string
}

/**
 * Looks up another identifier of the same work (an arXiv paper's journal DOI, a PMC article's PMID, the paper an
 * arXiv DOI names): the caller's lookup, so that a work cited both ways is asked about once.
 */
export type Related = (identifier: Identifier) => Promise<Work>

export async function lookupWork(identifier: Identifier, endpoints: Endpoints, ask: Ask, related: Related): Promise<Work> {
  switch (identifier.kind) {
    case 'doi': {
      const paper = arxivOfDoi(identifier)
      return paper === undefined ? lookupDoi(identifier, endpoints, ask) : lookupArxivDoi(identifier, paper, endpoints, ask, related)
    }
    case 'arxiv': {
      const {version} = identifier
      return version === undefined ? lookupArxiv(identifier, endpoints, ask, related) : lookupArxivVersion(identifier, version, endpoints, ask, related)
    }
    case 'pmid':
      return lookupPmid(identifier, endpoints, ask)
    case 'pmcid':
      return lookupPmcid(identifier, endpoints, ask, related)
  }
}

/**
 * doi.org's registration-agency lookup first (it knows every DOI, whichever agency registered it), then that
 * agency's API: Crossref works (with `updated-by`, the retraction notices) or DataCite. Other agencies, and an
 * agency API that fails, fall back to doi.org content negotiation (CSL JSON).
 */
async function lookupDoi(doi: Doi, endpoints: Endpoints, ask: Ask, followPublished = true): Promise<Work> {
  const [registered, {parseCrossrefWork, parseCslJson, parseDataCite, parseDoiRA}] = await askWithParsers(ask, doiRaUrl(endpoints, doi.doi), JSON_TYPE)
  const agency = read(registered, 'doi.org', (body) => parseDoiRA(body, doi.doi))
  if (agency.outcome === 'missing') return {identifier: doi, outcome: 'missing', registry: 'doi.org', reason: `DOI ${doi.display} is not registered`}
  const problems: string[] = []
  if (agency.outcome === 'found') {
    const api =
      agency.value.agency === 'crossref'
        ? {registry: 'crossref' as const, url: crossrefWorkUrl(endpoints, doi.doi), parse: parseCrossrefWork}
        : agency.value.agency === 'datacite'
          ? {registry: 'datacite' as const, url: dataciteDoiUrl(endpoints, doi.doi), parse: parseDataCite}
          : undefined
    if (api !== undefined) {
      const record = read(await ask(api.url, JSON_TYPE), name(api.registry), api.parse)
      if (record.outcome === 'found') return withPublished(doi, record.value, endpoints, ask, followPublished)
      problems.push(record.reason)
    }
  } else {
    problems.push(agency.reason)
  }
  const answer = await ask(doiUrl(endpoints, doi.doi), CSL_JSON)
  // doi.org itself answers 404 for a DOI nobody registered; a 404 after the hand-over to an agency says less.
  if (agency.outcome !== 'found' && answer.ok && answer.status === 404 && !answer.redirected) {
    return {identifier: doi, outcome: 'missing', registry: 'doi.org', reason: `DOI ${doi.display} is not registered`}
  }
  const csl = read(answer, 'doi.org', (body) => parseCslJson(body, answer.ok ? answer.contentType : undefined))
  if (csl.outcome === 'found') return withPublished(doi, csl.value, endpoints, ask, followPublished)
  problems.push(csl.reason)
  const reason = [...new Set(problems)].join('; ')
  // Registered (doi.org named its agency) but no metadata could be read: not invented, just not described.
  if (agency.outcome === 'found') return {identifier: doi, outcome: 'found', registry: 'doi.org', reason}
  return {identifier: doi, outcome: 'unverified', registry: 'doi.org', reason}
}

/**
 * A preprint (Crossref's `is-preprint-of`) with the notices of the version it was published as. That version is asked
 * directly and does not follow its own: two records naming each other would otherwise wait on each other for ever.
 */
async function withPublished(doi: Doi, metadata: WorkMetadata, endpoints: Endpoints, ask: Ask, follow: boolean): Promise<Work> {
  const journal = follow && metadata.publishedAs !== undefined ? parseDoi(metadata.publishedAs) : undefined
  if (journal === undefined || journal.doi === doi.doi) return found(doi, metadata)
  return journalNotices(doi, metadata, journal, await lookupDoi(journal, endpoints, ask, false))
}

/**
 * An arXiv DOI is the arXiv paper it names: DataCite's record of it has neither the withdrawal comment nor the
 * journal version. DataCite is asked only when arXiv has no such paper to show: whether the DOI is registered is
 * its registry's word, not arXiv's (whose API may not have a new paper yet).
 */
async function lookupArxivDoi(doi: Doi, paper: ArxivId, endpoints: Endpoints, ask: Ask, related: Related): Promise<Work> {
  const work = await related(paper)
  return work.outcome === 'found' ? {...work, identifier: doi} : lookupDoi(doi, endpoints, ask)
}

/**
 * The arXiv API, and for a paper published since (arXiv's journal-version DOI) that version's registry as well:
 * a journal that retracts the paper leaves the preprint unmarked.
 */
async function lookupArxiv(arxiv: ArxivId, endpoints: Endpoints, ask: Ask, related: Related): Promise<Work> {
  const id = arxiv.version === undefined ? arxiv.id : `${arxiv.id}v${arxiv.version}`
  const [answer, {parseArxivAtom}] = await askWithParsers(ask, arxivQueryUrl(endpoints, arxiv), ATOM)
  const result = read(answer, 'arXiv', (body) => parseArxivAtom(body, arxiv.id))
  const doi = result.outcome === 'found' && result.value.doi !== undefined ? parseDoi(result.value.doi) : undefined
  // arXiv's own DOI given as the journal's names this paper again: its lookup would wait on this one.
  const journal = doi === undefined || arxivOfDoi(doi) !== undefined ? undefined : doi
  if (result.outcome !== 'found' || journal === undefined) return settle(arxiv, 'arxiv', result, `arXiv has no paper ${id}`)
  return journalNotices(arxiv, result.value, journal, await related(journal))
}

/** A journal that retracts a paper leaves its preprint unmarked: the preprint gets the journal version's notices. */
function journalNotices(identifier: Identifier, metadata: WorkMetadata, journal: Doi, published: Work): Work {
  const notices = [...metadata.notices, ...(published.metadata?.notices ?? []).map((notice) => ({...notice, about: journal.doi}))]
  return found(identifier, {...metadata, notices}, unread(published, `journal version ${journal.display}`))
}

/**
 * A version cited (`…v1`, as PDF links give it): arXiv withdraws a paper by posting a new version, so the paper's
 * latest version says whether it stands, whichever was cited. Asked first (shared with the paper cited without a
 * version), it is most often the cited one; an older one is asked for too, for its own title, and gets the latest's
 * notices. A version past the latest does not exist.
 */
async function lookupArxivVersion(arxiv: ArxivId, version: number, endpoints: Endpoints, ask: Ask, related: Related): Promise<Work> {
  const latest = await related({kind: 'arxiv', id: arxiv.id})
  const newest = latest.metadata?.identifier.kind === 'arxiv' ? latest.metadata.identifier.version : undefined
  if (latest.metadata === undefined || newest === undefined) return lookupArxiv(arxiv, endpoints, ask, related)
  if (version > newest) return {identifier: arxiv, outcome: 'missing', registry: 'arxiv', reason: `arXiv has no paper ${arxiv.id}v${version}`}
  if (version === newest) return {...latest, identifier: arxiv}
  const cited = await lookupArxiv(arxiv, endpoints, ask, related)
  if (cited.metadata === undefined) return cited
  // Both lookups read the same journal version's notices: each notice once (the same parser writes the same keys).
  const own = new Set(cited.metadata.notices.map((notice) => JSON.stringify(notice)))
  const notices = [...cited.metadata.notices, ...latest.metadata.notices.filter((notice) => !own.has(JSON.stringify(notice)))]
  const reason = cited.reason ?? latest.reason
  return {...cited, metadata: {...cited.metadata, notices}, ...(reason === undefined ? {} : {reason})}
}

async function lookupPmid(pmid: Pmid, endpoints: Endpoints, ask: Ask): Promise<Work> {
  const [answer, {parsePubmedSummary}] = await askWithParsers(ask, summaryUrl(endpoints, 'pubmed', pmid.pmid), JSON_TYPE)
  const result = read(answer, 'PubMed', (body) => parsePubmedSummary(body, pmid.pmid))
  return settle(pmid, 'pubmed', result, `PubMed has no record ${pmid.pmid}`)
}

/**
 * PMC's summary says whether the article exists, but carries no notices: those come from PubMed's record of the
 * same article, or else from its DOI's registry. When neither can be read, PMC's own description stands.
 */
async function lookupPmcid(pmcid: Pmcid, endpoints: Endpoints, ask: Ask, related: Related): Promise<Work> {
  const [answer, {parsePmcSummary}] = await askWithParsers(ask, summaryUrl(endpoints, 'pmc', pmcid.pmcid), JSON_TYPE)
  const result = read(answer, 'PMC', (body) => parsePmcSummary(body, pmcid.pmcid))
  if (result.outcome !== 'found') return settle(pmcid, 'pmc', result, `PMC has no article PMC${pmcid.pmcid}`)
  const {pmid, doi} = result.value
  const other: Identifier | undefined = pmid !== undefined ? {kind: 'pmid', pmid} : doi === undefined ? undefined : parseDoi(doi)
  if (other === undefined) return found(pmcid, result.value)
  const same = await related(other)
  if (same.metadata !== undefined) return found(pmcid, same.metadata)
  return found(pmcid, result.value, unread(same, other.kind === 'doi' ? `DOI ${other.display}` : `PubMed ${pmid}`))
}

function settle(identifier: Identifier, registry: Registry, result: Read<WorkMetadata>, missingReason: string): Work {
  if (result.outcome === 'found') return found(identifier, result.value)
  if (result.outcome === 'missing') return {identifier, outcome: 'missing', registry, reason: missingReason}
  return {identifier, outcome: 'unverified', registry, reason: result.reason}
}

/** `unread`: what could not be read about the work (another record's notices), so the answer is not cached. */
function found(identifier: Identifier, metadata: WorkMetadata, unread?: string): Work {
  return {identifier, outcome: 'found', registry: metadata.registry, metadata, ...(unread === undefined ? {} : {reason: unread})}
}

/**
 * Why a related record (a journal version, PubMed's record of a PMC article) said nothing about the work's notices:
 * it could not be asked or read. Undefined when it answered, also with "no such record".
 */
function unread(work: Work, name: string): string | undefined {
  return work.outcome === 'missing' || work.reason === undefined ? undefined : `${name}: ${work.reason}`
}

/** The closest archived copy: found, none archived, or the archive could not say. */
export type SnapshotLookup = {outcome: 'found'; snapshot: Snapshot} | Missing | Unverified

export async function lookupSnapshot(url: string, at: Date | undefined, endpoints: Endpoints, ask: Ask): Promise<SnapshotLookup> {
  const [answer, {parseWaybackAvailability}] = await askWithParsers(ask, waybackAvailabilityUrl(endpoints, url, at), JSON_TYPE)
  const result = read(answer, 'Wayback Machine', parseWaybackAvailability)
  if (result.outcome === 'found') return {outcome: 'found', snapshot: result.value}
  return result.outcome === 'missing' ? {outcome: 'missing', reason: result.reason} : result
}

type Read<T> = {outcome: 'found'; value: T} | Missing | Unverified

/**
 * An answer through its parser. Rate limits, server errors and refusals say nothing about the identifier; 404s
 * and 400s are read, since the registries explain them in the body (Crossref's `Resource not found.`, DataCite's
 * `errors`, arXiv's error feed) and the parser knows a real "no such work" from a page it cannot read.
 */
function read<T extends object>(answer: Answer, registry: string, parse: (body: string) => Parsed<T>): Read<T> {
  if (!answer.ok) return {outcome: 'unverified', reason: `${registry}: ${answer.reason}`}
  const {status} = answer
  if (status === 429 || status === 401 || status === 403 || status >= 500 || (status >= 300 && status < 400)) {
    return {outcome: 'unverified', reason: `${registry}: ${statusLine(status, answer.statusText)}`}
  }
  const parsed = parse(answer.body)
  if (isFound(parsed)) return {outcome: 'found', value: parsed}
  if (parsed.outcome === 'missing') return parsed
  return {outcome: 'unverified', reason: `${registry}: ${parsed.reason}`}
}

function name(registry: 'crossref' | 'datacite'): string {
  return registry === 'crossref' ? 'Crossref' : 'DataCite'
}
