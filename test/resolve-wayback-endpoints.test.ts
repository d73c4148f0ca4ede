// The Wayback availability answer, the severity order of notices, and the registry requests (URLs, encoding, contact).

import {describe, expect, it} from 'vitest'
import {
  arxivQueryUrl,
  crossrefWorkUrl,
  dataciteDoiUrl,
  defaultEndpoints,
  doiRaUrl,
  doiUrl,
  encodeDoi,
  endpointOptions,
  summaryUrl,
  registryHeaders,
  registryUserAgent,
  waybackAvailabilityUrl
} from '../src/resolve/endpoints.js'
import {worstNotice, type Notice} from '../src/resolve/metadata.js'
import {parseWaybackAvailability} from '../src/resolve/wayback.js'
import {OptionsError} from '../src/validate.js'

describe('parseWaybackAvailability', () => {
  it('reads the closest snapshot and links it over https', () => {
    const body = JSON.stringify({
      url: 'example.com',
      archived_snapshots: {
        closest: {status: '200', available: true, url: 'http://web.archive.org/web/20130919044612/http://example.com/', timestamp: '20130919044612'}
      }
    })
    expect(parseWaybackAvailability(body)).toEqual({
      url: 'https://web.archive.org/web/20130919044612/http://example.com/',
      timestamp: '20130919044612',
      date: '2013-09-19T04:46:12Z',
      status: 200
    })
  })

  it.each([
    ['an empty `archived_snapshots`', '{"url":"example.com/gone","archived_snapshots":{}}'],
    ['an empty object', '{}'],
    ['a snapshot marked unavailable', '{"archived_snapshots":{"closest":{"available":false,"url":"http://web.archive.org/web/2020/x","timestamp":"20200101000000","status":"200"}}}']
  ])('reads %s as no snapshot', (_, body) => {
    expect(parseWaybackAvailability(body)).toEqual({outcome: 'missing', reason: 'no archived copy'})
  })

  it('offers no capture of an error page', () => {
    const body = '{"archived_snapshots":{"closest":{"available":true,"url":"http://web.archive.org/web/20200101000000/http://example.com/gone","timestamp":"20200101000000","status":"404"}}}'
    expect(parseWaybackAvailability(body)).toEqual({outcome: 'missing', reason: 'the closest archived copy is a 404'})
  })

  it.each([
    ['a snapshot without timestamp', '{"archived_snapshots":{"closest":{"available":true,"url":"http://web.archive.org/web/x"}}}'],
    ['a snapshot with a javascript: URL', '{"archived_snapshots":{"closest":{"available":true,"url":"javascript:alert(1)","timestamp":"20200101000000"}}}'],
    ['another shape', '{"results":[]}'],
    ['an HTML error page', '<html><body>Service Unavailable</body></html>']
  ])('cannot read %s', (_, body) => {
    expect(parseWaybackAvailability(body)).toMatchObject({outcome: 'unparseable'})
  })
})

describe('worstNotice', () => {
  const correction: Notice = {kind: 'correction', doi: '10.5555/c', date: '2004-03-06'}
  const retraction: Notice = {kind: 'retraction', doi: '10.5555/r', date: '2010-02-06'}
  const concern: Notice = {kind: 'expression-of-concern', date: '2020-06-03'}
  const withdrawal: Notice = {kind: 'withdrawal', date: '2021-01-01'}

  it.each<[string, Notice[], Notice | undefined]>([
    ['nothing for no notices', [], undefined],
    ['a retraction over an earlier correction', [correction, retraction], retraction],
    ['a retraction over a withdrawal', [withdrawal, retraction], retraction],
    ['a withdrawal over an expression of concern', [concern, withdrawal], withdrawal],
    ['a partial retraction over an expression of concern', [concern, {kind: 'partial-retraction'}], {kind: 'partial-retraction'}],
    ['an expression of concern over a correction', [correction, concern], concern],
    ['the earlier of two retractions', [{kind: 'retraction', date: '2012-01-01'}, retraction], retraction],
    ['a dated retraction over a title prefix', [{kind: 'retraction', source: 'title'}, retraction], retraction]
  ])('picks %s', (_, notices, expected) => {
    expect(worstNotice(notices)).toEqual(expected)
  })
})

