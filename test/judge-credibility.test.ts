// citation-credibility: the built-in source table, suffix and path signals, the user's overrides, the threshold.

import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, relative} from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {
  DEFAULT_CREDIBILITY_THRESHOLD,
  judgeCredibility,
  parseCredibilityOptions,
  scoreCredibility,
  type SourceCategory
} from '../src/judge/credibility.js'
import {identify} from '../src/resolve/identifiers.js'
import type {WorkMetadata} from '../src/resolve/metadata.js'
import type {Work} from '../src/types.js'
import {OptionsError} from '../src/validate.js'
import {citation, source} from './helpers/source.js'

const defaults = parseCredibilityOptions(undefined)
const threshold = DEFAULT_CREDIBILITY_THRESHOLD

describe('scoreCredibility: categories', () => {
  const table: Array<[string, SourceCategory, number]> = [
    ['https://www.nature.com/articles/s41586-020-2649-2', 'peer-reviewed', 0.95],
    ['https://onlinelibrary.wiley.com/doi/10.1002/x', 'peer-reviewed', 0.95],
    ['https://dl.acm.org/doi/10.1145/3290605', 'peer-reviewed', 0.95],
    ['https://doi.org/10.1038/s41586-020-2649-2', 'peer-reviewed', 0.95],
    ['https://www.who.int/news-room/fact-sheets', 'government', 0.9],
    ['https://ec.europa.eu/eurostat', 'government', 0.9],
    ['https://www.oecd.org/en/data.html', 'government', 0.9],
    // Were unknown sources (0.6): official statistics and central banks outside a government suffix.
    ['https://www.insee.fr/en/statistiques/1234', 'government', 0.9],
    ['https://www.destatis.de/EN/Press/2024/01/x.html', 'government', 0.9],
    ['https://fred.stlouisfed.org/series/UNRATE', 'government', 0.9],
    ['https://statbel.fgov.be/en/news/x', 'government', 0.9],
    ['https://www.rfc-editor.org/rfc/rfc9110', 'standards', 0.9],
    ['https://datatracker.ietf.org/doc/html/rfc3986', 'standards', 0.9],
    ['https://www.w3.org/TR/WCAG22/', 'standards', 0.9],
    ['https://www.nist.gov/cryptography', 'standards', 0.9],
    ['https://www.ethz.ch/en/research.html', 'academic', 0.85],
    ['https://en.wikipedia.org/wiki/Citation', 'reference', 0.85],
    ['https://dictionary.cambridge.org/dictionary/english/cite', 'reference', 0.85],
    ['https://www.cambridge.org/core/journals/x', 'peer-reviewed', 0.95],
    ['https://www.reuters.com/world/', 'news', threshold],
    ['https://www.bbc.co.uk/news', 'news', threshold],
    // Were unknown sources (0.6), reported as low-credibility.
    ['https://techcrunch.com/2024/01/01/acme-raises/', 'news', threshold],
    ['https://www.cnbc.com/2024/01/01/acme.html', 'news', threshold],
    ['https://www.politifact.com/factchecks/2021/may/19/x/', 'news', threshold],
    ['https://fullfact.org/health/x/', 'news', threshold],
    ['https://arxiv.org/abs/2101.00001', 'preprint', 0.7],
    ['https://www.biorxiv.org/content/10.1101/2020.01.01.123456v1', 'preprint', 0.7],
    ['https://doi.org/10.48550/arXiv.2101.00001', 'preprint', 0.7],
    // Were peer-reviewed (0.95) until a registry answered: not fetched, cache-only, the registry down.
    ['https://doi.org/10.1101/2020.03.01.123456', 'preprint', 0.7],
    ['https://doi.org/10.1101/2020.03.01.123456v2', 'preprint', 0.7],
    ['https://doi.org/10.1101/123456', 'preprint', 0.7],
    ['https://doi.org/10.1101/gr.123456.110', 'peer-reviewed', 0.95],
    ['https://example.com/report', 'unknown', 0.6],
    ['https://www.prnewswire.com/news-releases/x.html', 'vendor', 0.5],
    ['https://example.com/pricing', 'vendor', 0.5],
    ['https://example.com/blog/2024/launch', 'vendor', 0.5],
    ['https://example.com/products/widget.html', 'vendor', 0.5],
    ['https://medium.com/@someone/post', 'user-generated', 0.4],
    ['https://old.reddit.com/r/science/', 'user-generated', 0.4],
    ['https://stackoverflow.com/questions/1', 'user-generated', 0.4],
    ['https://x.com/someone/status/1', 'user-generated', 0.4],
    ['https://www.youtube.com/watch?v=abc', 'user-generated', 0.4],
    ['https://bit.ly/3xYz', 'shortener', 0.2],
    ['https://t.co/abc', 'shortener', 0.2],
    ['https://tinyurl.com/abc', 'shortener', 0.2]
  ]
  it.each(table)('%s is %s (%d)', (url, category, score) => {
    expect(scoreCredibility(url, defaults)).toMatchObject({category, score})
  })

  it('names the registrable domain and the category reason', () => {
    expect(scoreCredibility('https://bit.ly/3xYz', defaults)).toEqual({
      score: 0.2,
      category: 'shortener',
      reason: 'cite the destination, not the short link',
      source: 'bit.ly'
    })
    expect(scoreCredibility('https://en.wikipedia.org/wiki/Citation', defaults).source).toBe('wikipedia.org')
  })
})

