// Reading the DOI registries' answers: doi.org's agency lookup, Crossref works, DataCite, and content negotiation.
// Bodies follow the documented response shapes (trimmed to the fields that matter); nothing is fetched.

import {describe, expect, it} from 'vitest'
import {parseCrossrefWork} from '../src/resolve/crossref.js'
import {parseCslJson} from '../src/resolve/csl.js'
import {parseDataCite} from '../src/resolve/datacite.js'
import {parseDoiRA} from '../src/resolve/doi-ra.js'
import {isFound, worstNotice, type WorkMetadata} from '../src/resolve/metadata.js'

/** A Crossref `/works/{doi}` envelope around `message`. */
function crossref(message: Record<string, unknown>): string {
  return JSON.stringify({status: 'ok', 'message-type': 'work', 'message-version': '1.0.0', message})
}

function work(parsed: ReturnType<typeof parseCrossrefWork>): WorkMetadata {
  if (!isFound(parsed)) throw new Error(`expected a work, got ${parsed.outcome}: ${parsed.reason}`)
  return parsed
}

const nature = {
  indexed: {'date-parts': [[2024, 3, 1]], 'date-time': '2024-03-01T10:00:00Z', timestamp: 1709287200000},
  'reference-count': 30,
  publisher: 'Springer Science and Business Media LLC',
  issue: '7460',
  'content-domain': {domain: [], 'crossmark-restriction': false},
  'short-container-title': ['Nature'],
  'published-print': {'date-parts': [[2013, 8]]},
  DOI: '10.1038/nature12373',
  type: 'journal-article',
  created: {'date-parts': [[2013, 7, 31]], 'date-time': '2013-07-31T17:59:33Z', timestamp: 1375293573000},
  page: '54-58',
  source: 'Crossref',
  'is-referenced-by-count': 1500,
  title: ['Nanometre-scale thermometry in a living cell'],
  prefix: '10.1038',
  volume: '500',
  author: [{given: 'G.', family: 'Kucsko', sequence: 'first', affiliation: []}],
  member: '297',
  'container-title': ['Nature'],
  subtitle: [],
  'short-title': [],
  issued: {'date-parts': [[2013, 7, 31]]},
  URL: 'https://doi.org/10.1038/nature12373',
  relation: {},
  ISSN: ['0028-0836', '1476-4687'],
  published: {'date-parts': [[2013, 7, 31]]}
}

