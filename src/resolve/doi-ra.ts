// doi.org's registration-agency lookup `GET /ra/{doi}`: `[{"DOI": "10.…", "RA": "Crossref"}]`, or for an unknown DOI
// `[{"DOI": "10.…", "status": "DOI does not exist"}]` (also seen without the array). The agency says which registry to
// ask next: Crossref, DataCite, or content negotiation for the others (mEDRA, JaLC, KISTI, …).

import {isObject, list, readJson} from './fields.js'
import {missing, unparseable, type Parsed} from './metadata.js'

export interface DoiAgency {
  /** As doi.org echoed it. */
  doi: string
  /** As doi.org named it: `Crossref`, `DataCite`, `mEDRA`, `JaLC`, … */
  ra: string
  /** Which metadata source to ask: the Crossref REST API, the DataCite REST API, or content negotiation. */
  agency: 'crossref' | 'datacite' | 'other'
}

/** `doi` picks the matching row when several DOIs were asked at once. */
export function parseDoiRA(body: string, doi?: string): Parsed<DoiAgency> {
  const read = readJson(body)
  if ('outcome' in read) return read
  const rows = Array.isArray(read.json) ? list(read.json) : isObject(read.json) ? [read.json] : []
  const wanted = doi?.toLowerCase()
  const row = rows.find((item) => typeof item.DOI === 'string' && item.DOI.toLowerCase() === wanted) ?? rows[0]
  if (row === undefined) return unparseable('no row in the registration-agency answer')
  if (typeof row.RA === 'string' && row.RA.trim() !== '') {
    const ra = row.RA.trim()
    const lower = ra.toLowerCase()
    const agency = lower === 'crossref' ? 'crossref' : lower === 'datacite' ? 'datacite' : 'other'
    return {doi: typeof row.DOI === 'string' ? row.DOI : (doi ?? ''), ra, agency}
  }
  if (row.status === 'DOI does not exist') return missing('doi.org: DOI does not exist')
  if (row.status === 'Invalid DOI') return missing('doi.org: invalid DOI')
  return unparseable(typeof row.status === 'string' ? `doi.org answered \`${row.status.replace(/`/g, "'")}\`` : 'no agency in the answer')
}