describe('scoreCredibility: research bodies, pollsters and statistics aggregators', () => {
  // Were unknown sources (0.6), reported with "no category is known for this domain".
  it.each([
    'https://www.pewresearch.org/short-reads/2023/11/21/x/',
    'https://news.gallup.com/poll/1/x.aspx',
    'https://today.yougov.com/topics/x',
    'https://www.gartner.com/en/newsroom/press-releases/2023-10-11-x',
    'https://ourworldindata.org/co2-emissions',
    'https://www.rand.org/pubs/research_reports/RR1.html'
  ])('%s is research, at the threshold: it passes by default', (url) => {
    expect(scoreCredibility(url, defaults)).toMatchObject({category: 'research', score: threshold})
    expect(judgeCredibility(citation(url), source(url), defaults)).toBeUndefined()
  })

  it('a statistics aggregator is below the threshold, with where to look instead', () => {
    const url = 'https://www.statista.com/statistics/1/x/'
    expect(scoreCredibility(url, defaults)).toMatchObject({category: 'aggregator', score: 0.7, source: 'statista.com'})
    expect(judgeCredibility(citation(url), source(url), defaults)?.message).toBe(
      'Unexpected low-credibility source `statista.com` (0.70, statistics aggregator), expected a source scoring at least 0.8: ' +
        'it republishes figures others collected, so cite the original source it names'
    )
  })

  it('a stricter threshold flags research with its reason', () => {
    const url = 'https://www.pewresearch.org/x'
    expect(judgeCredibility(citation(url), source(url), parseCredibilityOptions({threshold: 0.85}))?.message).toBe(
      'Unexpected low-credibility source `pewresearch.org` (0.80, research body or pollster), expected a source scoring at least 0.85: ' +
        'its own surveys, statistics or forecasts, not peer-reviewed, so check the methods it publishes'
    )
  })

  it('a research body’s or aggregator’s own product and pricing pages are its marketing', () => {
    // Were research (0.8, passing) and aggregator (0.7) once the table listed their domains; vendor pages before.
    const url = 'https://www.gartner.com/en/products/gartner-for-it-leaders'
    expect(judgeCredibility(citation(url), source(url), defaults)?.message).toBe(
      'Unexpected low-credibility source `gartner.com` (0.50, vendor or marketing page), expected a source scoring at least 0.8: ' +
        'the path `/products` reads like a vendor\'s own marketing, so cite an independent source'
    )
    expect(scoreCredibility('https://www.statista.com/pricing/', defaults)).toMatchObject({category: 'vendor', score: 0.5})
    expect(scoreCredibility('https://www.gartner.com/en/newsroom/press-releases/x', defaults).category).toBe('research')
  })

  it('an analyst firm’s review site is its users’ reviews', () => {
    // Was research (0.8, passing) through gartner.com: Gartner Peer Insights publishes what its users write.
    const url = 'https://www.gartner.com/reviews/market/crm-customer-engagement-center/vendor/acme'
    expect(judgeCredibility(citation(url), source(url), defaults)?.message).toBe(
      'Unexpected low-credibility source `gartner.com` (0.40, user-generated platform), expected a source scoring at least 0.8: ' +
        '`gartner.com/reviews` holds its users\' reviews, so cite an edited source'
    )
  })

  it('a study a vendor commissions from an analyst firm is the vendor’s', () => {
    // Was research (0.8, passing) through forrester.com: Forrester Consulting's Total Economic Impact studies are paid for.
    const url = 'https://tei.forrester.com/go/acme/platform/'
    expect(judgeCredibility(citation(url), source(url), defaults)?.message).toBe(
      'Unexpected low-credibility source `forrester.com` (0.50, vendor or marketing page), expected a source scoring at least 0.8: ' +
        'a party selling something, so cite an independent source'
    )
  })

  it('leaves consultancies, PR firms and vendors out: their reports sell their own services', () => {
    for (const url of ['https://www.mckinsey.com/x', 'https://www.edelman.com/trust/x', 'https://www.hubspot.com/state-of-marketing']) {
      expect(scoreCredibility(url, defaults).category).toBe('unknown')
    }
  })

  it('the categories are the user’s to rescore and to give a domain', () => {
    const settings = parseCredibilityOptions({categories: {research: 0.9, aggregator: 0.5}})
    expect(scoreCredibility('https://news.gallup.com/x', settings).score).toBe(0.9)
    expect(scoreCredibility('https://www.statista.com/x', settings).score).toBe(0.5)
  })
})

