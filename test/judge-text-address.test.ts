// citation-title-match on link text that is an address (`[nature.com](…)`): which text is one, and when its site is
// another than the link's.

import {describe, expect, it} from 'vitest'
import {textAddress} from '../src/extract/text-address.js'
import {judgeTextAddress} from '../src/judge/text-address.js'
import {defaultRedirectResolvers} from '../src/options.js'
import type {SourceReport} from '../src/types.js'
import {citation, source} from './helpers/source.js'

describe('textAddress', () => {
  it('an http(s) URL, or a host name under a public suffix, alone', () => {
    expect(textAddress('nature.com')).toEqual({text: 'nature.com', url: 'https://nature.com'})
    expect(textAddress(' www.nature.com/articles/x ')).toEqual({text: 'www.nature.com/articles/x', url: 'https://www.nature.com/articles/x'})
    expect(textAddress('https://www.nature.com/articles/s41586-020-2649-2')?.url).toBe('https://www.nature.com/articles/s41586-020-2649-2')
    expect(textAddress('bücher.de')?.url).toBe('https://bücher.de')
    expect(textAddress('bbc.co.uk')?.url).toBe('https://bbc.co.uk')
    expect(textAddress('repubblica.it')?.url).toBe('https://repubblica.it')
    expect(textAddress('india.gov.in')?.url).toBe('https://india.gov.in')
    expect(textAddress('www.semver.inc')?.url).toBe('https://www.semver.inc')
    // A name reserved for tests is a site with `www.` only.
    expect(textAddress('www.nature.test')?.url).toBe('https://www.nature.test')
  })

  it('not a sentence holding a domain, an email address, a file name, a library, a handle', () => {
    for (const text of ['see the nature.com paper', 'info@nature.com', 'https://user@nature.com/', 'README.md', 'setup.py',
      'main.rs', 'Makefile.in', 'Node.js', 'semver.inc', 'user.id', 'person.name', 'nature.test', '@dave', 'ftp://nature.com/x', 'Nature', undefined]) {
      expect(textAddress(text), String(text)).toBeUndefined()
    }
  })

  it('a product named with its suffix in capitals, and a name written as code, are no site', () => {
    for (const text of ['ASP.NET', 'VB.NET', 'Paint.NET', 'Socket.IO']) expect(textAddress(text), text).toBeUndefined()
    expect(textAddress('Nature.com')?.url).toBe('https://Nature.com')
    expect(textAddress('np.ma', true)).toBeUndefined()
    expect(textAddress('www.nature.com', true)?.url).toBe('https://www.nature.com')
    expect(textAddress('https://nature.com/x', true)?.url).toBe('https://nature.com/x')
  })
})