describe('parseCrossrefWork', () => {
  it('reads a live DOI’s title, type, journal, publisher and date', () => {
    expect(parseCrossrefWork(crossref(nature))).toEqual({
      identifier: {kind: 'doi', doi: '10.1038/nature12373', display: '10.1038/nature12373'},
      title: 'Nanometre-scale thermometry in a living cell',
      type: 'journal-article',
      container: 'Nature',
      publisher: 'Springer Science and Business Media LLC',
      issued: '2013-07-31',
      registry: 'crossref',
      notices: []
    })
  })

  it('reads an invented DOI’s 404 (`Resource not found.`) as missing from Crossref', () => {
    expect(parseCrossrefWork('Resource not found.')).toEqual({outcome: 'missing', reason: 'Crossref has no work with this DOI'})
  })

  it('picks the retraction over the correction that came before it, and strips the title prefix', () => {
    const wakefield = work(
      parseCrossrefWork(
        crossref({
          DOI: '10.1016/S0140-6736(97)11096-0',
          type: 'journal-article',
          title: ['RETRACTED: Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive developmental disorder in children'],
          'container-title': ['The Lancet'],
          publisher: 'Elsevier BV',
          issued: {'date-parts': [[1998, 2]]},
          'updated-by': [
            {
              DOI: '10.1016/s0140-6736(04)15715-2',
              type: 'correction',
              label: 'Correction',
              source: 'publisher',
              updated: {'date-parts': [[2004, 3, 6]], 'date-time': '2004-03-06T00:00:00Z', timestamp: 1078531200000}
            },
            {
              DOI: '10.1016/s0140-6736(10)60175-4',
              type: 'retraction',
              label: 'Retraction',
              source: 'retraction-watch',
              'record-id': '4036',
              updated: {'date-parts': [[2010, 2, 6]], 'date-time': '2010-02-06T00:00:00Z', timestamp: 1265414400000}
            },
            {
              DOI: '10.1016/s0140-6736(10)60175-4',
              type: 'retraction',
              label: 'Retraction',
              source: 'publisher',
              updated: {'date-parts': [[2010, 2, 6]], 'date-time': '2010-02-06T00:00:00Z', timestamp: 1265414400000}
            }
          ]
        })
      )
    )
    expect(wakefield.title).toBe('Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive developmental disorder in children')
    expect(wakefield.notices).toHaveLength(3)
    expect(worstNotice(wakefield.notices)).toEqual({
      kind: 'retraction',
      doi: '10.1016/s0140-6736(10)60175-4',
      date: '2010-02-06',
      source: 'retraction-watch',
      label: 'Retraction'
    })
  })

  it('reads an expression of concern', () => {
    const concern = work(
      parseCrossrefWork(
        crossref({
          DOI: '10.5555/concern.2020.1',
          type: 'journal-article',
          title: ['Outcomes of a treatment in a multinational registry analysis'],
          'updated-by': [
            {DOI: '10.5555/concern.2020.2', type: 'expression_of_concern', label: 'Expression of Concern', source: 'publisher', updated: {'date-parts': [[2020, 6, 3]]}}
          ]
        })
      )
    )
    expect(worstNotice(concern.notices)).toEqual({
      kind: 'expression-of-concern',
      doi: '10.5555/concern.2020.2',
      date: '2020-06-03',
      source: 'publisher',
      label: 'Expression of Concern'
    })
  })

  it('takes no notice from `update-to`: that record is the notice, pointing at the work it updates', () => {
    const notice = work(
      parseCrossrefWork(
        crossref({
          DOI: '10.1016/S0140-6736(10)60175-4',
          type: 'journal-article',
          title: ['Retraction—Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive developmental disorder in children'],
          'update-to': [{DOI: '10.1016/s0140-6736(97)11096-0', type: 'retraction', label: 'Retraction', source: 'publisher', updated: {'date-parts': [[2010, 2, 6]]}}]
        })
      )
    )
    expect(notice.notices).toEqual([])
  })

  it('does not read a notice’s own `Retracted:` title as a retraction of the notice', () => {
    const notice = work(
      parseCrossrefWork(
        crossref({
          DOI: '10.5555/retraction.notice',
          type: 'journal-article',
          title: ['Retracted: Effect of a herbal extract on wound healing in rats'],
          'update-to': [{DOI: '10.5555/original', type: 'retraction', source: 'publisher', updated: {'date-parts': [[2023, 5, 1]]}}]
        })
      )
    )
    expect(notice.notices).toEqual([])
    expect(notice.title).toBe('Retracted: Effect of a herbal extract on wound healing in rats')
  })

  it('counts a `RETRACTED ARTICLE:` title prefix as a signal when no notice is deposited', () => {
    const prefixed = work(parseCrossrefWork(crossref({...nature, DOI: '10.5555/prefixed', title: ['RETRACTED ARTICLE: A cell line that was not what it seemed']})))
    expect(prefixed.title).toBe('A cell line that was not what it seemed')
    expect(prefixed.notices).toEqual([{kind: 'retraction', source: 'title'}])
  })

  it('adds no title signal when a deposited notice already says so', () => {
    const both = work(
      parseCrossrefWork(
        crossref({
          ...nature,
          title: ['RETRACTED: A cell line that was not what it seemed'],
          'updated-by': [{DOI: '10.5555/r', type: 'retraction', source: 'publisher', updated: {'date-parts': [[2021, 1, 2]]}}]
        })
      )
    )
    expect(both.notices).toEqual([{kind: 'retraction', doi: '10.5555/r', date: '2021-01-02', source: 'publisher'}])
  })

  it.each([
    ['retraction', 'retraction'],
    ['withdrawal', 'withdrawal'],
    ['removal', 'withdrawal'],
    ['partial_retraction', 'partial-retraction'],
    ['expression_of_concern', 'expression-of-concern'],
    ['expression-of-concern', 'expression-of-concern'],
    ['Expression of Concern', 'expression-of-concern'],
    ['correction', 'correction'],
    ['corrigendum', 'correction'],
    ['erratum', 'correction']
  ])('maps the update type `%s` to %s', (type, kind) => {
    const parsed = work(parseCrossrefWork(crossref({...nature, 'updated-by': [{DOI: '10.5555/n', type, source: 'publisher', updated: {'date-parts': [[2020]]}}]})))
    expect(parsed.notices).toEqual([expect.objectContaining({kind, date: '2020'})])
  })

  it.each(['new_version', 'addendum', 'clarification'])('ignores the update type `%s` (not about reliability)', (type) => {
    const parsed = work(parseCrossrefWork(crossref({...nature, 'updated-by': [{DOI: '10.5555/n', type, source: 'publisher'}]})))
    expect(parsed.notices).toEqual([])
  })

  it('strips face markup and entities from titles and joins the subtitle into an alternative', () => {
    const parsed = work(
      parseCrossrefWork(
        crossref({
          ...nature,
          title: ['<i>In vivo</i> imaging of CO<sub>2</sub> &amp; O<sub>2</sub>'],
          subtitle: ['A <scp>review</scp>'],
          'short-title': ['Imaging CO2']
        })
      )
    )
    expect(parsed.title).toBe('In vivo imaging of CO2 & O2')
    expect(parsed.titles).toEqual(['In vivo imaging of CO2 & O2: A review', 'Imaging CO2'])
  })

  it('reads a title deposited with TeX as rendered, and keeps it as written', () => {
    const deposited = 'Observation of $$ {\\Lambda}_b^0 $$ decays to $$ J/\\psi $$ pK'
    const parsed = work(parseCrossrefWork(crossref({...nature, title: [deposited]})))
    expect(parsed.title).toBe('Observation of Λb0 decays to J/ψ pK')
    expect(parsed.titles).toEqual([deposited])
  })

  it('reads the DOI a preprint was published as', () => {
    const relation = {'is-preprint-of': [{id: 'https://doi.org/10.1038/S41586-020-2012-7', 'id-type': 'uri'}, {id: '10.1038/S41586-020-2012-7', 'id-type': 'doi', 'asserted-by': 'subject'}]}
    expect(work(parseCrossrefWork(crossref({...nature, type: 'posted-content', relation}))).publishedAs).toBe('10.1038/s41586-020-2012-7')
  })

  it('reads posted content as a preprint, with subtype preprint, another, or none', () => {
    const parsed = work(parseCrossrefWork(crossref({...nature, type: 'posted-content', subtype: 'preprint', 'container-title': []})))
    expect(parsed.type).toBe('preprint')
    expect(parsed.container).toBeUndefined()
    expect(work(parseCrossrefWork(crossref({...nature, type: 'posted-content', subtype: 'working_paper'}))).type).toBe('preprint')
    expect(work(parseCrossrefWork(crossref({...nature, type: 'posted-content', subtype: undefined}))).type).toBe('preprint')
  })

  it('keeps a year-only date and ignores an unknown one', () => {
    expect(work(parseCrossrefWork(crossref({...nature, issued: {'date-parts': [[1998]]}}))).issued).toBe('1998')
    const unknown = work(parseCrossrefWork(crossref({...nature, issued: {'date-parts': [[null]]}, 'published-print': undefined})))
    expect(unknown.issued).toBeUndefined()
  })

  it.each([
    ['an HTML error page', '<!DOCTYPE html><html><body>Bad gateway</body></html>', 'an HTML page, not JSON'],
    ['a validation failure', JSON.stringify({status: 'failed', 'message-type': 'validation-failure', message: [{type: 'bad-doi'}]}), 'not a Crossref work response'],
    ['a rate-limit text', 'Too many requests', 'not JSON: `Too many requests`'],
    ['an empty body', '', 'an empty body'],
    ['a record without DOI', crossref({title: ['x']}), 'a record without a valid DOI']
  ])('cannot read %s (unverified, not missing)', (_, body, reason) => {
    expect(parseCrossrefWork(body)).toEqual({outcome: 'unparseable', reason})
  })
})

