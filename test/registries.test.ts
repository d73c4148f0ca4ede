// Papers end to end through remark: DOIs, arXiv ids and PubMed ids are looked up in their registries (local servers
// that answer like doi.org, Crossref, DataCite, the arXiv API, E-utilities and the Wayback Machine, in the response
// shapes their documentation gives), and dead pages get their closest archived copy when `archive` is on.

import {mkdtempSync, rmSync} from 'node:fs'
import type {IncomingMessage, ServerResponse} from 'node:http'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import type {Pluggable} from 'unified'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {citationCredibility, citationRetracted, configure, type Options} from '../rules/index.js'
import {accessDate} from '../src/resolve/access-date.js'
import {closeSharedVerifiers} from '../src/verify/shared.js'
import {lint} from './helpers/lint.js'
import {html, startWeb, testResolve, type Web} from './helpers/web.js'

/** Every server of this file, by role; one web per registry, so each sees only its own requests. */
let doi: Web
let crossref: Web
let datacite: Web
let arxiv: Web
let eutils: Web
let wayback: Web
let publisher: Web
let slow: Web
/** How often the Wayback Machine was asked for `/gone-later`, which it answers 503 the first time. */
let waybackBusy = 0
/** Requests seen by the registries: `METHOD path?query` with the headers that matter. */
const seen: Array<{url: string; accept: string; userAgent: string}> = []

function json(response: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  response.writeHead(status, {'content-type': type})
  response.end(JSON.stringify(body))
}

function record(request: IncomingMessage): URL {
  const url = new URL(request.url ?? '/', `http://${request.headers.host}`)
  seen.push({url: url.pathname + url.search, accept: request.headers.accept ?? '', userAgent: request.headers['user-agent'] ?? ''})
  return url
}

/** A Crossref `/works/{doi}` envelope. */
const crossrefWork = (message: Record<string, unknown>) => ({status: 'ok', 'message-type': 'work', 'message-version': '1.0.0', message})

const works: Record<string, Record<string, unknown>> = {
  '10.5555/live': {
    DOI: '10.5555/live',
    type: 'journal-article',
    title: ['Nanometre-scale thermometry in a living cell'],
    'container-title': ['Nature'],
    publisher: 'Springer Science and Business Media LLC',
    issued: {'date-parts': [[2013, 7, 31]]}
  },
  // The Wakefield pattern: a correction (2004) listed before the retraction (2010), and a `RETRACTED:` title.
  '10.5555/retracted': {
    DOI: '10.5555/retracted',
    type: 'journal-article',
    title: ['RETRACTED: Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive developmental disorder in children'],
    'container-title': ['The Lancet'],
    issued: {'date-parts': [[1998, 2]]},
    'updated-by': [
      {DOI: '10.5555/erratum', type: 'correction', label: 'Correction', source: 'publisher', updated: {'date-parts': [[2004, 3, 6]]}},
      {
        DOI: '10.5555/retraction',
        type: 'retraction',
        label: 'Retraction',
        source: 'retraction-watch',
        'record-id': '4036',
        updated: {'date-parts': [[2010, 2, 6]], 'date-time': '2010-02-06T00:00:00Z'}
      }
    ]
  },
  // As Springer deposits physics titles: with TeX.
  '10.5555/tex': {
    DOI: '10.5555/tex',
    type: 'journal-article',
    title: ['Observation of $$ {\\Lambda}_b^0 $$ decays to $$ J/\\psi $$ pK'],
    issued: {'date-parts': [[2015, 8, 12]]}
  },
  // A preprint whose journal version was retracted: only the journal version carries the notice.
  '10.5555/preprint': {
    DOI: '10.5555/preprint',
    type: 'posted-content',
    subtype: 'preprint',
    title: ['Ileal-lymphoid-nodular hyperplasia in children'],
    relation: {'is-preprint-of': [{id: '10.5555/retracted', 'id-type': 'doi', 'asserted-by': 'subject'}]}
  },
  // Two records that each name the other as their published version.
  '10.5555/loop-a': {DOI: '10.5555/loop-a', type: 'posted-content', title: ['Wind in Europe'], relation: {'is-preprint-of': [{id: '10.5555/loop-b', 'id-type': 'doi'}]}},
  '10.5555/loop-b': {DOI: '10.5555/loop-b', type: 'posted-content', title: ['Wind in Europe'], relation: {'is-preprint-of': [{id: '10.5555/loop-a', 'id-type': 'doi'}]}},
  '10.5555/concern': {
    DOI: '10.5555/concern',
    type: 'journal-article',
    title: ['Hydroxychloroquine and azithromycin as a treatment of COVID-19'],
    issued: {'date-parts': [[2020, 3, 20]]},
    'updated-by': [
      {DOI: '10.5555/concern-notice', type: 'expression_of_concern', label: 'Expression of Concern', source: 'publisher', updated: {'date-parts': [[2021, 5, 1]]}}
    ]
  }
}

/** Registration agencies as doi.org's `/ra/{doi}` names them; a DOI not listed "does not exist". */
const agencies: Record<string, string> = {
  '10.5555/live': 'Crossref',
  '10.5555/retracted': 'Crossref',
  '10.5555/concern': 'Crossref',
  '10.5555/tex': 'Crossref',
  '10.5555/preprint': 'Crossref',
  '10.5555/loop-a': 'Crossref',
  '10.5555/loop-b': 'Crossref',
  '10.5061/dryad.8515': 'DataCite',
  // Open repositories, where anyone can deposit and receive a DOI.
  '10.5281/zenodo.1234': 'DataCite',
  '10.6084/m9.figshare.5678': 'DataCite',
  '10.17605/osf.io/abcde': 'DataCite',
  // arXiv registers a DOI for each paper with DataCite.
  '10.48550/arxiv.2101.00001': 'DataCite',
  '10.48550/arxiv.2101.00003': 'DataCite',
  '10.3280/ecag2018-001005': 'mEDRA',
  '10.5555/flaky': 'Crossref'
}

/** Crossref works asked for once already: `10.5555/flaky` answers 503 the first time, then as the retracted paper. */
const flaky = new Set<string>()

/** DataCite records of deposits in open repositories: title, publisher, and the type its uploader chose. */
const deposits: Record<string, [string, string, string]> = {
  '10.5281/zenodo.1234': ['Survey responses, 2020', 'Zenodo', 'Dataset'],
  '10.6084/m9.figshare.5678': ['A cure for everything', 'figshare', 'JournalArticle'],
  '10.17605/osf.io/abcde': ['Lab notes', 'OSF', 'Text']
}

