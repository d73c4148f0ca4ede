// Reading the arXiv API's Atom feed and PubMed's and PMC's esummary JSON, shaped as their documentation shows them.

import {describe, expect, it} from 'vitest'
import {parseArxivAtom} from '../src/resolve/arxiv.js'
import {isFound, worstNotice, type Parsed, type WorkMetadata} from '../src/resolve/metadata.js'
import {parsePmcSummary, parsePubmedSummary} from '../src/resolve/pubmed.js'
import {plainTex} from '../src/resolve/tex.js'

function feed(entries: string, total = 1): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <link href="http://arxiv.org/api/query?search_query%3D%26id_list%3D2509.21361v2%26start%3D0%26max_results%3D10" rel="self" type="application/atom+xml"/>
  <title type="html">ArXiv Query: search_query=&amp;id_list=2509.21361v2&amp;start=0&amp;max_results=10</title>
  <id>http://arxiv.org/api/Xk2bWq8mFh0c9n4Y7uC1pLzA3sE</id>
  <updated>2025-10-01T00:00:00-04:00</updated>
  <opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">${total}</opensearch:totalResults>
  <opensearch:startIndex xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">0</opensearch:startIndex>
  <opensearch:itemsPerPage xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">10</opensearch:itemsPerPage>
${entries}
</feed>`
}

function entry(id: string, title: string, extra = ''): string {
  return `  <entry>
    <id>http://arxiv.org/abs/${id}</id>
    <updated>2025-09-28T12:00:00Z</updated>
    <published>2025-09-25T17:59:58Z</published>
    <title>${title}</title>
    <summary>  We study things.
