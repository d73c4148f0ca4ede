// Where the registries are asked, and how: request URLs built from base URLs (options, so tests can point them at
// local servers), DOIs encoded for a path, and a User-Agent with a `mailto:` contact as Crossref and DataCite ask.

import {USER_AGENT} from '../net/headers.js'
import {redactWrittenUrl} from '../net/redact.js'
import {parseUrl} from '../net/parse-url.js'
import {OptionsError, optionsObject, show} from '../validate.js'
import type {ArxivId, Identifier} from './identifiers.js'

export interface Endpoints {
  /** doi.org: content negotiation (`/{doi}`) and the registration-agency lookup (`/ra/{doi}`). */
  doiBase: string
  /** Crossref REST API (`/works/{doi}`). */
  crossrefBase: string
  /** DataCite REST API (`/dois/{doi}`). */
  dataciteBase: string
  /** arXiv API (`/query?id_list=…`). */
  arxivBase: string
  /** NCBI E-utilities (`/esummary.fcgi`). */
  eutilsBase: string
  /** Internet Archive (`/wayback/available`). */
  waybackBase: string
  /** Contact address for the User-Agent (Crossref's polite pool, DataCite's identified rate) and E-utilities' `email`. */
  mailto: string | undefined
}

export const DOI_BASE = 'https://doi.org'
export const CROSSREF_BASE = 'https://api.crossref.org'
export const DATACITE_BASE = 'https://api.datacite.org'
export const ARXIV_BASE = 'https://export.arxiv.org/api'
export const EUTILS_BASE = 'https://eutils.ncbi.nlm.nih.gov/entrez/eutils'
export const WAYBACK_BASE = 'https://archive.org'

export const defaultEndpoints: Readonly<Endpoints> = Object.freeze({
  doiBase: DOI_BASE,
  crossrefBase: CROSSREF_BASE,
  dataciteBase: DATACITE_BASE,
  arxivBase: ARXIV_BASE,
  eutilsBase: EUTILS_BASE,
  waybackBase: WAYBACK_BASE,
  mailto: undefined
})

const bases = ['doiBase', 'crossrefBase', 'dataciteBase', 'arxivBase', 'eutilsBase', 'waybackBase'] as const