const attentionFeed = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom">
  <link href="http://arxiv.org/api/query?search_query%3D%26id_list%3D1706.03762%26start%3D0%26max_results%3D10" rel="self" type="application/atom+xml"/>
  <title type="html">ArXiv Query: search_query=&amp;id_list=1706.03762&amp;start=0&amp;max_results=10</title>
  <id>http://arxiv.org/api/cHxbiOdZaP56ODnBPIenZhzg5f8</id>
  <updated>2024-01-01T00:00:00-05:00</updated>
  <opensearch:totalResults>1</opensearch:totalResults>
  <opensearch:startIndex>0</opensearch:startIndex>
  <opensearch:itemsPerPage>10</opensearch:itemsPerPage>
  <entry>
    <id>http://arxiv.org/abs/1706.03762v7</id>
    <updated>2023-08-02T00:41:18Z</updated>
    <published>2017-06-12T17:57:34Z</published>
    <title>Attention Is All You
  Need</title>
    <summary>  The dominant sequence transduction models are based on complex recurrent or convolutional neural networks.</summary>
    <author><name>Ashish Vaswani</name></author>
    <arxiv:comment xmlns:arxiv="http://arxiv.org/schemas/atom">15 pages, 5 figures</arxiv:comment>
    <link href="http://arxiv.org/abs/1706.03762v7" rel="alternate" type="text/html"/>
    <link title="pdf" href="http://arxiv.org/pdf/1706.03762v7" rel="related" type="application/pdf"/>
    <arxiv:primary_category xmlns:arxiv="http://arxiv.org/schemas/atom" term="cs.CL" scheme="http://arxiv.org/schemas/atom"/>
    <category term="cs.CL" scheme="http://arxiv.org/schemas/atom"/>
  </entry>