describe('judgeTextAddress', () => {
  const judge = (text: string, url: string, report: SourceReport = source(url)) =>
    judgeTextAddress(citation(url, {textAddress: textAddress(text)}), report, defaultRedirectResolvers)?.message
  /** A report of `url` redirected to `end`. */
  const redirected = (url: string, end: string): SourceReport =>
    source(url, {}, {finalUrl: end, hops: [{url, status: 302, location: end}, {url: end, status: 200}]})

  it('text naming another site than the page the link opens is a mismatch', () => {
    expect(judge('nature.com', 'https://pubmed.ncbi.nlm.nih.gov/32939066/')).toBe(
      'Unexpected link text `nature.com` on a citation of `https://pubmed.ncbi.nlm.nih.gov/32939066/`, expected the text to name the page it links'
    )
    expect(judge('https://www.nature.com/articles/s41586-020-2649-2', 'https://example-blog.com/copy')).toBe(
      'Unexpected link text `https://www.nature.com/articles/s41586-020-2649-2` on a citation of `https://example-blog.com/copy`, expected the text to name the page it links'
    )
  })

  it('a site of one\'s own under a shared suffix is not another owner\'s', () => {
    expect(judge('johndoe.github.io', 'https://janedoe.github.io/post/')).toBe(
      'Unexpected link text `johndoe.github.io` on a citation of `https://janedoe.github.io/post/`, expected the text to name the page it links'
    )
    expect(judge('johndoe.github.io', 'https://johndoe.github.io/post/')).toBeUndefined()
    expect(judge('s3.amazonaws.com/bucket/x', 'https://bucket.s3.amazonaws.com/x')).toBeUndefined()
  })

  it('the same site, however the address is written, is fine', () => {
    expect(judge('nature.com', 'https://www.nature.com/articles/x')).toBeUndefined()
    expect(judge('WWW.Nature.com/', 'http://nature.com')).toBeUndefined()
    expect(judge('https://twitter.com/acme/status/1', 'https://x.com/acme/status/1')).toBeUndefined()
  })

  it('a redirect is judged by where it ends: a DOI landing on the text\'s site is fine, on another it is named', () => {
    const doi = 'https://doi.org/10.1038/s41586-020-2649-2'
    expect(judge('nature.com', doi, redirected(doi, 'https://www.nature.com/articles/s41586-020-2649-2'))).toBeUndefined()
    expect(judge('nature.com', doi, redirected(doi, 'https://link.springer.com/article/x'))).toBe(
      'Unexpected link text `nature.com` on a citation of `https://doi.org/10.1038/s41586-020-2649-2` (it leads to `https://link.springer.com/article/x`), expected the text to name the page it links'
    )
    expect(judge('nature.com', 'https://bit.ly/3abc', redirected('https://bit.ly/3abc', 'https://www.nature.com/x'))).toBeUndefined()
  })

  it('a snapshot of the text\'s page, text on a resolver or a shortener, a name the link\'s path or fragment spells are fine', () => {
    expect(judge('nature.com/articles/x', 'https://web.archive.org/web/2023/https://www.nature.com/articles/x')).toBeUndefined()
    expect(judge('doi.org/10.1038/x', 'https://www.nature.com/articles/x')).toBeUndefined()
    expect(judge('bit.ly/3abc', 'https://www.nature.com/articles/x')).toBeUndefined()
    expect(judge('socket.io', 'https://github.com/socketio/socket.io')).toBeUndefined()
    expect(judge('Array.at', 'https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/Array/at')).toBeUndefined()
    expect(judge('req.app', 'https://expressjs.com/en/4x/api.html#req.app')).toBeUndefined()
  })

  it('a paper\'s address names its work: another paper than the link\'s is reported, wherever the resolver leads', () => {
    const url = 'https://doi.org/10.1038/nature14539'
    expect(judge('https://doi.org/10.1038/nature12373', url, source(url, {}, {liveness: 'unverified', status: undefined, hops: []}))).toBe(
      'Unexpected link text `https://doi.org/10.1038/nature12373` on a citation of `https://doi.org/10.1038/nature14539`, expected the identifier of the cited work (`https://doi.org/10.1038/nature14539`)'
    )
    expect(judge('arxiv.org/abs/1706.03762', 'https://arxiv.org/abs/1810.04805')).toMatch(/expected the identifier of the cited work \(`https:\/\/arxiv.org\/abs\/1810.04805`\)$/)
    expect(judge('https://doi.org/10.1038/NATURE14539', url)).toBeUndefined()
    expect(judge('arxiv.org/abs/1706.03762v2', 'https://arxiv.org/pdf/1706.03762')).toBeUndefined()
  })

  it('judged only once the end is known: not unverified (offline, cache only), nor a redirect not followed', () => {
    const url = 'https://pubmed.ncbi.nlm.nih.gov/32939066/'
    expect(judge('nature.com', url, source(url, {}, {liveness: 'unverified', status: undefined, hops: [], page: undefined}))).toBeUndefined()
    const tooMany = source(url, {}, {liveness: 'too-many-redirects', status: 302, hops: [{url, status: 302, location: `${url}?a`}]})
    expect(judge('nature.com', url, tooMany)).toBeUndefined()
    // A publisher's bot wall (403) still says where the link ends.
    expect(judge('nature.com', url, source(url, {}, {liveness: 'blocked', status: 403, hops: [{url, status: 403}]}))).toMatch(/^Unexpected link text/)
  })
})