describe('scoreCredibility: a platform’s own pages', () => {
  it.each([
    'https://docs.github.com/en/actions',
    'https://docs.gitlab.com/ee/ci/',
    'https://developers.facebook.com/docs/graph-api',
    'https://help.medium.com/hc/en-us',
    'https://engineering.linkedin.com/blog/x'
  ])('%s is not user-generated: the platform wrote it', (url) => {
    expect(scoreCredibility(url, defaults)).toMatchObject({category: 'unknown', reason: expect.stringContaining("the platform's own page")})
  })

  it.each(['https://github.com/acme/tool', 'https://www.github.com/acme', 'https://gist.github.com/acme/1', 'https://jane.medium.com/post', 'https://medium.com/@jane/post'])(
    '%s is a user’s page',
    (url) => {
      expect(scoreCredibility(url, defaults).category).toBe('user-generated')
    }
  )
})

describe('scoreCredibility: public-suffix signals', () => {
  const table: Array<[string, SourceCategory, string]> = [
    ['https://www.nasa.gov/missions/', 'government', 'nasa.gov'],
    ['https://www.ons.gov.uk/economy', 'government', 'ons.gov.uk'],
    ['https://www.army.mil/history', 'government', 'army.mil'],
    ['https://www.esa.int/Science', 'government', 'esa.int'],
    ['https://www.insee.gouv.fr/', 'government', 'insee.gouv.fr'],
    ['https://www.mhlw.go.jp/english/', 'government', 'mhlw.go.jp'],
    ['https://design-system.service.gov.uk/components/', 'government', 'design-system.service.gov.uk'],
    ['https://web.mit.edu/research/', 'academic', 'mit.edu'],
    ['https://www.ox.ac.uk/research', 'academic', 'ox.ac.uk'],
    ['https://www.u-tokyo.ac.jp/en/', 'academic', 'u-tokyo.ac.jp'],
    ['https://www.unimelb.edu.au/', 'academic', 'unimelb.edu.au'],
    // A state's suffix (`qld.gov.au` is one), and a province's government under its subdivision suffix.
    ['https://www.qld.gov.au/health', 'government', 'www.qld.gov.au'],
    ['https://www.education.vic.gov.au/', 'government', 'education.vic.gov.au'],
    ['https://www2.gov.bc.ca/gov/content/health', 'government', 'gov.bc.ca'],
    ['https://www.sante.gouv.qc.ca/', 'government', 'gouv.qc.ca']
  ]
  it.each(table)('%s is %s', (url, category, domain) => {
    expect(scoreCredibility(url, defaults)).toMatchObject({category, source: domain})
  })

  it('gives a reason that names the suffix', () => {
    expect(scoreCredibility('https://www.ons.gov.uk/', defaults).reason).toBe('the public suffix `gov.uk`')
  })

  it('does not take a company named gov under a generic suffix for a government', () => {
    expect(scoreCredibility('https://www.gov.com/', defaults).category).toBe('unknown')
  })

  it('does not take the `.ac` country domain for a university', () => {
    expect(scoreCredibility('https://startup.ac/', defaults).category).toBe('unknown')
  })

  it('takes `/~user` pages for personal pages, even at a university', () => {
    expect(scoreCredibility('https://www.cs.example.edu/~alice/notes.html', defaults)).toMatchObject({
      category: 'user-generated',
      reason: '`~alice` is a personal page, so cite the original or an edited source'
    })
  })

  it('leaves listed and signalled domains alone whatever their path', () => {
    expect(scoreCredibility('https://www.nature.com/products/x', defaults).category).toBe('peer-reviewed')
    expect(scoreCredibility('https://www.nasa.gov/blog/x', defaults).category).toBe('government')
  })
})