</feed>
`

/** A preprint whose journal version (arXiv's `arxiv:doi`) was retracted since: the preprint itself is unmarked. */
const publishedFeed = attentionFeed
  .replaceAll('1706.03762', '1801.00001')
  .replace('<title>Attention Is All You\n  Need</title>', '<title>Ileal-lymphoid-nodular hyperplasia</title><arxiv:doi>10.5555/retracted</arxiv:doi>')

/** A paper its authors withdrew: only arXiv's comment says so, not DataCite's record of its DOI. */
const withdrawnFeed = attentionFeed
  .replaceAll('1706.03762', '2101.00001')
  .replace('15 pages, 5 figures', 'This paper has been withdrawn by the author due to an error in Lemma 3')

/** The same paper's first version, before its withdrawal: an ordinary comment. */
const beforeWithdrawalFeed = attentionFeed.replaceAll('1706.03762v7', '2101.00001v1').replaceAll('1706.03762', '2101.00001')

/** That preprint's first version, from before its journal version was known. */
const unpublishedFeed = attentionFeed.replaceAll('1706.03762v7', '1801.00001v1').replaceAll('1706.03762', '1801.00001')

/** A paper that gives arXiv's own DOI as its journal version's. */
const selfFeed = attentionFeed
  .replaceAll('1706.03762', '2101.00002')
  .replace('<title>Attention Is All You\n  Need</title>', '<title>A paper</title><arxiv:doi>10.48550/arXiv.2101.00002</arxiv:doi>')

/** A title with its authors' TeX, as arXiv keeps it. */
const texFeed = attentionFeed
  .replaceAll('1706.03762', '2101.00004')
  .replace('<title>Attention Is All You\n  Need</title>', '<title>Nonlinear Schr\\"odinger equations on compact manifolds</title>')

const emptyFeed = attentionFeed.replace(/<entry>[\s\S]*<\/entry>/, '').replace('<opensearch:totalResults>1', '<opensearch:totalResults>0')

beforeAll(async () => {
  publisher = await startWeb({
    '/article/live': (_, response) => {
      // A publisher's bot wall: says nothing about the paper.
      response.writeHead(403, {'content-type': 'text/html', 'cf-mitigated': 'challenge'})
      response.end('<title>Just a moment...</title>')
    },
    '/article/slow': html('A paper whose registry is slow')
  })
  doi = await startWeb({
    '*': (request, response) => {
      const url = record(request)
      const path = decodeURIComponent(url.pathname)
      if (path.startsWith('/ra/')) {
        const name = path.slice(4)
        if (name === '10.5555/slow') return // never answers
        if (name === '10.5555/busy') return json(response, 503, {message: 'busy'})
        const ra = agencies[name]
        return json(response, 200, [ra === undefined ? {DOI: name, status: 'DOI does not exist'} : {DOI: name, RA: ra}])
      }
      const name = path.slice(1)
      if (name === '10.5555/slow' || name === '10.5555/busy') {
        if (/html/.test(request.headers.accept ?? '')) {
          response.writeHead(302, {location: `${publisher.origin('publisher.test')}/article/slow`})
          return response.end()
        }
        if (name === '10.5555/busy') return json(response, 503, {message: 'busy'})
        return // content negotiation never answers
      }
      if (/csl\+json/.test(request.headers.accept ?? '')) {
        if (name === '10.3280/ecag2018-001005') {
          return json(response, 200, {DOI: '10.3280/ECAG2018-001005', type: 'article-journal', title: 'Il valore economico delle aree protette', issued: {'date-parts': [[2018]]}}, 'application/vnd.citationstyles.csl+json')
        }
      }
      if (agencies[name] === undefined) {
        response.writeHead(404, {'content-type': 'text/html'})
        return response.end('<title>Error: DOI Not Found</title>')
      }
      response.writeHead(302, {location: `${publisher.origin('publisher.test')}/article/${name.split('/')[1]}`})
      response.end()
    }
  })
  crossref = await startWeb({
    '*': (request, response) => {
      const name = decodeURIComponent(record(request).pathname.replace(/^\/works\//, ''))
      if (name === '10.5555/flaky' && !flaky.has(name)) {
        flaky.add(name)
        return json(response, 503, {message: 'busy'})
      }
      const work = name === '10.5555/flaky' ? {...works['10.5555/retracted'], DOI: name} : works[name]
      if (work === undefined) {
        response.writeHead(404, {'content-type': 'text/plain'})
        return response.end('Resource not found.')
      }
      json(response, 200, crossrefWork(work))
    }
  })
  datacite = await startWeb({
    '*': (request, response) => {
      const name = decodeURIComponent(record(request).pathname.replace(/^\/dois\//, ''))
      // 2101.00003: a paper the arXiv API does not show (yet).
      if (name === '10.48550/arxiv.2101.00001' || name === '10.48550/arxiv.2101.00003') {
        const attributes = {doi: name, titles: [{title: 'Attention Is All You Need'}], publisher: 'arXiv', publicationYear: 2021, types: {resourceTypeGeneral: 'Preprint'}, state: 'findable'}
        return json(response, 200, {data: {id: name, type: 'dois', attributes}})
      }
      const deposit = deposits[name]
      if (deposit !== undefined) {
        const [title, publisher, resourceTypeGeneral] = deposit
        const attributes = {doi: name, titles: [{title}], publisher, publicationYear: 2020, types: {resourceTypeGeneral}, state: 'findable'}
        return json(response, 200, {data: {id: name, type: 'dois', attributes}})
      }
      if (name !== '10.5061/dryad.8515') return json(response, 404, {errors: [{status: '404', title: 'The resource you are looking for doesn’t exist.'}]})
      json(response, 200, {
        data: {
          id: '10.5061/dryad.8515',
          type: 'dois',
          attributes: {
            doi: '10.5061/dryad.8515',
            titles: [{title: 'Data from: A new malaria agent in African hominids'}],
            publisher: 'Dryad',
            publicationYear: 2011,
            types: {resourceTypeGeneral: 'Dataset'},
            state: 'findable'
          }
        }
      })
    }
  })
  arxiv = await startWeb({
    '/api/query': (request, response) => {
      const id = record(request).searchParams.get('id_list')
      response.writeHead(200, {'content-type': 'application/atom+xml; charset=utf-8'})
      response.end(id === '1706.03762' || id === '1706.03762v5' ? attentionFeed : id === '1801.00001' ? publishedFeed : id === '1801.00001v1' ? unpublishedFeed : id === '2101.00001' ? withdrawnFeed : id === '2101.00001v1' ? beforeWithdrawalFeed : id === '2101.00002' ? selfFeed : id === '2101.00004' ? texFeed : emptyFeed)
    }
  })
  eutils = await startWeb({
    '/entrez/eutils/esummary.fcgi': (request, response) => {
      const query = record(request).searchParams
      const id = query.get('id') ?? ''
      const summary = (fields: Record<string, unknown>) => json(response, 200, {header: {type: 'esummary', version: '0.3'}, result: {uids: [id], [id]: {uid: id, ...fields}}})
      if (query.get('db') === 'pmc') {
        // One article PubMed knows (and lists as retracted), one with a DOI only (Crossref's retracted paper).
        if (id === '7092803') return summary({title: 'A study retracted since', articleids: [{idtype: 'pmid', value: '9500320'}, {idtype: 'pmcid', value: 'PMC7092803'}]})
        if (id === '1111111') return summary({title: 'Ileal-lymphoid-nodular hyperplasia', articleids: [{idtype: 'doi', value: '10.5555/retracted'}]})
        return summary({error: 'cannot get document summary'})
      }
      if (id === '9500320') {
        return summary({
          title: 'RETRACTED: A study retracted since.',
          pubtype: ['Journal Article', 'Retracted Publication'],
          references: [{refsource: 'Lancet. 2010 Feb 6;375(9713):445', reftype: 'Retraction in', pmid: 20137807}]
        })
      }
      // An article in German, as PubMed titles it: in English, in brackets, with its own title beside.
      if (id === '33333333') return summary({title: '[Treatment of pneumonia in children].', vernaculartitle: 'Behandlung der Pneumonie bei Kindern.', pubtype: ['Journal Article']})
      if (id === '31978945') {
        return json(response, 200, {
          header: {type: 'esummary', version: '0.3'},
          result: {
            uids: [id],
            [id]: {
              uid: id,
              title: 'A Novel Coronavirus from Patients with Pneumonia in China, 2019.',
              source: 'N Engl J Med',
              fulljournalname: 'The New England journal of medicine',
              pubdate: '2020 Feb',
              pubtype: ['Journal Article'],
              articleids: [{idtype: 'pubmed', value: id}]
            }
          }
        })
      }
      // A PMID that does not exist still answers 200, with an `error` key.
      json(response, 200, {header: {type: 'esummary', version: '0.3'}, result: {uids: [id], [id]: {uid: id, error: 'cannot get document summary'}}})
    }
  })
  wayback = await startWeb({
    '/wayback/available': (request, response) => {
      const url = record(request).searchParams.get('url') ?? ''
      // Busy the first time it is asked for this page.
      if (url.endsWith('/gone-later') && waybackBusy++ === 0) return json(response, 503, {message: 'busy'})
      if (!url.endsWith('/gone') && !url.endsWith('/gone-later')) return json(response, 200, {url, archived_snapshots: {}})
      json(response, 200, {
        url,
        archived_snapshots: {closest: {status: '200', available: true, url: `http://web.archive.org/web/20190304120000/${url}`, timestamp: '20190304120000'}}
      })
    }
  })
  // Answers nothing, ever: a registry that times out.
  slow = await startWeb({'*': (request) => void record(request)})
})

afterAll(async () => {
  await closeSharedVerifiers()
  await Promise.all([doi, crossref, datacite, arxiv, eutils, wayback, publisher, slow].map((web) => web.close()))
})

function options(extra: Partial<Options> = {}): Options {
  return {
    allowPrivateAddresses: ['127.0.0.1/32'],
    resolve: testResolve,
    timeout: 500,
    retries: 0,
    registries: {
      doiBase: doi.origin('doi.test'),
      crossrefBase: crossref.origin('api.crossref.test'),
      dataciteBase: datacite.origin('api.datacite.test'),
      arxivBase: `${arxiv.origin('export.arxiv.test')}/api`,
      eutilsBase: `${eutils.origin('eutils.test')}/entrez/eutils`,
      waybackBase: wayback.origin('archive.test'),
      mailto: 'you@example.org'
    },
    ...extra
  }
}

/** The credibility rule is off: a preprint's or a dataset's score is beside the point here. */
const credibilityOff: Pluggable[] = [[citationCredibility, false]]

const check = (markdown: string, extra: Partial<Options> = {}) => lint(markdown, options(extra), 'doc.md', credibilityOff)