describe('endpoints', () => {
  it('builds the public registry URLs by default', () => {
    const doi = '10.1016/S0140-6736(20)30183-5'
    expect(doiUrl(defaultEndpoints, doi)).toBe('https://doi.org/10.1016/S0140-6736(20)30183-5')
    expect(doiRaUrl(defaultEndpoints, doi)).toBe('https://doi.org/ra/10.1016/S0140-6736(20)30183-5')
    expect(crossrefWorkUrl(defaultEndpoints, doi)).toBe('https://api.crossref.org/works/10.1016/S0140-6736(20)30183-5')
    expect(dataciteDoiUrl(defaultEndpoints, '10.5061/dryad.8515')).toBe('https://api.datacite.org/dois/10.5061/dryad.8515')
    expect(arxivQueryUrl(defaultEndpoints, {kind: 'arxiv', id: '2509.21361', version: 2})).toBe('https://export.arxiv.org/api/query?id_list=2509.21361v2')
    expect(arxivQueryUrl(defaultEndpoints, {kind: 'arxiv', id: 'hep-th/9901001'})).toBe('https://export.arxiv.org/api/query?id_list=hep-th%2F9901001')
    expect(summaryUrl(defaultEndpoints, 'pubmed', '9500320')).toBe(
      'https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esummary.fcgi?db=pubmed&id=9500320&retmode=json&tool=remark-lint-citations'
    )
    expect(waybackAvailabilityUrl(defaultEndpoints, 'https://example.com/a?b=c')).toBe('https://archive.org/wayback/available?url=https%3A%2F%2Fexample.com%2Fa%3Fb%3Dc')
  })

  it('asks Wayback for the copy nearest the access date', () => {
    expect(waybackAvailabilityUrl(defaultEndpoints, 'https://example.com/', new Date('2021-03-04T05:06:07Z'))).toBe(
      'https://archive.org/wayback/available?url=https%3A%2F%2Fexample.com%2F&timestamp=20210304050607'
    )
  })

  it.each([
    ['SICI characters', '10.1002/(SICI)1097-4636(199702)34:2<197::AID-JBM8>3.0.CO;2-K', '10.1002/(SICI)1097-4636(199702)34%3A2%3C197%3A%3AAID-JBM8%3E3.0.CO%3B2-K'],
    ['brackets and a hash', '10.1890/0012-9658(2006)87[2832:tiopma]2.0.co;2#x', '10.1890/0012-9658(2006)87%5B2832%3Atiopma%5D2.0.co%3B2%23x'],
    ['a question mark and a percent sign', '10.5555/a?b%c', '10.5555/a%3Fb%25c'],
    ['spaces', '10.5555/a b', '10.5555/a%20b']
  ])('encodes %s in a DOI path but keeps its slashes', (_, doi, encoded) => {
    expect(encodeDoi(doi)).toBe(encoded)
  })

  it('points every registry at the given bases (local test servers) and drops a trailing slash', () => {
    const local = endpointOptions({
      doiBase: 'http://127.0.0.1:4001/',
      crossrefBase: 'http://127.0.0.1:4002',
      dataciteBase: 'http://127.0.0.1:4003',
      arxivBase: 'http://127.0.0.1:4004/api',
      eutilsBase: 'http://127.0.0.1:4005/entrez/eutils',
      waybackBase: 'http://127.0.0.1:4006',
      mailto: 'mailto:lint@example.org'
    })
    expect(doiRaUrl(local, '10.5555/1')).toBe('http://127.0.0.1:4001/ra/10.5555/1')
    expect(crossrefWorkUrl(local, '10.5555/1')).toBe('http://127.0.0.1:4002/works/10.5555/1')
    expect(dataciteDoiUrl(local, '10.5555/1')).toBe('http://127.0.0.1:4003/dois/10.5555/1')
    expect(arxivQueryUrl(local, {kind: 'arxiv', id: '1706.03762'})).toBe('http://127.0.0.1:4004/api/query?id_list=1706.03762')
    expect(summaryUrl(local, 'pubmed', '1')).toBe(
      'http://127.0.0.1:4005/entrez/eutils/esummary.fcgi?db=pubmed&id=1&retmode=json&tool=remark-lint-citations&email=lint%40example.org'
    )
    expect(waybackAvailabilityUrl(local, 'https://example.com/')).toBe('http://127.0.0.1:4006/wayback/available?url=https%3A%2F%2Fexample.com%2F')
    expect(local.mailto).toBe('lint@example.org')
  })

  it('keeps the defaults for what is not given', () => {
    expect(endpointOptions(undefined)).toEqual(defaultEndpoints)
    expect(endpointOptions({crossrefBase: 'https://crossref.example'}).doiBase).toBe('https://doi.org')
  })

  it('puts the contact in the User-Agent comment, as Crossref asks', () => {
    expect(registryUserAgent('lint@example.org')).toMatch(/^remark-lint-citations\/\S+ \(\+https:\/\/\S+; mailto:lint@example\.org\)$/)
    expect(registryUserAgent(undefined)).not.toContain('mailto')
    expect(registryHeaders(endpointOptions({mailto: 'lint@example.org'}), 'application/vnd.citationstyles.csl+json')).toEqual({
      'user-agent': registryUserAgent('lint@example.org'),
      accept: 'application/vnd.citationstyles.csl+json'
    })
  })

  it.each([
    [{crossrefBase: 'ftp://crossref.example'}, 'Unexpected `crossrefBase` `ftp://crossref.example`, expected an http(s) URL without credentials, query or fragment'],
    [{doiBase: 'https://user:secret@doi.example'}, 'Unexpected `doiBase` `https://REDACTED@doi.example/`, expected an http(s) URL without credentials, query or fragment'],
    [{waybackBase: 'https://archive.example/?x=1'}, 'Unexpected `waybackBase` `https://archive.example/?x=1`, expected an http(s) URL without credentials, query or fragment'],
    [{arxivBase: 42}, 'Unexpected `arxivBase` `42`, expected an http(s) URL without credentials, query or fragment'],
    [{mailto: 'me@example.org\r\nX-Injected: 1'}, 'Unexpected `mailto` `me@example.org\r\nX-Injected: 1`, expected an email address such as `you@example.org`'],
    [{mailto: 'not an address'}, 'Unexpected `mailto` `not an address`, expected an email address such as `you@example.org`'],
    [{crossref: 'https://crossref.example'}, 'Unexpected option `crossref`, expected one of `doiBase`, `crossrefBase`, `dataciteBase`, `arxivBase`, `eutilsBase`, `waybackBase`, `mailto`']
  ])('refuses %j with a message naming the option', (given, message) => {
    expect(() => endpointOptions(given)).toThrow(new OptionsError(message))
  })
})