describe('scoreCredibility: subdomains', () => {
  it('inherits the parent entry on private suffixes, naming the owner’s own domain', () => {
    expect(scoreCredibility('https://acme.github.io/docs/', defaults)).toMatchObject({category: 'user-generated', source: 'acme.github.io'})
    expect(scoreCredibility('https://someone.blogspot.com/2020/01/x.html', defaults)).toMatchObject({
      category: 'user-generated',
      source: 'someone.blogspot.com'
    })
    expect(scoreCredibility('https://team.substack.com/p/x', defaults).category).toBe('user-generated')
  })
})

describe('scoreCredibility: redirects, DOIs and archives', () => {
  it('judges where a resolver led, falling back to the DOI for an unlisted publisher, named by that publisher', () => {
    const doi = 'https://doi.org/10.5555/12345678'
    expect(scoreCredibility(doi, defaults, {finalUrl: 'https://arxiv.org/abs/2101.00001'})).toMatchObject({category: 'preprint', source: 'arxiv.org'})
    expect(scoreCredibility(doi, defaults, {finalUrl: 'https://journal.example/article/1'})).toMatchObject({
      category: 'peer-reviewed',
      source: 'journal.example'
    })
    // Nowhere reached: the DOI itself was judged, not the resolver.
    expect(scoreCredibility('https://doi.org/10.48550/arXiv.2101.00001', defaults)).toMatchObject({category: 'preprint', source: '10.48550/arXiv.2101.00001'})
    expect(scoreCredibility(doi, defaults, {finalUrl: 'https://journal.example/1', publisher: 'Journal of Examples'}).source).toBe('Journal of Examples')
  })

  it('lets registry metadata say what kind of work a DOI is', () => {
    const doi = 'https://doi.org/10.5555/12345678'
    expect(scoreCredibility(doi, defaults, {workType: 'posted-content'})).toMatchObject({
      category: 'preprint',
      reason: 'registered as `posted-content`'
    })
    expect(scoreCredibility(doi, defaults, {finalUrl: 'https://arxiv.org/abs/1', workType: 'journal-article'}).category).toBe('peer-reviewed')
  })

  it('an open repository’s DOI is not peer-reviewed, whatever type its uploader registered; a curated repository’s dataset is a dataset', () => {
    expect(scoreCredibility('https://doi.org/10.5281/zenodo.1234', defaults)).toMatchObject({
      category: 'preprint',
      reason: 'deposited in Zenodo, where anyone can upload: a DOI proves registration, not review'
    })
    expect(scoreCredibility('https://doi.org/10.6084/m9.figshare.5678', defaults, {workType: 'journal-article'}).category).toBe('preprint')
    // The DOI in a repository's own address counts too.
    expect(scoreCredibility('https://zenodo.org/doi/10.5281/zenodo.1234', defaults, {workType: 'journal-article', doi: '10.5281/zenodo.1234'})).toMatchObject({
      category: 'preprint',
      source: 'zenodo.org'
    })
    // Dryad, PANGAEA, Dataverse: curated, but data is not peer-reviewed; it passes, as a reference work does.
    for (const doi of ['10.5061/dryad.8515', '10.1594/PANGAEA.123456', '10.7910/DVN/ABCDEF']) {
      expect(scoreCredibility(`https://doi.org/${doi}`, defaults, {workType: 'dataset'})).toMatchObject({
        category: 'dataset',
        score: 0.85,
        reason: 'registered as `dataset`'
      })
    }
    // A DOI led to a repository's landing page without the registry's word: the repository's host says it.
    expect(scoreCredibility('https://doi.org/10.5061/dryad.8515', defaults, {finalUrl: 'https://datadryad.org/stash/dataset/doi:10.5061/dryad.8515'}).category).toBe('dataset')
    // An open repository's deposit stays a deposit, whichever type its uploader chose.
    expect(scoreCredibility('https://doi.org/10.5281/zenodo.1234', defaults, {workType: 'dataset'}).category).toBe('preprint')
  })

  it('judges a Wayback Machine snapshot by the page it archived', () => {
    expect(scoreCredibility('https://web.archive.org/web/20200101000000/https://www.nature.com/articles/x', defaults)).toMatchObject({
      category: 'peer-reviewed',
      source: 'nature.com'
    })
    expect(scoreCredibility('https://web.archive.org/web/2020id_/bit.ly/abc', defaults).category).toBe('shortener')
  })

  // Each snapshot parsed the rest again: 20,000 nested in a 660 kB URL ran the process out of memory.
  it('judges a snapshot of thousands of snapshots by the innermost page', () => {
    const nested = 'https://web.archive.org/web/2020/'.repeat(20000) + 'https://www.nature.com/articles/x'
    expect(scoreCredibility(nested, defaults)).toMatchObject({category: 'peer-reviewed', source: 'nature.com'})
  })
})