describe('DOIs', () => {
  it('a live DOI with a matching title is silent, though its publisher’s page is a bot wall', async () => {
    const {messages, file} = await check('Cells can be measured ([the paper](https://doi.org/10.5555/live "Nanometre-scale thermometry in a living cell")).\n')
    expect(messages).toEqual([])
    const report = file.data.citationResults![0]!.report
    expect(report.work).toMatchObject({outcome: 'found', registry: 'crossref', metadata: {title: 'Nanometre-scale thermometry in a living cell', type: 'journal-article'}})
    // The landing page is still read for the other rules, through the configured doi.org.
    expect(report.page?.botWall).toBe('cloudflare')
    // The registries are asked as they ask to be: with a contact in the User-Agent.
    const ra = seen.find((request) => request.url === '/ra/10.5555/live')!
    expect(ra.userAgent).toMatch(/\(\+https:\/\/\S+; mailto:you@example\.org\)$/)
    expect(seen.find((request) => request.url === '/works/10.5555/live')?.accept).toBe('application/json')
  })

  it('a mismatched title is compared with the registered title, not the landing page', async () => {
    const {messages} = await check('See [the paper](https://doi.org/10.5555/live "Quantum thermometry in cold atoms").\n')
    expect(messages).toEqual([
      '1:17-1:45: Unexpected cited title “Quantum thermometry in cold atoms” for `https://doi.org/10.5555/live`, expected the registered title “Nanometre-scale thermometry in a living cell” (`Crossref`) [citation-title-match]'
    ])
  })

  it('link text that is the paper’s identifier, or names its first author and others, is no title', async () => {
    const {messages} = await check(
      [
        '* Nature 500, 54 (2013). [DOI: 10.5555/live](https://doi.org/10.5555/live)',
        '* [DOI 10.5555/live](https://doi.org/10.5555/live)',
        '* [PMID 31978945](https://pubmed.ncbi.nlm.nih.gov/31978945/)',
        '* [ArXiv:1706.03762](https://arxiv.org/abs/1706.03762)',
        '* [Kucsko et al., Nature 500, 54 (2013)](https://doi.org/10.5555/live)',
        '* [Vaswani et al. (NeurIPS 2017)](https://arxiv.org/abs/1706.03762)',
        ''
      ].join('\n')
    )
    expect(messages).toEqual([])
  })

  // Since link text starting with a first author and others was not judged, an invented title after the authors passed.
  it('a title after a first author and others is compared; a venue there is not', async () => {
    const {messages} = await check(
      [
        '* [Kucsko et al., Nanometre-scale thermometry in a living cell](https://doi.org/10.5555/live)',
        '* [Kucsko et al.: Nature](https://doi.org/10.5555/live)',
        '* [Kucsko et al., Quantum sensing of heat in bacteria](https://doi.org/10.5555/live)',
        ''
      ].join('\n')
    )
    expect(messages).toEqual([
      '3:56-3:84: Unexpected cited title “Kucsko et al., Quantum sensing of heat in bacteria” for `https://doi.org/10.5555/live`, expected the registered title “Nanometre-scale thermometry in a living cell” (`Crossref`) [citation-title-match]'
    ])
  })

  // Since identifiers were no titles, a label naming another paper than its link passed silently.
  it('link text that is another paper’s identifier than its link’s is reported', async () => {
    const {messages} = await check(
      ['* [DOI: 10.5555/tex](https://doi.org/10.5555/live)', '* [PMID 31978946](https://pubmed.ncbi.nlm.nih.gov/31978945/)', ''].join('\n')
    )
    expect(messages).toEqual([
      '1:22-1:50: Unexpected cited title “DOI: 10.5555/tex” for `https://doi.org/10.5555/live`, expected the identifier of the cited work (`https://doi.org/10.5555/live`) [citation-title-match]',
      '2:19-2:60: Unexpected cited title “PMID 31978946” for `https://pubmed.ncbi.nlm.nih.gov/31978945/`, expected the identifier of the cited work (`https://pubmed.ncbi.nlm.nih.gov/31978945/`) [citation-title-match]'
    ])
  })

  it('a title deposited with TeX is compared as rendered, and shown so', async () => {
    const {messages} = await check(
      [
        '* [the paper](https://doi.org/10.5555/tex "Observation of Λb0 decays to J/ψ pK")',
        '* [the paper](https://doi.org/10.5555/tex "Search for dark photons at low mass")',
        ''
      ].join('\n')
    )
    expect(messages).toEqual([
      '2:15-2:42: Unexpected cited title “Search for dark photons at low mass” for `https://doi.org/10.5555/tex`, expected the registered title “Observation of Λb0 decays to J/ψ pK” (`Crossref`) [citation-title-match]'
    ])
  })

  it('an invented DOI is removed, whatever the landing page says', async () => {
    const {messages} = await check('As shown in [Smith 2023](https://doi.org/10.5555/invented).\n')
    expect(messages).toEqual([
      '1:26-1:58: Unexpected unknown DOI `https://doi.org/10.5555/invented`, expected a registered work (`DOI 10.5555/invented is not registered`) [citation-alive, error]'
    ])
  })

  it('a retracted paper with an earlier correction is an error naming the retraction, its DOI and date', async () => {
    const markdown =
      'Vaccines were once linked to autism ([Wakefield 1998](https://doi.org/10.5555/retracted "Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive developmental disorder in children")).\n'
    const {messages} = await check(markdown)
    expect(messages).toEqual([
      '1:55-1:88: Unexpected retracted paper `https://doi.org/10.5555/retracted`, expected a paper in good standing (`retraction 10.5555/retraction of 2010-02-06`) [citation-retracted, error]'
    ])
  })

  it('with citation-retracted off, a retracted paper is judged like any other: its title is compared', async () => {
    const markdown = 'See [the paper](https://doi.org/10.5555/retracted "Measles vaccination and bowel disease in adults").\n'
    const retractedOff: Pluggable[] = [...credibilityOff, [citationRetracted, false]]
    const {messages} = await lint(markdown, options(), 'doc.md', retractedOff)
    expect(messages).toEqual([
      expect.stringMatching(/^1:17-1:\d+: Unexpected cited title “Measles vaccination and bowel disease in adults” for `https:\/\/doi\.org\/10\.5555\/retracted`, expected the registered title “Ileal-lymphoid-nodular hyperplasia.*\[citation-title-match\]$/)
    ])
    // On, its one error is enough.
    expect((await check(markdown)).messages).toEqual([expect.stringContaining('[citation-retracted, error]')])
  })

  it('a preprint whose published version (Crossref’s `is-preprint-of`) was retracted is an error naming that version; records naming each other end', async () => {
    const {messages} = await check('See <https://doi.org/10.5555/preprint> and <https://doi.org/10.5555/loop-a>.\n')
    expect(messages).toEqual([
      '1:6-1:38: Unexpected retracted paper `https://doi.org/10.5555/preprint`, expected a paper in good standing (`retraction 10.5555/retraction of 2010-02-06, of the journal version 10.5555/retracted`) [citation-retracted, error]'
    ])
  })

  it('an expression of concern is a warning; author-year link text is not taken for a title', async () => {
    const {messages} = await check('It was tried early on ([Gautret et al. 2020](https://doi.org/10.5555/concern)).\n')
    expect(messages).toEqual([
      '1:46-1:77: Unexpected paper under an expression of concern `https://doi.org/10.5555/concern`, expected a paper in good standing (`expression of concern 10.5555/concern-notice of 2021-05-01`) [citation-retracted]'
    ])
  })

  it('a DataCite DOI and an mEDRA DOI (content negotiation) are found with their titles', async () => {
    const {messages, file} = await check(
      [
        'Data: [the dataset](https://doi.org/10.5061/dryad.8515 "A new malaria agent in African hominids").',
        'Italian: [the article](https://doi.org/10.3280/ecag2018-001005 "Il valore economico delle aree protette").',
        ''
      ].join('\n')
    )
    expect(messages).toEqual([])
    const [dataset, article] = file.data.citationResults!.map((result) => result.report.work)
    expect(dataset).toMatchObject({outcome: 'found', registry: 'datacite', metadata: {type: 'dataset'}})
    expect(article).toMatchObject({outcome: 'found', registry: 'csl', metadata: {title: 'Il valore economico delle aree protette'}})
    expect(seen.find((request) => request.url === '/10.3280/ecag2018-001005' && /csl\+json/.test(request.accept))).toBeDefined()
  })

  it('a dead publisher URL of a registered DOI is removed, with the DOI’s link as the fix', async () => {
    const url = `${publisher.origin('publisher.test')}/doi/10.5555/live`
    const {messages, file} = await check(`Read [it](${url}).\n`)
    expect(messages).toEqual([
      `1:11-1:${11 + url.length}: Unexpected dead citation \`${url}\`, expected a live source (\`404 Not Found\`): the DOI is registered, cite \`https://doi.org/10.5555/live\` [citation-alive, error]`
    ])
    expect(file.messages[0]!.expected).toEqual(['https://doi.org/10.5555/live'])
  })

  it('a publisher URL with a slash, a view or a supplement’s file after the DOI names that DOI, not an unknown one', async () => {
    const origin = publisher.origin('publisher.test')
    const urls = [`${origin}/doi/10.5555/live/`, `${origin}/doi/suppl/10.5555/live/suppl_file/si_001.pdf`, `${origin}/insight/content/doi/10.5555/live/full/html`]
    const {messages} = await check(urls.map((url) => `* <${url}>`).join('\n') + '\n')
    // Both pages are gone from the test publisher: dead, with the registered DOI as the fix.
    expect(messages).toEqual(
      urls.map(
        (url, index) =>
          `${index + 1}:4-${index + 1}:${4 + url.length}: Unexpected dead citation \`${url}\`, expected a live source (\`404 Not Found\`): the DOI is registered, cite \`https://doi.org/10.5555/live\` [citation-alive, error]`
      )
    )
  })

  it('a registry that times out leaves the DOI unverified, never removed', async () => {
    const markdown = 'Slow ([paper](https://doi.org/10.5555/slow "Some other title entirely")).\n'
    const {messages, file} = await check(markdown, {registries: {...options().registries, crossrefBase: slow.origin('api.crossref.test')}})
    // The landing page decides liveness (alive), and its own title is compared.
    expect(messages).toEqual([
      '1:15-1:43: Unexpected cited title “Some other title entirely” for `https://doi.org/10.5555/slow`, expected the page title “A paper whose registry is slow” (`title`) [citation-title-match]'
    ])
    expect(file.data.citationResults![0]!.report.work).toMatchObject({outcome: 'unverified', reason: 'doi.org: no answer within 0.5 s'})
  })

  it('a registered DOI whose metadata service times out is found, without metadata', async () => {
    const {messages, file} = await check('Fine ([paper](https://doi.org/10.5555/live)).\n', {
      registries: {...options().registries, crossrefBase: slow.origin('api.crossref.test')}
    })
    expect(messages).toEqual([])
    expect(file.data.citationResults![0]!.report.work).toMatchObject({outcome: 'found', registry: 'doi.org', reason: 'Crossref: no answer within 0.5 s; doi.org: 403 Forbidden'})
  })
})