/** Validate user-given endpoints (any subset) over the defaults; `path` (`registries.`) names them in full in messages. */
export function endpointOptions(value: unknown, path = ''): Endpoints {
  const given = optionsObject(value, [...bases, 'mailto'], `\`${path.replace(/\.$/, '') || 'registries'}\``, path)
  const result: Endpoints = {...defaultEndpoints}
  for (const name of bases) {
    const base = given[name]
    if (base === undefined || base === null) continue
    const url = typeof base === 'string' ? parseUrl(base) : undefined
    if (url === undefined || !/^https?:$/.test(url.protocol) || url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
      // A password in it is not echoed into a CI log.
      const shown = show(typeof base === 'string' ? redactWrittenUrl(base) : base)
      throw new OptionsError(`Unexpected \`${path}${name}\` \`${shown}\`, expected an http(s) URL without credentials, query or fragment`)
    }
    result[name] = url.href.replace(/\/+$/, '')
  }
  const mailto = given.mailto
  if (mailto !== undefined && mailto !== null) {
    const address = typeof mailto === 'string' ? mailto.trim().replace(/^mailto:/i, '') : ''
    // Goes into a header: nothing that could end it or break its comment syntax.
    if (!/^[^\s@()<>;,"\\]+@[^\s@()<>;,"\\]+\.[^\s@()<>;,"\\]+$/.test(address)) {
      throw new OptionsError(`Unexpected \`${path}mailto\` \`${show(mailto)}\`, expected an email address such as \`you@example.org\``)
    }
    result.mailto = address
  }
  return result
}

/** A DOI as a path: every character that is not safe in a path segment is percent-encoded, `/` is kept. */
export function encodeDoi(doi: string): string {
  return encodeURIComponent(doi).replace(/%2F/gi, '/')
}

/** The doi.org URL of a DOI: content negotiation target, and the stable link to offer in place of a publisher URL. */
export function doiUrl(endpoints: Endpoints, doi: string): string {
  return `${endpoints.doiBase}/${encodeDoi(doi)}`
}

/**
 * The public page of a work's record, to cite when another page of it is gone: its DOI's link, arXiv's abstract page
 * (of the version cited), its PubMed or PMC record.
 */
export function recordUrl(identifier: Identifier): string {
  switch (identifier.kind) {
    case 'doi':
      return `${DOI_BASE}/${encodeDoi(identifier.display)}`
    case 'arxiv':
      return `https://arxiv.org/abs/${identifier.id}${identifier.version === undefined ? '' : `v${identifier.version}`}`
    case 'pmid':
      return `https://pubmed.ncbi.nlm.nih.gov/${identifier.pmid}/`
    case 'pmcid':
      return `https://pmc.ncbi.nlm.nih.gov/articles/PMC${identifier.pmcid}/`
  }
}

export function doiRaUrl(endpoints: Endpoints, doi: string): string {
  return `${endpoints.doiBase}/ra/${encodeDoi(doi)}`
}

export function crossrefWorkUrl(endpoints: Endpoints, doi: string): string {
  return `${endpoints.crossrefBase}/works/${encodeDoi(doi)}`
}

export function dataciteDoiUrl(endpoints: Endpoints, doi: string): string {
  return `${endpoints.dataciteBase}/dois/${encodeDoi(doi)}`
}

/** The arXiv API query for one paper, with the version that was cited (so a withdrawn later version shows). */
export function arxivQueryUrl(endpoints: Endpoints, arxiv: ArxivId): string {
  const id = arxiv.version === undefined ? arxiv.id : `${arxiv.id}v${arxiv.version}`
  return `${endpoints.arxivBase}/query?${new URLSearchParams({id_list: id})}`
}

/**
 * A PubMed record's summary, or a PubMed Central article's (by the PMC id's number). E-utilities asks callers to
 * name their tool and a contact.
 */
export function summaryUrl(endpoints: Endpoints, database: 'pubmed' | 'pmc', id: string): string {
  const query = new URLSearchParams({db: database, id, retmode: 'json', tool: 'remark-lint-citations'})
  if (endpoints.mailto !== undefined) query.set('email', endpoints.mailto)
  return `${endpoints.eutilsBase}/esummary.fcgi?${query}`
}

/** The closest archived copy of `url`, nearest to `at` when given (the access date of the citation). */
export function waybackAvailabilityUrl(endpoints: Endpoints, url: string, at?: Date): string {
  const query = new URLSearchParams({url})
  if (at !== undefined && !Number.isNaN(at.getTime())) query.set('timestamp', waybackTimestamp(at))
  return `${endpoints.waybackBase}/wayback/available?${query}`
}

/** `YYYYMMDDhhmmss` in UTC. */
export function waybackTimestamp(at: Date): string {
  return at.toISOString().replace(/\D/g, '').slice(0, 14)
}

export const CSL_JSON = 'application/vnd.citationstyles.csl+json'

/** The package's User-Agent with the contact inside its comment: `name/version (+homepage; mailto:you@example.org)`. */
export function registryUserAgent(mailto: string | undefined): string {
  if (mailto === undefined) return USER_AGENT
  return USER_AGENT.endsWith(')') ? `${USER_AGENT.slice(0, -1)}; mailto:${mailto})` : `${USER_AGENT} (mailto:${mailto})`
}

/** Headers for a registry request; `accept` is CSL_JSON for content negotiation, Atom for arXiv. */
export function registryHeaders(endpoints: Endpoints, accept = 'application/json'): Record<string, string> {
  return {'user-agent': registryUserAgent(endpoints.mailto), accept}
}