describe('parseDoiRA', () => {
  it.each([
    ['Crossref', '[{"DOI": "10.1038/nature12373", "RA": "Crossref"}]', 'crossref'],
    ['DataCite', '[{"DOI": "10.5061/dryad.8515", "RA": "DataCite"}]', 'datacite'],
    ['another agency', '[{"DOI": "10.1430/8105", "RA": "mEDRA"}]', 'other']
  ])('routes a %s DOI', (ra, body, agency) => {
    expect(parseDoiRA(body)).toMatchObject({agency, ra: ra === 'another agency' ? 'mEDRA' : ra})
  })

  it('says an invented DOI does not exist', () => {
    expect(parseDoiRA('[{"DOI": "10.9999/invented.2024.001", "status": "DOI does not exist"}]')).toEqual({
      outcome: 'missing',
      reason: 'doi.org: DOI does not exist'
    })
  })

  it('accepts the answer without its array', () => {
    expect(parseDoiRA('{"status": "DOI does not exist"}')).toMatchObject({outcome: 'missing'})
  })

  it('says an invalid DOI is missing', () => {
    expect(parseDoiRA('[{"DOI": "10.1038", "status": "Invalid DOI"}]')).toEqual({outcome: 'missing', reason: 'doi.org: invalid DOI'})
  })

  it('picks the row of the DOI asked about from a batch, whatever its case', () => {
    const body = '[{"DOI": "10.1038/nature12373", "RA": "Crossref"}, {"DOI": "10.5061/DRYAD.8515", "RA": "DataCite"}]'
    expect(parseDoiRA(body, '10.5061/dryad.8515')).toEqual({doi: '10.5061/DRYAD.8515', ra: 'DataCite', agency: 'datacite'})
  })

  it.each([
    ['an unknown status', '[{"DOI": "10.1/x", "status": "Here there be monsters"}]', 'doi.org answered `Here there be monsters`'],
    ['an empty array', '[]', 'no row in the registration-agency answer'],
    ['an HTML page', '<html><body>Service unavailable</body></html>', 'an HTML page, not JSON']
  ])('cannot read %s', (_, body, reason) => {
    expect(parseDoiRA(body)).toEqual({outcome: 'unparseable', reason})
  })
})