describe('arXiv and PubMed', () => {
  it('an arXiv title copied with its `[id]` prefix matches the registered title', async () => {
    const {messages, file} = await check('Transformers ([the paper](https://arxiv.org/abs/1706.03762 "[1706.03762] Attention Is All You Need")).\n')
    expect(messages).toEqual([])
    expect(file.data.citationResults![0]!.report.work).toMatchObject({outcome: 'found', registry: 'arxiv', metadata: {title: 'Attention Is All You Need', type: 'preprint'}})
  })

  it('a title with TeX is compared as rendered, and shown so', async () => {
    const {messages} = await check(
      [
        '* [the paper](https://arxiv.org/abs/2101.00004 "Nonlinear Schrödinger equations on compact manifolds")',
        '* [the paper](https://arxiv.org/abs/2101.00004 "Nonlinear Schr\\"odinger equations on compact manifolds")',
        '* [the paper](https://arxiv.org/abs/2101.00004 "Linear wave equations on the torus")',
        ''
      ].join('\n')
    )
    expect(messages).toEqual([
      '3:15-3:47: Unexpected cited title “Linear wave equations on the torus” for `https://arxiv.org/abs/2101.00004`, expected the registered title “Nonlinear Schrödinger equations on compact manifolds” (`arXiv`) [citation-title-match]'
    ])
  })

  it('a preprint whose journal version was retracted is an error naming that version', async () => {
    const {messages, file} = await check('See <https://arxiv.org/abs/1801.00001>.\n')
    expect(messages).toEqual([
      '1:6-1:38: Unexpected retracted paper `https://arxiv.org/abs/1801.00001`, expected a paper in good standing (`retraction 10.5555/retraction of 2010-02-06, of the journal version 10.5555/retracted`) [citation-retracted, error]'
    ])
    expect(file.data.citationResults![0]!.report.work).toMatchObject({registry: 'arxiv', metadata: {title: 'Ileal-lymphoid-nodular hyperplasia', doi: '10.5555/retracted'}})
  })

  it('a paper cited both as a preprint and by its journal DOI is looked up once by that DOI', async () => {
    const asked = () => seen.filter((request) => request.url === '/ra/10.5555/retracted').length
    const before = asked()
    // A setting of its own: a verifier of its own, which has looked up nothing yet.
    const {messages} = await check('See <https://arxiv.org/abs/1801.00001> and <https://doi.org/10.5555/retracted>.\n', {timeout: 501})
    expect(messages).toHaveLength(2)
    expect(asked() - before).toBe(1)
  })

  it('a paper cited by its arXiv DOI is the arXiv paper: its withdrawal is an error, read in one lookup with its arXiv link', async () => {
    const asked = () => seen.filter((request) => request.url.includes('id_list=2101.00001')).length
    const before = asked()
    const {messages, file} = await check('See <https://arxiv.org/abs/2101.00001> and <https://doi.org/10.48550/arXiv.2101.00001>.\n', {timeout: 502})
    const withdrawn = 'expected a paper in good standing (`withdrawal, arXiv: This paper has been withdrawn by the author due to an error in Lemma 3`) [citation-retracted, error]'
    expect(messages).toEqual([
      `1:6-1:38: Unexpected withdrawn paper \`https://arxiv.org/abs/2101.00001\`, ${withdrawn}`,
      `1:45-1:86: Unexpected withdrawn paper \`https://doi.org/10.48550/arXiv.2101.00001\`, ${withdrawn}`
    ])
    expect(asked() - before).toBe(1)
    expect(file.data.citationResults![1]!.report.work).toMatchObject({identifier: {kind: 'doi'}, outcome: 'found', registry: 'arxiv'})
  })

  it('an earlier version of a withdrawn paper is withdrawn too; a version past the latest is unknown', async () => {
    const {messages} = await check('See <https://arxiv.org/pdf/2101.00001v1.pdf> and <https://arxiv.org/abs/2101.00001v9>.\n')
    expect(messages).toEqual([
      '1:51-1:85: Unexpected unknown arXiv id `https://arxiv.org/abs/2101.00001v9`, expected a registered work (`arXiv has no paper 2101.00001v9`) [citation-alive, error]',
      '1:6-1:44: Unexpected withdrawn paper `https://arxiv.org/pdf/2101.00001v1.pdf`, expected a paper in good standing (`withdrawal, arXiv: This paper has been withdrawn by the author due to an error in Lemma 3`) [citation-retracted, error]'
    ])
  })

  it('a page of a registered paper that its site answers as gone is dead, with the record’s page as the fix; the record’s page is the registry’s word', async () => {
    // arXiv's site, played by the test publisher, which knows none of these pages (404).
    const resolve: Options['resolve'] = async (hostname) => (hostname === 'arxiv.org' ? [{address: '127.0.0.1', family: 4}] : testResolve(hostname))
    const site = `http://arxiv.org:${publisher.port}`
    // An HTML version arXiv never made (it has them only for papers since December 2023), and the abstract page.
    const {messages, file} = await check(`See <${site}/html/1706.03762v5> and <${site}/abs/1706.03762>.\n`, {resolve})
    const url = `${site}/html/1706.03762v5`
    expect(messages).toEqual([
      `1:6-1:${6 + url.length}: Unexpected dead citation \`${url}\`, expected a live source (\`404 Not Found\`): the arXiv id is registered, cite \`https://arxiv.org/abs/1706.03762v5\` [citation-alive, error]`
    ])
    expect(file.messages[0]!.expected).toEqual(['https://arxiv.org/abs/1706.03762v5'])
  })

  it('an earlier version of a preprint whose journal version was retracted is reported; unread, that version’s registry is asked again', async () => {
    const markdown = 'See <https://arxiv.org/abs/1801.00001v1>.\n'
    expect((await check(markdown)).messages).toEqual([
      '1:6-1:40: Unexpected retracted paper `https://arxiv.org/abs/1801.00001v1`, expected a paper in good standing (`retraction 10.5555/retraction of 2010-02-06, of the journal version 10.5555/retracted`) [citation-retracted, error]'
    ])
    const {messages, file} = await check(markdown, {registries: {...options().registries, crossrefBase: slow.origin('api.crossref.test')}})
    expect(messages).toEqual([])
    expect(file.data.citationResults![0]!.report.work).toMatchObject({outcome: 'found', reason: expect.stringMatching(/^journal version 10\.5555\/retracted: /)})
  })

  it('an arXiv DOI is looked up with DataCite when the arXiv API does not answer', async () => {
    const {messages, file} = await check('See <https://doi.org/10.48550/arXiv.2101.00001>.\n', {registries: {...options().registries, arxivBase: slow.origin('export.arxiv.test')}})
    expect(messages).toEqual([])
    expect(file.data.citationResults![0]!.report.work).toMatchObject({outcome: 'found', registry: 'datacite', metadata: {type: 'preprint'}})
  })

  it('an arXiv DOI that DataCite registered is found, though the arXiv API says it has no such paper', async () => {
    const {messages, file} = await check('See <https://doi.org/10.48550/arXiv.2101.00003>.\n')
    expect(messages).toEqual([])
    expect(file.data.citationResults![0]!.report.work).toMatchObject({outcome: 'found', registry: 'datacite', metadata: {type: 'preprint'}})
  })

  it('an arXiv DOI with a version is no DOI arXiv registers: unknown, as doi.org says, though arXiv has that version', async () => {
    const {messages} = await check('See <https://doi.org/10.48550/arXiv.1706.03762v5>.\n')
    expect(messages).toEqual([
      '1:6-1:49: Unexpected unknown DOI `https://doi.org/10.48550/arXiv.1706.03762v5`, expected a registered work (`DOI 10.48550/arXiv.1706.03762v5 is not registered`) [citation-alive, error]'
    ])
  })

  it('a paper that gives its own arXiv DOI as its journal version’s is found', async () => {
    const {file} = await check('See <https://arxiv.org/abs/2101.00002>.\n')
    expect(file.data.citationResults![0]!.report.work).toMatchObject({outcome: 'found', registry: 'arxiv', metadata: {title: 'A paper'}})
  })

  it('an arXiv id the API does not know is removed', async () => {
    const {messages} = await check('See <https://arxiv.org/abs/2101.99999>.\n')
    expect(messages).toEqual([
      '1:6-1:38: Unexpected unknown arXiv id `https://arxiv.org/abs/2101.99999`, expected a registered work (`arXiv has no paper 2101.99999`) [citation-alive, error]'
    ])
  })

  it('an article in another language cited by its own title matches the title PubMed gives in English', async () => {
    const {messages} = await check(
      [
        '* [Behandlung der Pneumonie bei Kindern](https://pubmed.ncbi.nlm.nih.gov/33333333/)',
        '* [Treatment of pneumonia in children](https://pubmed.ncbi.nlm.nih.gov/33333333/)',
        ''
      ].join('\n')
    )
    expect(messages).toEqual([])
  })

  it('a missing PMID answered with 200 and an error key is removed; a known one is found', async () => {
    const {messages, file} = await check(
      'Known: <https://pubmed.ncbi.nlm.nih.gov/31978945/>. Invented: <https://pubmed.ncbi.nlm.nih.gov/99999999/>.\n'
    )
    expect(messages).toEqual([
      '1:64-1:105: Unexpected unknown PubMed id `https://pubmed.ncbi.nlm.nih.gov/99999999/`, expected a registered work (`PubMed has no record 99999999`) [citation-alive, error]'
    ])
    expect(file.data.citationResults![0]!.report.work).toMatchObject({outcome: 'found', metadata: {title: 'A Novel Coronavirus from Patients with Pneumonia in China, 2019'}})
    expect(seen.find((request) => request.url.includes('id=99999999'))?.url).toMatch(/tool=remark-lint-citations&email=you%40example\.org/)
  })

  it('a PMC article is checked through PubMed’s record of it, or its DOI, for retractions; an invented PMC id is removed', async () => {
    const {messages} = await check(
      [
        'One: <https://pmc.ncbi.nlm.nih.gov/articles/PMC7092803/>.',
        'Two: <https://www.ncbi.nlm.nih.gov/pmc/articles/PMC1111111/>.',
        'Three: <https://europepmc.org/article/PMC/PMC99999999>.',
        ''
      ].join('\n')
    )
    expect(messages).toEqual([
      '3:9-3:54: Unexpected unknown PMC id `https://europepmc.org/article/PMC/PMC99999999`, expected a registered work (`PMC has no article PMC99999999`) [citation-alive, error]',
      '1:7-1:56: Unexpected retracted paper `https://pmc.ncbi.nlm.nih.gov/articles/PMC7092803/`, expected a paper in good standing (`retraction PMID 20137807 of 2010-02-06`) [citation-retracted, error]',
      '2:7-2:60: Unexpected retracted paper `https://www.ncbi.nlm.nih.gov/pmc/articles/PMC1111111/`, expected a paper in good standing (`retraction 10.5555/retraction of 2010-02-06`) [citation-retracted, error]'
    ])
    // PMC first, then the record it names: PubMed's for the first, the DOI's registry for the second.
    const asked = seen
      .filter((request) => request.url.includes('esummary'))
      .map((request) => {
        const query = new URL(request.url, 'http://x').searchParams
        return `${query.get('db')} ${query.get('id')}`
      })
    expect(asked).toEqual(expect.arrayContaining(['pmc 7092803', 'pubmed 9500320', 'pmc 1111111', 'pmc 99999999']))
  })
})