describe('judgeCredibility', () => {
  it('flags a shortener with its score, category and reason, even when it redirected', () => {
    const report = source('https://bit.ly/3xYz', {}, {finalUrl: 'https://www.nature.com/articles/x'})
    expect(judgeCredibility(citation('https://bit.ly/3xYz'), report, defaults)).toEqual({
      status: 'valid',
      action: 'flagged',
      rule: 'citation-credibility',
      message:
        'Unexpected low-credibility source `bit.ly` (0.20, link shortener), ' +
        `expected a source scoring at least ${threshold}: cite the destination, not the short link`
    })
  })

  it('shows a very long host cut in the middle, as a long URL is', () => {
    const url = `https://${'a'.repeat(300)}.example.org/paper`
    const message = judgeCredibility(citation(url), source(url), defaults)?.message ?? ''
    const shown = /source `([^`]*)`/.exec(message)![1]!
    expect([...shown]).toHaveLength(191)
    expect(shown).toMatch(/^a+…a+\.example\.org$/)
  })

  it('follows a redirect resolver to the publisher', () => {
    const doi = 'https://doi.org/10.1234/abc'
    expect(judgeCredibility(citation(doi), source(doi, {}, {finalUrl: 'https://arxiv.org/abs/2101.00001'}), defaults)?.message).toBe(
      'Unexpected low-credibility source `arxiv.org` (0.70, preprint server or repository), ' +
        `expected a source scoring at least ${threshold}: not peer-reviewed yet, so cite the published version when there is one`
    )
    expect(judgeCredibility(citation(doi), source(doi, {}, {finalUrl: 'https://www.nature.com/articles/x'}), defaults)).toBeUndefined()
    // A resolver added by the user counts too.
    const go = 'https://go.example/paper'
    const report = source(go, {}, {finalUrl: 'https://www.nature.com/articles/x'})
    expect(judgeCredibility(citation(go), report, defaults, ['go.example'])).toBeUndefined()
    expect(judgeCredibility(citation(go), report, defaults)?.message).toContain('`go.example` (0.60, unknown source)')
  })

  it('names a paper judged by its registry as the registry names its journal or publisher, not the resolver’s or index’s host', () => {
    const strict = parseCredibilityOptions({threshold: 1})
    const paper = (url: string, metadata: Partial<WorkMetadata>, finalUrl = url) => {
      const identifier = identify(url)!
      const work: Work = {
        identifier,
        outcome: 'found',
        registry: 'crossref',
        metadata: {identifier, title: 'A paper', type: 'journal-article', registry: 'crossref', notices: [], ...metadata}
      }
      return judgeCredibility(citation(url), source(url, {}, {finalUrl, work}), strict)?.message
    }
    expect(paper('https://doi.org/10.1038/x', {container: 'Nature', publisher: 'Springer'}, 'https://publisher.example/x')).toBe(
      'Unexpected low-credibility source `Nature` (0.95, peer-reviewed publisher), expected a source scoring at least 1: registered as `journal-article`'
    )
    expect(paper('https://doi.org/10.1101/2020.01.01.1', {type: 'preprint', publisher: 'Cold Spring Harbor Laboratory'})).toContain('source `Cold Spring Harbor Laboratory` (0.70')
    expect(paper('https://arxiv.org/abs/2101.00001', {type: 'preprint', publisher: 'arXiv', registry: 'arxiv'})).toContain('source `arXiv` (0.70')
    expect(paper('https://pubmed.ncbi.nlm.nih.gov/31978945/', {container: 'The New England journal of medicine', registry: 'pubmed'})).toContain(
      'source `The New England journal of medicine` (0.95'
    )
    // A name holding backticks stays one code span: a longer fence, as Markdown reads it.
    expect(paper('https://doi.org/10.1038/x', {container: 'Journal of `grep` Studies'})).toContain('source ``Journal of `grep` Studies`` (0.95')
    expect(paper('https://doi.org/10.1038/x', {container: '`R` Notes'})).toContain('source `` `R` Notes `` (0.95')
    // A dataset is named by the registry's name for its repository.
    expect(paper('https://doi.org/10.5061/dryad.8515', {type: 'dataset', publisher: 'Dryad'}, 'https://publisher.example/d')).toBe(
      'Unexpected low-credibility source `Dryad` (0.85, dataset), expected a source scoring at least 1: registered as `dataset`'
    )
  })

  it('stays silent for malformed and unsafe URLs, which citation-url-safety reports', () => {
    expect(judgeCredibility(citation('https://bit.ly/x'), source('https://bit.ly/x', {}, {liveness: 'unsafe'}), defaults)).toBeUndefined()
    expect(judgeCredibility(citation('https://exa mple.org/'), source('https://exa mple.org/', {}, {liveness: 'malformed'}), defaults)).toBeUndefined()
  })

  it('still judges a source it could not fetch: credibility is about the domain', () => {
    const report = source('https://bit.ly/x', {}, {liveness: 'unverified', status: undefined})
    expect(judgeCredibility(citation('https://bit.ly/x'), report, defaults)?.action).toBe('flagged')
  })
})

describe('the threshold (the seed: verifiable means a score of at least the threshold)', () => {
  const judge = (url: string, options: unknown) => judgeCredibility(citation(url), source(url), parseCredibilityOptions(options))

  it('passes a source exactly at the threshold', () => {
    expect(judge('https://www.reuters.com/x', {})).toBeUndefined()
    expect(judge('https://arxiv.org/abs/1', {threshold: 0.7})).toBeUndefined()
  })

  it('flags a source just below it', () => {
    expect(judge('https://www.reuters.com/x', {categories: {news: threshold - 0.01}})?.message).toContain('(0.79, established news outlet)')
    expect(judge('https://arxiv.org/abs/1', {threshold: 0.71})?.message).toContain('expected a source scoring at least 0.71')
  })

  it('passes everything credible by default and nothing below it', () => {
    const credible = ['https://www.nature.com/x', 'https://www.who.int/x', 'https://www.w3.org/x', 'https://mit.edu/x', 'https://en.wikipedia.org/x', 'https://apnews.com/x']
    const weak = ['https://arxiv.org/x', 'https://example.com/x', 'https://example.com/pricing', 'https://medium.com/x', 'https://bit.ly/x']
    expect(credible.map((url) => judge(url, {}))).toEqual(credible.map(() => undefined))
    expect(weak.map((url) => judge(url, {})?.action)).toEqual(weak.map(() => 'flagged'))
  })

  it('flags nothing at 0 and all but trusted sources at 1', () => {
    expect(judge('https://bit.ly/x', {threshold: 0})).toBeUndefined()
    expect(judge('https://www.nature.com/x', {threshold: 1})?.message).toContain('(0.95, peer-reviewed publisher)')
    expect(judge('https://www.nature.com/x', {threshold: 1, trusted: ['nature.com']})).toBeUndefined()
  })
})

describe('a mention', () => {
  // A changelog thanks each author with a link to their profile ('Thanks [@dave](https://github.com/dave)!'): each was
  // a 'low-credibility source github.com (0.40, user-generated platform)', though it cites nothing.
  it('is not judged: it names a person, not a source', () => {
    const url = 'https://github.com/dave'
    expect(judgeCredibility({...citation(url), mention: true}, source(url), defaults)).toBeUndefined()
    expect(judgeCredibility(citation(url), source(url), defaults)?.message).toContain('(0.40, user-generated platform)')
  })
})

describe('an account on a platform as an entry', () => {
  const judge = (url: string, options: unknown) => judgeCredibility(citation(url), source(url), parseCredibilityOptions(options))
  const folder = mkdtempSync(join(tmpdir(), 'credibility-'))
  afterAll(() => rmSync(folder, {recursive: true, force: true}))

  // A changelog links its own repository's pull requests, issues and commits: every one was 'user-generated platform'
  // and only all of github.com could be trusted. Now the project vouches for its own account, and no one else's.
  it('trusts or distrusts one account, not its platform', () => {
    const options = {trusted: ['github.com/acme'], untrusted: ['medium.com/@spam']}
    expect(judge('https://github.com/acme/widget/pull/12', options)).toBeUndefined()
    expect(judge('https://github.com/Acme/widget/commit/0a1b2c3', options)).toBeUndefined()
    expect(judge('https://github.com/jane/widget/issues/4', options)?.message).toContain('`github.com` (0.40, user-generated platform)')
    expect(judge('https://medium.com/@spam/post-1', options)?.message).toContain(
      '`medium.com/spam` (0.00, user-generated platform), expected a source scoring at least 0.8: untrusted by your configuration'
    )
  })

  it('reads accounts in a list, and refuses a path that names none', () => {
    const list = join(folder, 'sources.txt')
    writeFileSync(list, 'github.com/acme\ngitlab.com/acme reference\n')
    expect(scoreCredibility('https://github.com/acme/widget', parseCredibilityOptions({lists: [list]}))).toMatchObject({score: 1, source: 'github.com/acme'})
    expect(scoreCredibility('https://gitlab.com/acme/widget', parseCredibilityOptions({lists: [list]}))).toMatchObject({score: 0.85, category: 'reference'})
    expect(() => parseCredibilityOptions({trusted: ['example.com/docs']})).toThrow(
      'Unexpected `trusted[0]` `example.com/docs`, expected a domain such as `example.com` or `github.com/owner`'
    )
  })
})

describe('parseCredibilityOptions: trusted, untrusted, categories', () => {
  it('scores trusted domains 1 and untrusted ones 0, subdomains included, beating the built-in table', () => {
    const settings = parseCredibilityOptions({trusted: ['example.com', '*.blogspot.com'], untrusted: ['Example.NET', 'wikipedia.org']})
    expect(scoreCredibility('https://docs.example.com/x', settings)).toMatchObject({score: 1, reason: 'trusted by your configuration'})
    expect(scoreCredibility('https://lab.blogspot.com/x', settings)).toMatchObject({score: 1, category: 'user-generated'})
    expect(scoreCredibility('https://example.net/x', settings)).toMatchObject({score: 0, reason: 'untrusted by your configuration'})
    expect(judgeCredibility(citation('https://en.wikipedia.org/wiki/X'), source('https://en.wikipedia.org/wiki/X'), settings)?.message).toBe(
      'Unexpected low-credibility source `wikipedia.org` (0.00, reference work), ' +
        `expected a source scoring at least ${threshold}: untrusted by your configuration`
    )
  })

  it('applies the user’s entry to the publisher a DOI led to', () => {
    const settings = parseCredibilityOptions({untrusted: ['journal.example']})
    expect(scoreCredibility('https://doi.org/10.5555/1', settings, {finalUrl: 'https://journal.example/a'})).toMatchObject({
      score: 0,
      source: 'journal.example'
    })
  })

  it('overrides a category’s score', () => {
    const settings = parseCredibilityOptions({categories: {preprint: 0.85, 'user-generated': 0}})
    expect(scoreCredibility('https://arxiv.org/abs/1', settings).score).toBe(0.85)
    expect(scoreCredibility('https://medium.com/x', settings).score).toBe(0)
    expect(scoreCredibility('https://www.nature.com/x', settings).score).toBe(0.95)
  })

  it('refuses unknown and invalid options by name', () => {
    expect(() => parseCredibilityOptions({treshold: 0.5})).toThrow(/Unexpected option `treshold` \(did you mean `threshold`\?\), expected one of `threshold`/)
    expect(() => parseCredibilityOptions({threshold: 2})).toThrow('Unexpected `threshold` `2`, expected a number from 0 to 1')
    expect(() => parseCredibilityOptions({trusted: 'example.com'})).toThrow(OptionsError)
    expect(() => parseCredibilityOptions({trusted: ['https://example.com/']})).toThrow(
      'Unexpected `trusted[0]` `https://example.com/`, expected a domain such as `example.com`'
    )
    expect(() => parseCredibilityOptions({trusted: ['example.com'], untrusted: ['example.com']})).toThrow(
      'Unexpected `example.com` in both `trusted` and `untrusted`'
    )
    expect(() => parseCredibilityOptions({categories: {blogs: 0.1}})).toThrow(/Unexpected `categories.blogs`, expected one of `peer-reviewed`/)
    expect(() => parseCredibilityOptions({categories: {news: 'high'}})).toThrow('Unexpected `categories.news` `high`, expected a number from 0 to 1')
  })
})