const dryad = {
  data: {
    id: '10.5061/dryad.8515',
    type: 'dois',
    attributes: {
      doi: '10.5061/dryad.8515',
      identifiers: [],
      creators: [{name: 'Ollomo, Benjamin', nameType: 'Personal'}],
      titles: [{title: 'Data from: A new malaria agent in African hominids.'}],
      publisher: 'Dryad',
      container: {},
      publicationYear: 2011,
      dates: [{date: '2011', dateType: 'Issued'}],
      types: {ris: 'DATA', bibtex: 'misc', citeproc: 'dataset', schemaOrg: 'Dataset', resourceTypeGeneral: 'Dataset'},
      relatedIdentifiers: [{relatedIdentifier: '10.1371/journal.ppat.1000446', relatedIdentifierType: 'DOI', relationType: 'IsSupplementTo'}],
      url: 'https://datadryad.org/stash/dataset/doi:10.5061/dryad.8515',
      state: 'findable'
    },
    relationships: {client: {data: {id: 'dryad.dryad', type: 'clients'}}}
  }
}

describe('parseDataCite', () => {
  it('reads a dataset', () => {
    expect(parseDataCite(JSON.stringify(dryad))).toEqual({
      identifier: {kind: 'doi', doi: '10.5061/dryad.8515', display: '10.5061/dryad.8515'},
      title: 'Data from: A new malaria agent in African hominids.',
      type: 'dataset',
      publisher: 'Dryad',
      issued: '2011',
      registry: 'datacite',
      notices: []
    })
  })

  it('reads an arXiv DOI as a preprint, with the publisher given as an object and alternative titles', () => {
    const arxiv = {
      data: {
        id: '10.48550/arxiv.1706.03762',
        type: 'dois',
        attributes: {
          doi: '10.48550/arxiv.1706.03762',
          titles: [{title: 'Attention Is All You Need'}, {title: 'Transformer', titleType: 'AlternativeTitle'}],
          publisher: {name: 'arXiv'},
          publicationYear: 2017,
          types: {resourceTypeGeneral: 'Preprint', resourceType: 'Article'},
          state: 'findable'
        }
      }
    }
    expect(parseDataCite(JSON.stringify(arxiv))).toMatchObject({
      identifier: {doi: '10.48550/arxiv.1706.03762'},
      title: 'Attention Is All You Need',
      titles: ['Transformer'],
      type: 'preprint',
      publisher: 'arXiv',
      issued: '2017'
    })
  })

  it('reads an arXiv DOI’s title with TeX as rendered, and keeps it as written', () => {
    const written = 'Nonlinear Schr\\"odinger equations'
    const attributes = {doi: '10.48550/arxiv.2101.00004', titles: [{title: written}], publisher: 'arXiv', types: {resourceTypeGeneral: 'Preprint'}}
    const parsed = work(parseDataCite(JSON.stringify({data: {id: '10.48550/arxiv.2101.00004', type: 'dois', attributes}})))
    expect(parsed).toMatchObject({title: 'Nonlinear Schrödinger equations', titles: [written]})
  })

  it('reads a 404 as missing from DataCite', () => {
    const body = '{"errors":[{"status":"404","title":"The resource you are looking for doesn\'t exist."}]}'
    expect(parseDataCite(body)).toEqual({outcome: 'missing', reason: 'DataCite has no such DOI'})
  })

  it('reads a draft DOI as missing (nobody can resolve it)', () => {
    const draft = {data: {...dryad.data, attributes: {...dryad.data.attributes, state: 'draft'}}}
    expect(parseDataCite(JSON.stringify(draft))).toMatchObject({outcome: 'missing'})
  })

  it('counts a `WITHDRAWN:` title prefix as a withdrawal', () => {
    const withdrawn = {data: {...dryad.data, attributes: {...dryad.data.attributes, titles: [{title: 'WITHDRAWN: Field counts 2019'}]}}}
    const parsed = parseDataCite(JSON.stringify(withdrawn))
    expect(parsed).toMatchObject({title: 'Field counts 2019', notices: [{kind: 'withdrawal', source: 'title'}]})
  })

  it('cannot read another error', () => {
    expect(parseDataCite('{"errors":[{"status":"500","title":"Internal server error"}]}')).toEqual({
      outcome: 'unparseable',
      reason: 'DataCite error: Internal server error'
    })
  })
})