describe('credibility of papers', () => {
  it('names what its registry describes: the journal or publisher, not doi.org or PubMed’s host', async () => {
    const markdown = ['<https://doi.org/10.5555/live>', '<https://arxiv.org/abs/1706.03762>', '<https://pubmed.ncbi.nlm.nih.gov/31978945/>', ''].join('\n\n')
    const {messages} = await lint(markdown, options(), 'doc.md', [[citationCredibility, ['warn', {threshold: 1}]]])
    expect(messages.filter((message) => message.endsWith('[citation-credibility]'))).toEqual([
      '1:2-1:30: Unexpected low-credibility source `Nature` (0.95, peer-reviewed publisher), expected a source scoring at least 1: registered as `journal-article` [citation-credibility]',
      '3:2-3:34: Unexpected low-credibility source `arXiv` (0.70, preprint server or repository), expected a source scoring at least 1: registered as `preprint` [citation-credibility]',
      '5:2-5:43: Unexpected low-credibility source `The New England journal of medicine` (0.95, peer-reviewed publisher), expected a source scoring at least 1: registered as `journal-article` [citation-credibility]'
    ])
  })
})

describe('credibility of deposits', () => {
  it('a DOI of an open repository is not peer-reviewed, whatever type its uploader chose; a curated repository’s dataset passes', async () => {
    const markdown = [
      '<https://doi.org/10.5281/zenodo.1234>',
      '<https://doi.org/10.6084/m9.figshare.5678>',
      '<https://doi.org/10.17605/osf.io/abcde>',
      '<https://doi.org/10.5061/dryad.8515>',
      ''
    ].join('\n\n')
    const {messages} = await lint(markdown, options())
    expect(messages.filter((message) => message.endsWith('[citation-credibility]'))).toEqual([
      '1:2-1:37: Unexpected low-credibility source `Zenodo` (0.70, preprint server or repository), expected a source scoring at least 0.8: deposited in Zenodo, where anyone can upload: a DOI proves registration, not review [citation-credibility]',
      '3:2-3:42: Unexpected low-credibility source `figshare` (0.70, preprint server or repository), expected a source scoring at least 0.8: deposited in Figshare, where anyone can upload: a DOI proves registration, not review [citation-credibility]',
      '5:2-5:39: Unexpected low-credibility source `OSF` (0.70, preprint server or repository), expected a source scoring at least 0.8: deposited in OSF, where anyone can upload: a DOI proves registration, not review [citation-credibility]'
    ])
  })

  it('a curated repository’s dataset is a dataset, not a peer-reviewed paper', async () => {
    const {messages} = await lint('<https://doi.org/10.5061/dryad.8515>\n', options(), 'doc.md', [[citationCredibility, ['warn', {threshold: 0.9}]]])
    expect(messages.filter((message) => message.endsWith('[citation-credibility]'))).toEqual([
      '1:2-1:36: Unexpected low-credibility source `Dryad` (0.85, dataset), expected a source scoring at least 0.9: registered as `dataset` [citation-credibility]'
    ])
  })
})