describe('parseCredibilityOptions: list files', () => {
  const folder = mkdtempSync(join(tmpdir(), 'credibility-'))
  afterAll(() => rmSync(folder, {recursive: true, force: true}))
  const write = (name: string, text: string) => {
    const path = join(folder, name)
    writeFileSync(path, text)
    return path
  }

  it('reads domains with an optional category or score, and comments', () => {
    const path = write(
      'sources.txt',
      ['# our sources', 'journal.example   peer-reviewed', 'vendor.example 0.3  # their own claims', '', 'wiki.example', 'lab.blogspot.com news', 'pollster.example research'].join('\n')
    )
    const settings = parseCredibilityOptions({lists: [path]})
    expect(scoreCredibility('https://journal.example/a', settings)).toMatchObject({
      score: 0.95,
      category: 'peer-reviewed',
      reason: `listed in \`${path}\` line 2`
    })
    expect(scoreCredibility('https://www.vendor.example/a', settings)).toMatchObject({score: 0.3, category: 'unknown'})
    expect(scoreCredibility('https://wiki.example/a', settings).score).toBe(1)
    // A listed host beats its parent's built-in entry; its siblings keep it.
    expect(scoreCredibility('https://lab.blogspot.com/a', settings).category).toBe('news')
    expect(scoreCredibility('https://other.blogspot.com/a', settings).category).toBe('user-generated')
    expect(scoreCredibility('https://pollster.example/a', settings)).toMatchObject({category: 'research', score: threshold})
  })

  it('reads paths relative to the working directory, and lets `trusted` win over a list', () => {
    const path = relative(process.cwd(), write('relative.txt', 'example.org 0.1\n'))
    expect(scoreCredibility('https://example.org/', parseCredibilityOptions({lists: [path]})).score).toBe(0.1)
    expect(scoreCredibility('https://example.org/', parseCredibilityOptions({lists: [path], trusted: ['example.org']})).score).toBe(1)
  })

  it('reads every way of writing a score from 0 to 1', () => {
    const path = write('spellings.txt', ['a.example 0', 'b.example 0.', 'c.example .25', 'd.example 0.5', 'e.example 1.', 'f.example 1.00'].join('\n'))
    const settings = parseCredibilityOptions({lists: [path]})
    expect(['a', 'b', 'c', 'd', 'e', 'f'].map((name) => scoreCredibility(`https://${name}.example/`, settings).score)).toEqual([0, 0, 0.25, 0.5, 1, 1])
  })

  it('names the file and line of a malformed entry', () => {
    const path = write('bad.txt', 'good.example\nbad.example trustworthy\n')
    expect(() => parseCredibilityOptions({lists: [path]})).toThrow(
      new RegExp(`^Unexpected \`bad.example trustworthy\` in \`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\` line 2, expected a domain, optionally followed by a category`)
    )
    expect(() => parseCredibilityOptions({lists: [write('score.txt', 'a.example 1.5')]})).toThrow(/line 1, expected a domain/)
    expect(() => parseCredibilityOptions({lists: [write('url.txt', '\n\nhttps://a.example/')]})).toThrow(/line 3, expected a domain/)
  })

  it('names a missing file', () => {
    expect(() => parseCredibilityOptions({lists: ['no-such-list.txt']})).toThrow(
      /^Unexpected `lists\[0\]` `no-such-list.txt`, expected a readable file \(ENOENT/
    )
  })
})