const csl = {
  indexed: {'date-parts': [[2024, 1, 5]]},
  'reference-count': 120,
  publisher: 'Annual Reviews',
  DOI: '10.1146/annurev-statistics-031017-100045',
  type: 'article-journal',
  source: 'Crossref',
  title: 'Topological Data Analysis',
  'container-title': 'Annual Review of Statistics and Its Application',
  author: [{given: 'Larry', family: 'Wasserman', sequence: 'first'}],
  issued: {'date-parts': [[2018, 3, 7]]},
  'update-policy': 'http://dx.doi.org/10.1146/crossmark-policy'
}

describe('parseCslJson', () => {
  it('reads a CSL-JSON item whose title is a string', () => {
    expect(parseCslJson(JSON.stringify(csl), 'application/vnd.citationstyles.csl+json')).toEqual({
      identifier: {kind: 'doi', doi: '10.1146/annurev-statistics-031017-100045', display: '10.1146/annurev-statistics-031017-100045'},
      title: 'Topological Data Analysis',
      type: 'journal-article',
      container: 'Annual Review of Statistics and Its Application',
      publisher: 'Annual Reviews',
      issued: '2018-03-07',
      registry: 'csl',
      notices: []
    })
  })

  it('reads a CSL `article` (DataCite’s arXiv record) as a preprint', () => {
    const item = {type: 'article', id: 'https://doi.org/10.48550/arxiv.1706.03762', DOI: '10.48550/ARXIV.1706.03762', title: 'Attention Is All You Need', publisher: 'arXiv', issued: {'date-parts': [[2017]]}}
    expect(parseCslJson(JSON.stringify(item), 'application/vnd.citationstyles.csl+json; charset=utf-8')).toMatchObject({type: 'preprint', issued: '2017'})
  })

  it('rejects an HTML landing page served with 200 instead of CSL JSON', () => {
    const landing = '<!DOCTYPE html>\n<html lang="en"><head><title>Article | Journal</title></head><body>…</body></html>'
    expect(parseCslJson(landing, 'text/html; charset=UTF-8')).toEqual({outcome: 'unparseable', reason: 'a `text/html` response, not CSL JSON'})
    expect(parseCslJson(landing)).toEqual({outcome: 'unparseable', reason: 'an HTML page, not JSON'})
  })

  it('reads an empty list as no metadata', () => {
    expect(parseCslJson('[]', 'application/json')).toEqual({outcome: 'missing', reason: 'content negotiation returned no item'})
  })

  it('reads an item wrapped in an array', () => {
    expect(parseCslJson(JSON.stringify([csl]))).toMatchObject({title: 'Topological Data Analysis'})
  })
})