describe('archived copies', () => {
  it('a dead link gets the snapshot nearest its access date, in the message and as the fix', async () => {
    const url = `${publisher.origin('site.test')}/gone`
    const {messages, file} = await check(`The study (accessed 4 March 2019) is at [the site](${url}).\n`, {archive: true})
    const snapshot = `https://web.archive.org/web/20190304120000/${url}`
    expect(messages).toEqual([
      `1:52-1:${52 + url.length}: Unexpected dead citation \`${url}\`, expected a live source (\`404 Not Found\`): archived copy of 2019-03-04 at \`${snapshot}\` [citation-alive, error]`
    ])
    expect(file.messages[0]!.expected).toEqual([snapshot])
    expect(seen.find((request) => request.url.startsWith('/wayback/available') && request.url.includes('%2Fgone&'))?.url).toContain('timestamp=20190304000000')
  })

  it('a dead link without a snapshot says so; `accessDate` is the date when the text gives none', async () => {
    const url = `${publisher.origin('site.test')}/gone-too`
    const {messages} = await check(`Gone: [the site](${url}).\n`, {archive: {accessDate: '2020-01-02'}})
    expect(messages).toEqual([
      `1:18-1:${18 + url.length}: Unexpected dead citation \`${url}\`, expected a live source (\`404 Not Found\`), and the Wayback Machine has no copy [citation-alive, error]`
    ])
    expect(seen.find((request) => request.url.includes('gone-too'))?.url).toContain('timestamp=20200102000000')
  })

  it('one the archive could not look up is looked up again by a later check of a long-lived process (remark --watch, an editor server)', async () => {
    const url = `${publisher.origin('site.test')}/gone-later`
    const markdown = `Gone: [the site](${url}).\n`
    // unified-engine gives each run's file set to every plugin: a new one is a new check of the same process.
    const checkIn = (run: object) => lint(markdown, options({archive: true}), 'doc.md', [...credibilityOff, [configure, {}, run]])
    const dead = `1:18-1:${18 + url.length}: Unexpected dead citation \`${url}\`, expected a live source (\`404 Not Found\`)`
    expect((await checkIn({})).messages).toEqual([`${dead} [citation-alive, error]`])
    // Past the 10 s an answer the cache never keeps is kept for: a new process would ask again, and so does this one.
    const now = Date.now
    vi.spyOn(Date, 'now').mockImplementation(() => now() + 11_000)
    try {
      expect((await checkIn({})).messages).toEqual([`${dead}: archived copy of 2019-03-04 at \`https://web.archive.org/web/20190304120000/${url}\` [citation-alive, error]`])
    } finally {
      vi.restoreAllMocks()
    }
  })

  it('is off by default: the archive is not asked', async () => {
    const url = `${publisher.origin('site.test')}/gone-quiet`
    const {messages} = await check(`Gone: [the site](${url}).\n`)
    expect(messages).toEqual([`1:18-1:${18 + url.length}: Unexpected dead citation \`${url}\`, expected a live source (\`404 Not Found\`) [citation-alive, error]`])
    expect(seen.some((request) => request.url.includes('gone-quiet'))).toBe(false)
  })
})