</summary>
    <author>
      <name>Ada Lovelace</name>
    </author>
    <link href="http://arxiv.org/abs/${id}" rel="alternate" type="text/html"/>
    <link title="pdf" href="http://arxiv.org/pdf/${id}" rel="related" type="application/pdf"/>
    <arxiv:primary_category xmlns:arxiv="http://arxiv.org/schemas/atom" term="cs.CL" scheme="http://arxiv.org/schemas/atom"/>
    <category term="cs.CL" scheme="http://arxiv.org/schemas/atom"/>${extra}
  </entry>`
}

describe('parseArxivAtom', () => {
  it('collapses the line breaks and double spaces in a title and keeps the version', () => {
    const xml = feed(entry('2509.21361v2', 'Scaling Laws for Citation Verification in\n  Long-Form &amp; Agentic Research Reports'))
    expect(parseArxivAtom(xml, '2509.21361v2')).toEqual({
      identifier: {kind: 'arxiv', id: '2509.21361', version: 2},
      title: 'Scaling Laws for Citation Verification in Long-Form & Agentic Research Reports',
      type: 'preprint',
      publisher: 'arXiv',
      issued: '2025-09-25',
      registry: 'arxiv',
      notices: []
    })
  })

  it('reads a title with TeX as rendered, and keeps it as written for a title copied with its TeX', () => {
    const parsed = parseArxivAtom(feed(entry('2101.00004v1', 'Nonlinear Schr\\"odinger equations and $\\alpha$-decay of $^{229}$Th')))
    expect(parsed).toMatchObject({
      title: 'Nonlinear Schrödinger equations and α-decay of 229Th',
      titles: ['Nonlinear Schr\\"odinger equations and $\\alpha$-decay of $^{229}$Th']
    })
  })

  it('reads an old-style id and the journal DOI of the published version', () => {
    const xml = feed(
      entry(
        'hep-th/9901001v3',
        'Large N Field Theories, String Theory and Gravity',
        '\n    <arxiv:doi xmlns:arxiv="http://arxiv.org/schemas/atom">10.1016/S0370-1573(99)00083-6</arxiv:doi>\n    <arxiv:journal_ref xmlns:arxiv="http://arxiv.org/schemas/atom">Phys.Rept.323:183-386,2000</arxiv:journal_ref>'
      )
    )
    expect(parseArxivAtom(xml, 'hep-th/9901001')).toMatchObject({
      identifier: {kind: 'arxiv', id: 'hep-th/9901001', version: 3},
      title: 'Large N Field Theories, String Theory and Gravity',
      doi: '10.1016/s0370-1573(99)00083-6'
    })
  })

  it('picks the entry of the paper asked about from a batch', () => {
    const xml = feed(entry('1706.03762v7', 'Attention Is All You Need') + '\n' + entry('2509.21361v1', 'Another paper'), 2)
    expect(parseArxivAtom(xml, '2509.21361')).toMatchObject({title: 'Another paper', identifier: {id: '2509.21361', version: 1}})
  })

  it('reads a feed without entries as a missing paper', () => {
    expect(parseArxivAtom(feed('', 0), '2509.99999')).toEqual({outcome: 'missing', reason: 'arXiv has no paper with this id'})
  })

  it('reads the `Error` entry for a malformed id as a missing paper', () => {
    const error = `  <entry>
    <id>http://arxiv.org/api/errors#incorrect_id_format_for_2509.9</id>
    <title>Error</title>
    <summary>incorrect id format for 2509.9</summary>
    <updated>2025-10-01T00:00:00-04:00</updated>
    <link href="http://arxiv.org/api/errors#incorrect_id_format_for_2509.9" rel="alternate" type="text/html"/>
    <author>
      <name>arXiv api core</name>
    </author>
  </entry>`
    expect(parseArxivAtom(feed(error), '2509.9')).toEqual({outcome: 'missing', reason: 'arXiv: incorrect id format for 2509.9'})
  })

  it('reads a withdrawal posted as a new version’s comment', () => {
    const xml = feed(
      entry('2101.00001v2', 'A result that did not hold', '\n    <arxiv:comment xmlns:arxiv="http://arxiv.org/schemas/atom">This paper has been withdrawn by the author due to an error in Lemma 3</arxiv:comment>')
    )
    expect(parseArxivAtom(xml)).toMatchObject({
      notices: [{kind: 'withdrawal', source: 'arxiv', label: 'This paper has been withdrawn by the author due to an error in Lemma 3'}]
    })
  })

  it.each([
    ['Withdrawn: a sign error in the main proof', true],
    ['This submission has been withdrawn by arXiv administrators because it is a duplicate', true],
    ['The authors withdraw this paper: Lemma 2 is false', true],
    ['Paper withdrawn due to an error', true],
    ['v3: fixed typos; the claim in Section 4 of v1 has been withdrawn and replaced by Theorem 5', false],
    ['Conjecture 2 was withdrawn in favour of Theorem 3', false]
  ])('reads the comment %j as a withdrawal of the paper: %s', (comment, withdrawn) => {
    const xml = feed(entry('2101.00001v3', 'A result', `\n    <arxiv:comment xmlns:arxiv="http://arxiv.org/schemas/atom">${comment}</arxiv:comment>`))
    expect(parseArxivAtom(xml)).toMatchObject({notices: withdrawn ? [{kind: 'withdrawal', source: 'arxiv', label: comment}] : []})
  })

  it('does not read an ordinary comment as a withdrawal', () => {
    const xml = feed(entry('1706.03762v7', 'Attention Is All You Need', '\n    <arxiv:comment xmlns:arxiv="http://arxiv.org/schemas/atom">15 pages, 5 figures</arxiv:comment>'))
    expect(parseArxivAtom(xml)).toMatchObject({notices: []})
  })

  it.each([
    ['a rate-limit text', 'Rate exceeded.'],
    ['an HTML page', '<html><body><h1>503 Service Unavailable</h1></body></html>']
  ])('cannot read %s', (_, body) => {
    expect(parseArxivAtom(body)).toEqual({outcome: 'unparseable', reason: 'not an Atom feed'})
  })
})

function notices(parsed: Parsed<WorkMetadata>) {
  if (!isFound(parsed)) throw new Error(`expected a work, got ${parsed.outcome}: ${parsed.reason}`)
  return parsed.notices
}

function summary(records: Record<string, unknown>): string {
  return JSON.stringify({header: {type: 'esummary', version: '0.3'}, result: {uids: Object.keys(records), ...records}})
}

const nejm = {
  uid: '31978945',
  pubdate: '2020 Feb 20',
  epubdate: '2020 Jan 24',
  source: 'N Engl J Med',
  authors: [{name: 'Zhu N', authtype: 'Author', clusterid: ''}],
  title: 'A Novel Coronavirus from Patients with Pneumonia in China, 2019.',
  volume: '382',
  issue: '8',
  pages: '727-733',
  pubtype: ['Journal Article'],
  articleids: [
    {idtype: 'pubmed', idtypen: 1, value: '31978945'},
    {idtype: 'doi', idtypen: 3, value: '10.1056/NEJMoa2001017'},
    {idtype: 'pmc', idtypen: 8, value: 'PMC7092803'}
  ],
  references: [],
  fulljournalname: 'The New England journal of medicine',
  doctype: 'citation',
  sortpubdate: '2020/02/20 00:00'
}

describe('plainTex', () => {
  it.each([
    ['accents, braced or not', 'Schr\\"odinger, Schr\\"{o}dinger, Schr{\\"o}dinger, Poincar\\\'e duality', 'Schrödinger, Schrödinger, Schrödinger, Poincaré duality'],
    ['letter commands', 'Erd\\H{o}s, \\v{C}ech, \\c c, \\L ojasiewicz, Stra\\ss e', 'Erdős, Čech, ç, Łojasiewicz, Straße'],
    ['Greek, symbols and scripts in math', '$\\Lambda$CDM, $B^0_s\\to\\mu^+\\mu^-$, $^{229}$Th, $\\mathcal{N}=4$', 'ΛCDM, B0s→μ+μ-, 229Th, N=4'],
    ['an operator keeps its space; escaped signs stay', '$O(n \\log n)$ for \\$100 \\& more', 'O(n log n) for $100 & more'],
    ['unknown commands keep their names', '\\LaTeX\\ for physicists', 'LaTeX for physicists'],
    ['display math as Crossref has it from Springer', 'Decays of $$ {\\Lambda}_b^0 $$ baryons', 'Decays of Λb0 baryons'],
    ['dollar amounts are no math', 'From $5 to $10 a day: \\"Uber', 'From $5 to $10 a day: Über']
  ])('%s', (_, tex, plain) => {
    expect(plainTex(tex)).toBe(plain)
  })

  it('leaves a title without TeX alone', () => {
    expect(plainTex('Attention Is All You Need')).toBeUndefined()
  })
})

describe('parsePubmedSummary', () => {
  it('reads a record’s title without its final period, the journal, date and DOI', () => {
    expect(parsePubmedSummary(summary({31978945: nejm}), '31978945')).toEqual({
      identifier: {kind: 'pmid', pmid: '31978945'},
      title: 'A Novel Coronavirus from Patients with Pneumonia in China, 2019',
      type: 'journal-article',
      container: 'The New England journal of medicine',
      issued: '2020-02-20',
      registry: 'pubmed',
      notices: [],
      doi: '10.1056/nejmoa2001017'
    })
  })

  it('reads a missing PMID answered with 200 and an error key as missing', () => {
    const body = summary({999999999: {uid: '999999999', error: 'cannot get document summary'}})
    expect(parsePubmedSummary(body, '999999999')).toEqual({outcome: 'missing', reason: 'PubMed: cannot get document summary'})
  })

  it('reads a top-level error as missing, but a rate-limit error as unverified', () => {
    expect(parsePubmedSummary('{"error":"Invalid uid 0 at position=0"}', '0')).toMatchObject({outcome: 'missing'})
    expect(parsePubmedSummary('{"error":"API rate limit exceeded","api-key":"203.0.113.7","count":"4","limit":"3"}', '1')).toMatchObject({
      outcome: 'unparseable'
    })
  })

  it('reads an empty id list answer as missing', () => {
    expect(parsePubmedSummary('{"esummaryresult":["Empty id list - nothing todo"]}', '')).toEqual({
      outcome: 'missing',
      reason: 'PubMed: Empty id list - nothing todo'
    })
  })

  it('reads a uid absent from the result as missing', () => {
    expect(parsePubmedSummary(summary({31978945: nejm}), '12345')).toEqual({outcome: 'missing', reason: 'PubMed has no record 12345'})
  })

  it('reads the Retracted Publication type and the linked retraction notice; the dated notice wins', () => {
    // Shaped like PubMed's record of the Wakefield paper; the linked notices' PMIDs are illustrative.
    const wakefield = {
      uid: '9500320',
      pubdate: '1998 Feb 28',
      source: 'Lancet',
      title: 'RETRACTED: Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive developmental disorder in children.',
      pubtype: ['Journal Article', 'Retracted Publication'],
      articleids: [
        {idtype: 'pubmed', idtypen: 1, value: '9500320'},
        {idtype: 'doi', idtypen: 3, value: '10.1016/s0140-6736(97)11096-0'}
      ],
      references: [
        {refsource: 'Lancet. 2004 Mar 6;363(9411):750', reftype: 'Partial retraction in', pmid: 15016483, note: ''},
        {refsource: 'Lancet. 2010 Feb 6;375(9713):445. doi: 10.1016/S0140-6736(10)60175-4.', reftype: 'Retraction in', pmid: 20137807, note: ''},
        {refsource: 'Lancet. 1998 Mar 21;351(9106):905', reftype: 'Comment in', pmid: 9525374, note: ''}
      ],
      fulljournalname: 'Lancet (London, England)',
      doctype: 'citation',
      sortpubdate: '1998/02/28 00:00'
    }
    const parsed = parsePubmedSummary(summary({9500320: wakefield}), '9500320')
    expect(parsed).toMatchObject({
      title: 'Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive developmental disorder in children',
      notices: [
        {kind: 'retraction', source: 'pubmed', label: 'Retracted Publication'},
        {kind: 'partial-retraction', pmid: '15016483', date: '2004-03-06'},
        {kind: 'retraction', pmid: '20137807', date: '2010-02-06', doi: '10.1016/s0140-6736(10)60175-4'}
      ]
    })
    expect(worstNotice(notices(parsed))).toEqual({
      kind: 'retraction',
      doi: '10.1016/s0140-6736(10)60175-4',
      pmid: '20137807',
      date: '2010-02-06',
      source: 'pubmed',
      label: 'Retraction in'
    })
  })

  it('reads a linked expression of concern and an erratum', () => {
    const record = {
      ...nejm,
      references: [
        {refsource: 'N Engl J Med. 2020 Jun 4;382(23):2265. doi: 10.1056/NEJMe2020822.', reftype: 'Expression of concern in', pmid: 32470100, note: ''},
        {refsource: 'N Engl J Med. 2020 Mar 5;382(10):978', reftype: 'Erratum in', pmid: '', note: ''}
      ]
    }
    const parsed = parsePubmedSummary(summary({31978945: record}))
    expect(worstNotice(notices(parsed))).toMatchObject({kind: 'expression-of-concern', date: '2020-06-04', doi: '10.1056/nejme2020822'})
  })

  it('does not read a retraction notice’s own title as a retraction of it', () => {
    const notice = {...nejm, title: 'Retraction: A study that was retracted.', pubtype: ['Retraction of Publication']}
    expect(parsePubmedSummary(summary({31978945: notice}))).toMatchObject({notices: []})
  })

  it('strips the brackets of a translated title and reads a book chapter', () => {
    const chapter = {...nejm, title: '[Treatment of pneumonia in children].', doctype: 'chapter', sortpubdate: '', pubdate: '2019 Winter'}
    expect(parsePubmedSummary(summary({31978945: chapter}))).toMatchObject({title: 'Treatment of pneumonia in children', type: 'chapter', issued: '2019'})
  })

  it('keeps the title in the article’s own language beside the translated one', () => {
    const german = {...nejm, title: '[Treatment of pneumonia in children].', vernaculartitle: 'Behandlung der Pneumonie bei Kindern.'}
    expect(parsePubmedSummary(summary({31978945: german}))).toMatchObject({title: 'Treatment of pneumonia in children', titles: ['Behandlung der Pneumonie bei Kindern']})
    // esummary gives every record the key, empty for an article in English.
    expect(parsePubmedSummary(summary({31978945: {...nejm, vernaculartitle: ''}}))).not.toHaveProperty('titles')
  })

  it('cannot read an HTML error page', () => {
    expect(parsePubmedSummary('<!DOCTYPE html><html><body>Bad Gateway</body></html>', '1')).toEqual({outcome: 'unparseable', reason: 'an HTML page, not JSON'})
  })
})

/** Shaped like PMC's summary of a Nucleic Acids Research article: `articleids` name the PubMed id `pmid`. */
const nar = {
  uid: '3531190',
  pubdate: '2013 Jan',
  epubdate: '2012 Nov 27',
  source: 'Nucleic Acids Res',
  title: 'GenBank',
  volume: '41',
  articleids: [
    {idtype: 'pmid', value: '23193287'},
    {idtype: 'doi', value: '10.1093/nar/gks1195'},
    {idtype: 'pmcid', value: 'PMC3531190'}
  ],
  fulljournalname: 'Nucleic Acids Research'
}

describe('parsePmcSummary', () => {
  it('reads the title, journal and date, and the PubMed id and DOI of the same article', () => {
    expect(parsePmcSummary(summary({3531190: nar}), '3531190')).toEqual({
      identifier: {kind: 'pmcid', pmcid: '3531190'},
      title: 'GenBank',
      type: 'journal-article',
      container: 'Nucleic Acids Research',
      issued: '2013-01',
      registry: 'pmc',
      notices: [],
      doi: '10.1093/nar/gks1195',
      pmid: '23193287'
    })
  })

  it('reads an article without a PubMed id (or with 0 for one) as having none', () => {
    const articleids = [{idtype: 'pmid', value: '0'}, {idtype: 'pmcid', value: 'PMC3531190'}]
    const parsed = parsePmcSummary(summary({3531190: {...nar, articleids}}), '3531190')
    expect(parsed).toMatchObject({identifier: {kind: 'pmcid', pmcid: '3531190'}, title: 'GenBank'})
    expect(parsed).not.toHaveProperty('pmid')
    expect(parsed).not.toHaveProperty('doi')
  })

  it('reads a PMC id answered with 200 and an error key as missing, and a rate-limit error as unverified', () => {
    const body = summary({99999999: {uid: '99999999', error: 'cannot get document summary'}})
    expect(parsePmcSummary(body, '99999999')).toEqual({outcome: 'missing', reason: 'PMC: cannot get document summary'})
    expect(parsePmcSummary(summary({3531190: nar}), '1')).toEqual({outcome: 'missing', reason: 'PMC has no record 1'})
    expect(parsePmcSummary('{"error":"API rate limit exceeded"}', '1')).toMatchObject({outcome: 'unparseable'})
  })
})