describe('the cache', () => {
  it('keeps a registry’s answer with the page’s report: the next run asks no registry', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'registries-cache-'))
    try {
      const markdown = 'See [the paper](https://doi.org/10.5555/concern) and [this one](https://doi.org/10.5555/busy).\n'
      const asked = (name: string) => seen.filter((request) => request.url === `/ra/${name}`).length
      const first = await check(markdown, {cache: folder})
      const before = {concern: asked('10.5555/concern'), busy: asked('10.5555/busy')}
      await closeSharedVerifiers()
      const second = await check(markdown, {cache: folder})
      expect(second.messages).toEqual(first.messages)
      // The found paper came from the cache; the unverified one (doi.org answered 503) is asked again.
      expect(asked('10.5555/concern')).toBe(before.concern)
      expect(asked('10.5555/busy')).toBeGreaterThan(before.busy)
      expect(second.file.data.citationResults![1]!.report.work).toMatchObject({outcome: 'unverified', reason: 'doi.org: 503 Service Unavailable'})
      expect(second.file.data.citationResults![0]!.report.work).toMatchObject({outcome: 'found', registry: 'crossref'})
    } finally {
      await closeSharedVerifiers()
      rmSync(folder, {recursive: true, force: true})
    }
  })
})

describe('a registry that did not answer this time', () => {
  it('is asked again on the next run, not kept for a day: a retraction its answer would have shown is reported then', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'registries-cache-'))
    try {
      const markdown = 'See <https://doi.org/10.5555/flaky>.\n'
      // doi.org knows the DOI, Crossref answers 503: registered, but its notices unread.
      const first = await check(markdown, {cache: folder})
      expect(first.messages).toEqual([])
      expect(first.file.data.citationResults![0]!.report.work).toMatchObject({outcome: 'found', registry: 'doi.org', reason: expect.stringContaining('Crossref: 503 Service Unavailable')})
      await closeSharedVerifiers()
      const second = await check(markdown, {cache: folder})
      expect(second.messages).toEqual([expect.stringContaining('Unexpected retracted paper `https://doi.org/10.5555/flaky`')])
    } finally {
      await closeSharedVerifiers()
      rmSync(folder, {recursive: true, force: true})
    }
  })

  it('a preprint whose journal version could not be looked up says so, and is not kept', async () => {
    const {messages, file} = await check('See <https://arxiv.org/abs/1801.00001>.\n', {registries: {...options().registries, crossrefBase: slow.origin('api.crossref.test')}})
    expect(messages).toEqual([])
    expect(file.data.citationResults![0]!.report.work).toMatchObject({
      outcome: 'found',
      registry: 'arxiv',
      reason: expect.stringMatching(/^journal version 10\.5555\/retracted: Crossref: no answer within 0\.5 s/)
    })
  })
})

describe('options', () => {
  it('an invalid registry base or archive option is one fatal message naming it', async () => {
    const bad = await lint('[x](https://doi.org/10.5555/live)\n', {...options(), registries: {doiBase: 'ftp://doi.test'}})
    expect(bad.messages).toEqual([
      '1:1: Unexpected `registries.doiBase` `ftp://doi.test`, expected an http(s) URL without credentials, query or fragment [configure, error]'
    ])
    const archive = await lint('[x](https://doi.org/10.5555/live)\n', {...options(), archive: {accessDate: 'March 2019'}})
    expect(archive.messages).toEqual([
      "1:1: Unexpected `archive.accessDate` `March 2019`, expected a date such as `'2021-03-04'` [configure, error]"
    ])
  })
})

describe('accessDate', () => {
  it.each([
    ['Smith, J. (2019). Heat pumps. Accessed 2019-03-04.', '2019-03-04'],
    ['Retrieved: March 4, 2019, from the agency', '2019-03-04'],
    ['(last accessed on 4th March 2019)', '2019-03-04'],
    ['viewed Sept. 2018', '2018-09-01'],
    ['retrieved 2019/3/4', '2019-03-04'],
    ['accessed 2019-02-30 (no such day)', undefined],
    ['published 2019-03-04', undefined]
  ])('%s → %s', (text, expected) => {
    expect(accessDate(text)?.toISOString().slice(0, 10)).toBe(expected)
  })
})
