// citation-conflict-of-interest: the seed's cases, then platforms, the brand map, false positives and options.

import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import {unified} from 'unified'
import {VFile} from 'vfile'
import {describe, expect, it} from 'vitest'
import {extractCitations} from '../src/extract/index.js'
import {detectConflictOfInterest, judgeConflictOfInterest, parseConflictOptions, type ConflictOptions} from '../src/judge/conflict.js'
import {OptionsError} from '../src/validate.js'
import {citation, source} from './helpers/source.js'

const defaults: ConflictOptions = {brands: {}, ignore: []}

interface Case {
  name: string
  url: string
  claim: string
  /** The matching term, or false when there is no conflict. */
  brand: string | false
  citingDomain?: string
  siteName?: string
  options?: unknown
}

function check({url, claim, brand, citingDomain, siteName, options}: Case): void {
  const signal = detectConflictOfInterest(url, claim, parseConflictOptions(options), siteName)
  expect(signal.detected).toBe(brand !== false)
  expect(signal.brandToken).toBe(brand === false ? '' : brand)
  if (citingDomain !== undefined) expect(signal.citingDomain).toBe(citingDomain)
}

describe('the seed', () => {
  const pm = 'ClickUp is the best project management tool for teams'
  const cases: Case[] = [
    {name: 'clickup blog citing own product', url: 'https://clickup.com/blog/best-project-management-tools/', claim: pm, brand: 'clickup', citingDomain: 'clickup.com'},
    {name: 'independent site citing clickup', url: 'https://www.g2.com/categories/project-management', claim: pm, brand: false},
    {name: 'shopify blog citing shopify', url: 'https://www.shopify.com/blog/best-ecommerce-platforms', claim: 'Shopify is the best ecommerce platform for small business', brand: 'shopify', citingDomain: 'shopify.com'},
    {name: 'doi citation: no conflict signal', url: '10.1038/s41586-021-03819-2', claim: 'AlphaFold solves the protein structure problem', brand: false},
    {name: 'generic platform name should not trigger', url: 'https://www.platform.com/review', claim: 'this platform is the best tool', brand: false},
    {name: 'acceptance: clickup, short claim', url: 'https://clickup.com/blog/x', claim: 'ClickUp is the best PM tool', brand: 'clickup'},
    {name: 'acceptance: pcmag, short claim', url: 'https://pcmag.com/x', claim: 'ClickUp is the best PM tool', brand: false}
  ]
  it.each(cases)('$name', check)

  // The seed's "integration" table, as pure cases: the judge needs no fetch.
  const integration: Case[] = [
    {name: 'clickup', url: 'https://clickup.com/blog/best-project-management-tools/', claim: 'ClickUp is the best project management tool', brand: 'clickup'},
    {name: 'shopify', url: 'https://www.shopify.com/blog/best-ecommerce-platforms', claim: 'Shopify is best for small business ecommerce', brand: 'shopify'},
    {name: 'pcmag', url: 'https://www.pcmag.com/picks/the-best-project-management-software', claim: 'ClickUp is the best project management tool', brand: false},
    {name: 'g2', url: 'https://www.g2.com/categories/project-management', claim: 'ClickUp is the best project management tool', brand: false},
    {name: 'doi', url: '10.1038/s41586-024-07487-w', claim: 'GPT-4 outperforms human experts on medical exams', brand: false}
  ]
  it.each(integration)('integration: $name', check)

  it('explains the signal in the seed\'s words', () => {
    expect(detectConflictOfInterest('https://clickup.com/blog/best-project-management-tools/', 'ClickUp is the best PM tool', defaults)).toEqual({
      detected: true,
      citingDomain: 'clickup.com',
      brandToken: 'clickup',
      explanation: "The cited source (clickup.com) is published by a party named in the claim ('clickup'). This source may not be independent."
    })
  })
})

describe('who publishes the URL', () => {
  const cases: Case[] = [
    {name: 'a subdomain of the brand', url: 'https://blog.acme.com/post', claim: 'Acme ships weekly', brand: 'acme', citingDomain: 'acme.com'},
    {name: 'a country suffix', url: 'https://www.acme.co.uk/news', claim: 'Acme ships weekly', brand: 'acme', citingDomain: 'acme.co.uk'},
    {name: 'GitHub Pages (private suffix)', url: 'https://acme.github.io/docs/', claim: 'Acme ships weekly', brand: 'acme', citingDomain: 'acme.github.io'},
    {name: 'GitHub Pages of someone else', url: 'https://jane.github.io/review/', claim: 'Acme ships weekly', brand: false},
    {name: 'GitHub Pages are not GitHub\'s', url: 'https://jane.github.io/review/', claim: 'GitHub hosts most open source', brand: false},
    {name: 'Netlify site (private suffix)', url: 'https://acme.netlify.app/', claim: 'Acme ships weekly', brand: 'acme'},
    {name: 'Substack publication', url: 'https://acme.substack.com/p/launch', claim: 'Acme ships weekly', brand: 'acme', citingDomain: 'acme.substack.com'},
    {name: 'Substack is not the claim\'s Acme', url: 'https://jane.substack.com/p/acme', claim: 'Acme ships weekly', brand: false},
    {name: 'Medium subdomain', url: 'https://acme.medium.com/launch', claim: 'Acme ships weekly', brand: 'acme', citingDomain: 'acme.medium.com'},
    {name: 'WordPress.com blog', url: 'https://acme.wordpress.com/2024/launch', claim: 'Acme ships weekly', brand: 'acme'},
    {name: 'an IP address has no publisher', url: 'https://192.0.2.1/acme', claim: 'Acme ships weekly', brand: false},
    {name: 'not a URL', url: 'acme', claim: 'Acme ships weekly', brand: false}
  ]
  it.each(cases)('$name', check)
})

describe('path-owned platforms', () => {
  const cases: Case[] = [
    {name: 'github.com/acme', url: 'https://github.com/acme/widget', claim: 'Acme Widget is fast', brand: 'acme', citingDomain: 'github.com/acme'},
    {name: 'github.com/orgs/acme', url: 'https://github.com/orgs/acme/discussions', claim: 'Acme Widget is fast', brand: 'acme', citingDomain: 'github.com/orgs/acme'},
    {name: 'github.com, another owner', url: 'https://github.com/jane/widget-benchmarks', claim: 'Acme Widget is fast', brand: false},
    {name: 'github.com, another owner, claim about GitHub', url: 'https://github.com/jane/notes', claim: 'GitHub Actions is the fastest CI', brand: false},
    {name: 'github.com, the platform\'s own page', url: 'https://github.com/features/actions', claim: 'GitHub Actions is the fastest CI', brand: 'github', citingDomain: 'github.com'},
    {name: 'gitlab.com/acme', url: 'https://gitlab.com/acme/widget', claim: 'Acme Widget is fast', brand: 'acme', citingDomain: 'gitlab.com/acme'},
    {name: 'medium.com/@acme', url: 'https://medium.com/@acme/why-we-win-1234', claim: 'Acme beats everyone', brand: 'acme', citingDomain: 'medium.com/@acme'},
    {name: 'medium.com/@jane', url: 'https://medium.com/@jane/acme-review-1234', claim: 'Acme beats everyone', brand: false},
    {name: 'x.com/acme', url: 'https://x.com/acme/status/1', claim: 'Acme beats everyone', brand: 'acme', citingDomain: 'x.com/acme'},
    {name: 'twitter.com/AcmeHQ (suffix hq)', url: 'https://twitter.com/AcmeHQ/status/1', claim: 'Acme beats everyone', brand: 'acme', citingDomain: 'twitter.com/acmehq'},
    {name: 'mobile.twitter.com/jane', url: 'https://mobile.twitter.com/jane/status/1', claim: 'Acme beats everyone', brand: false},
    {name: 'linkedin.com/company/acme', url: 'https://www.linkedin.com/company/acme/posts', claim: 'Acme beats everyone', brand: 'acme', citingDomain: 'linkedin.com/company/acme'},
    {name: 'linkedin.com/in/jane', url: 'https://www.linkedin.com/in/jane', claim: 'Acme beats everyone', brand: false},
    {name: 'youtube.com/@acme', url: 'https://www.youtube.com/@acme/videos', claim: 'Acme beats everyone', brand: 'acme', citingDomain: 'youtube.com/@acme'},
    {name: 'youtube.com/c/acme', url: 'https://www.youtube.com/c/acme', claim: 'Acme beats everyone', brand: 'acme'},
    {name: 'facebook.com/acme', url: 'https://www.facebook.com/acme', claim: 'Acme beats everyone', brand: 'acme'},
    {name: 'huggingface.co/acme', url: 'https://huggingface.co/acme/widget-7b', claim: 'Acme Widget tops the leaderboard', brand: 'acme', citingDomain: 'huggingface.co/acme'},
    {name: 'huggingface.co/datasets/acme', url: 'https://huggingface.co/datasets/acme/bench', claim: 'Acme Widget tops the leaderboard', brand: 'acme'},
    {name: 'huggingface.co, another owner', url: 'https://huggingface.co/jane/widget-eval', claim: 'Acme Widget tops the leaderboard', brand: false},
    {name: 'dev.to/acme', url: 'https://dev.to/acme/launch-week-1abc', claim: 'Acme beats everyone', brand: 'acme'},
    {name: 'a platform\'s site name is not the account\'s', url: 'https://github.com/jane/notes', claim: 'GitHub is where code lives', siteName: 'GitHub', brand: false},
    // A project's README cited for its own benchmark passed silently: only the account's name was read.
    {name: 'a repository speaks for its account', url: 'https://github.com/tiangolo/fastapi#performance', claim: 'FastAPI is one of the fastest Python frameworks', brand: 'fastapi', citingDomain: 'github.com/tiangolo/fastapi'},
    {name: 'a GitLab project', url: 'https://gitlab.com/jane/widget/-/blob/main/README.md', claim: 'Widget is the fastest parser', brand: 'widget', citingDomain: 'gitlab.com/jane/widget'},
    {name: 'a Hugging Face model', url: 'https://huggingface.co/jane/widget', claim: 'Widget tops the leaderboard', brand: 'widget', citingDomain: 'huggingface.co/jane/widget'},
    {name: 'an issue is not the project\'s own words', url: 'https://github.com/jane/widget/issues/12', claim: 'Widget leaks memory in strict mode', brand: false},
    {name: 'a release is', url: 'https://github.com/jane/widget/releases/tag/v2.0.0', claim: 'Widget 2 is twice as fast', brand: 'widget'},
    {name: 'someone else\'s benchmark of a project', url: 'https://github.com/jane/fastapi-benchmarks', claim: 'FastAPI is one of the fastest Python frameworks', brand: false},
    // A repository named for its work was the party of a claim starting with that word ("Benchmarks show …").
    {name: 'a repository named for its work', url: 'https://github.com/kostya/benchmarks', claim: 'Benchmarks show Crystal is as fast as C', brand: false},
    {name: 'a repository named for its work: research', url: 'https://github.com/jane/research/blob/main/remote.md', claim: 'Research shows remote work raises output', brand: false}
  ]
  it.each(cases)('$name', check)
})

describe('how a claim word names a domain', () => {
  const cases: Case[] = [
    {name: 'pineapple.com is not Apple\'s', url: 'https://pineapple.com/review', claim: 'Apple makes the best laptops', brand: false},
    {name: 'snapple.com is not Apple\'s', url: 'https://www.snapple.com/', claim: 'Apple makes the best laptops', brand: false},
    {name: 'apple.com is', url: 'https://www.apple.com/macbook-air/', claim: 'Apple makes the best laptops', brand: 'apple'},
    {name: 'a prefix: getacme.com', url: 'https://getacme.com/', claim: 'Acme syncs files', brand: 'acme'},
    {name: 'a prefix: theknot.com', url: 'https://www.theknot.com/a', claim: 'The Knot lists the most venues', brand: 'knot'},
    {name: 'a suffix: acme-software.com', url: 'https://acme-software.com/', claim: 'Acme syncs files', brand: 'acme'},
    {name: 'a suffix: acmelabs.io', url: 'https://acmelabs.io/', claim: 'Acme syncs files', brand: 'acme'},
    {name: 'both: tryacmeapp.com', url: 'https://tryacmeapp.com/', claim: 'Acme syncs files', brand: 'acme'},
    // Passed silently unless the page was read: the label `blog` is generic, the name is the top-level domain.
    {name: 'a brand\'s own top-level domain: blog.google', url: 'https://blog.google/technology/ai/google-gemini-ai/', claim: "Google's Gemini Ultra outperforms GPT-4 on 30 of 32 benchmarks", brand: 'google', citingDomain: 'blog.google'},
    {name: 'a generic label on a common top-level domain names nothing', url: 'https://blog.example/x', claim: 'Example blogs rank higher', brand: false},
    // A generic top-level domain is no brand's: 'Energy prices …' citing news.energy was a claim about Energy.
    {name: 'a generic label on a generic top-level domain names nothing: news.energy', url: 'https://news.energy/x', claim: 'Energy prices rose 20% in 2023', brand: false},
    {name: 'a generic label on a generic top-level domain names nothing: my.health', url: 'https://my.health/x', claim: 'Health spending rose 4% in 2023', brand: false},
    // A company's engineering blog cited for its own results passed silently.
    {name: 'an engineering blog: netflixtechblog.com', url: 'https://netflixtechblog.com/x-55838468f429', claim: "Netflix's recommendations save $1 billion a year", brand: 'netflix'},
    {name: 'an engineering publication on Medium', url: 'https://medium.com/airbnb-engineering/x-7ebd7230891f', claim: "Airbnb's new ranking model raised bookings by 4%", brand: 'airbnb', citingDomain: 'medium.com/airbnb-engineering'},
    {name: 'not an affix: acmebank.com', url: 'https://acmebank.com/', claim: 'Acme syncs files', brand: false},
    {name: 'a generic label with claim words: project-management.com', url: 'https://project-management.com/x', claim: 'ClickUp is the best project management tool', brand: false},
    {name: 'a domain written in the claim', url: 'https://clickup.com/', claim: 'clickup.com claims 10 million users', brand: 'clickup'},
    {name: 'a dotted name in the claim', url: 'https://nodejs.org/en/blog', claim: 'Node.js is the fastest runtime', brand: 'node.js'},
    {name: 'a possessive', url: 'https://clickup.com/', claim: "ClickUp's users love it", brand: 'clickup'},
    {name: 'short tokens are ignored (IBM)', url: 'https://www.ibm.com/watson', claim: 'IBM leads in enterprise AI', brand: false},
    {name: 'four letters are enough', url: 'https://www.sony.com/', claim: 'Sony leads in sensors', brand: 'sony'},
    {name: '"for example" does not name example.com', url: 'https://example.com/x', claim: 'For example, caches help', brand: false},
    {name: 'numbers are not brands', url: 'https://2024.example/', claim: 'Sales grew in 2024', brand: false},
    {name: 'the first brand named wins', url: 'https://acme.example/', claim: 'Globex and Acme ship weekly', brand: 'acme'}
  ]
  it.each(cases)('$name', check)

  // Domains drop accents, spell umlauts with `e` and apostrophes not at all: these were missed.
  it.each([
    ['Nestlé bottles the purest water', 'https://www.nestle.com/stories/x', 'nestlé'],
    ['Citroën construit les voitures les plus fiables', 'https://www.citroen.fr/blog', 'citroën'],
    ['Müller verkauft die günstigsten Cremes', 'https://www.mueller.de/x', 'müller'],
    ["L'Oréal fait les meilleurs shampooings", 'https://www.loreal.com/x', "l'oréal"],
    ["O'Reilly publishes the best books", 'https://www.oreilly.com/x', "o'reilly"],
    ["Les avions d'Airbus sont les plus sûrs", 'https://www.airbus.com/x', 'airbus'],
    ["Il n'apprécie pas la pomme", 'https://www.apple.com/x', false],
    // An Italian elided preposition was part of the name, and an Irish `O'` was taken for an elision: `connor` was
    // a party the claim named.
    ["Secondo i dati dell'Enel la domanda è cresciuta", 'https://www.enel.it/x', 'enel'],
    ["Justice Sandra Day O'Connor wrote the majority opinion", 'https://connor.example/bio', false]
  ] as const)('%s, citing %s: %s', (claim, url, brand) => check({name: claim, url, claim, brand}))
})

describe('the page\'s site name', () => {
  const cases: Case[] = [
    {name: 'og:site_name names the brand', url: 'https://hf.co/blog/x', claim: 'Hugging Face hosts a million models', siteName: 'Hugging Face', brand: 'hugging face', citingDomain: 'hf.co'},
    {name: 'generic words of the site name are dropped', url: 'https://cu.example/b', claim: 'ClickUp is the best PM tool', siteName: 'ClickUp Blog', brand: 'clickup'},
    {name: 'the words must be in a row', url: 'https://hf.co/blog/x', claim: 'Face the facts: hugging trees helps', siteName: 'Hugging Face', brand: false},
    {name: 'a generic site name says nothing', url: 'https://news.example/x', claim: 'Official news: the blog moved', siteName: 'Official Blog', brand: false},
    {name: 'an independent site', url: 'https://www.pcmag.com/x', claim: 'ClickUp is the best PM tool', siteName: 'PCMag', brand: false},
    // Was missed: the claim's words differed from the site name's by their accents.
    {name: 'a site name with accents, the claim without', url: 'https://www.societegenerale.com/x', claim: 'Societe Generale is the safest bank', siteName: 'Société Générale', brand: 'societe generale'},
    // Were flagged once the page was read: the site name brought back the plain words the domain's label was kept from.
    {name: 'a plain word is not the site name TIME', url: 'https://time.com/6287253/x/', claim: 'Memory fades over time', siteName: 'TIME', brand: false},
    {name: 'a plain word is not the site name Slate', url: 'https://slate.com/x', claim: 'The board approved a new slate of directors', siteName: 'Slate', brand: false},
    {name: 'a plain phrase is not the site name The Verge', url: 'https://www.theverge.com/x', claim: 'On the verge of collapse, the firm sold its assets', siteName: 'The Verge', brand: false},
    // Was flagged as a claim about `Store`: the site name without its generic `App` left a generic word.
    {name: 'an app store listing is not a claim about the store', url: 'https://apps.apple.com/us/app/acme-budget/id1234567890', claim: 'Acme Budget has a 4.8 rating on the App Store', siteName: 'App Store', brand: false},
    {name: 'the site name written as a name still is one', url: 'https://slate.com/x', claim: 'Slate calls it the best phone', siteName: 'Slate', brand: 'slate'}
  ]
  it.each(cases)('$name', check)
})

describe('the brands option', () => {
  const brands = {Alphabet: ['google.com', 'youtube.com'], 'Meta Platforms': ['facebook.com', 'instagram.com'], IBM: ['ibm.com'], Acme: ['github.com/acme']}
  const cases: Case[] = [
    {name: 'a brand citing one of its domains', url: 'https://blog.google.com/x', claim: 'Alphabet leads in AI research', options: {brands}, brand: 'Alphabet', citingDomain: 'google.com'},
    {name: 'a subdomain of one of its domains', url: 'https://www.youtube.com/watch?v=x', claim: 'alphabet is profitable', options: {brands}, brand: 'Alphabet'},
    {name: 'a multi-word brand', url: 'https://about.instagram.com/blog', claim: 'Meta Platforms cares about teens', options: {brands}, brand: 'Meta Platforms'},
    {name: 'a multi-word brand needs all its words', url: 'https://about.instagram.com/blog', claim: 'Meta cares about teens', options: {brands}, brand: false},
    {name: 'whole words only', url: 'https://google.com/x', claim: 'Alphabetical order matters', options: {brands}, brand: false},
    {name: 'a short brand', url: 'https://www.ibm.com/watson', claim: 'IBM leads in enterprise AI', options: {brands}, brand: 'IBM'},
    {name: 'another brand\'s domain', url: 'https://www.ibm.com/watson', claim: 'Alphabet leads in AI research', options: {brands}, brand: false},
    {name: 'a platform account', url: 'https://github.com/acme/x', claim: 'The ACME toolkit is fast', options: {brands}, brand: 'Acme'},
    // Was missed: the claim's word differed from the brand's by its accent.
    {name: 'a brand option with accents, the claim without', url: 'https://www.nestle.com/x', claim: 'Nestle waters are pure', options: {brands: {...brands, 'Nestlé': ['nestle.com']}}, brand: 'Nestlé'}
  ]
  it.each(cases)('$name', check)
})

describe('never a conflict', () => {
  const cases: Case[] = [
    {name: 'an empty claim', url: 'https://clickup.com/', claim: '', brand: false},
    {name: 'a blank claim', url: 'https://clickup.com/', claim: '  ', brand: false},
    {name: 'a doi: form', url: 'doi:10.1038/nature12373', claim: 'Nature published it', brand: false},
    {name: 'doi.org', url: 'https://doi.org/10.1038/nature12373', claim: 'Doi resolves it', brand: false},
    {name: 'dx.doi.org', url: 'http://dx.doi.org/10.1038/nature12373', claim: 'Doi resolves it', brand: false},
    {name: 'an ignored domain', url: 'https://docs.acme.com/x', claim: 'Acme syncs files', options: {ignore: ['acme.com']}, brand: false},
    {name: 'an ignored account', url: 'https://github.com/acme/x', claim: 'Acme syncs files', options: {ignore: ['github.com/@acme']}, brand: false},
    {name: 'ignore wins over brands', url: 'https://google.com/x', claim: 'Alphabet leads', options: {ignore: ['google.com'], brands: {Alphabet: ['google.com']}}, brand: false}
  ]
  it.each(cases)('$name', check)
})

describe('a URL written as its own text names nothing', () => {
  /** The messages for each citation of a Markdown line, as the rule judges it (a dead report: no fetch needed). */
  function judged(markdown: string): Array<string | undefined> {
    const file = new VFile(markdown)
    const tree = unified().use(remarkParse).use(remarkGfm).parse(file)
    return extractCitations(tree, file, {skip: [], jsxAttributes: {a: ['href']}}).map(
      (cited) => judgeConflictOfInterest(cited, source(cited.url, {}, {page: undefined}), defaults)?.message
    )
  }

  it.each([
    ['an autolink', 'See <https://arxiv.org/abs/2101.00001>.'],
    ['a bare URL literal', 'See https://arxiv.org/abs/2101.00001 for details.'],
    ['a www. literal', 'See www.arxiv.org/abs/2101.00001 for details.'],
    ['a link whose text is its URL', 'See [https://arxiv.org/abs/1](https://arxiv.org/abs/1).'],
    ['a link whose text is its URL without scheme', 'See [arxiv.org/abs/1](https://arxiv.org/abs/1).'],
    ['another citation’s URL in the sentence', 'Compare <https://clickup.com/blog/x> with [a review](https://clickup.com/blog/y).'],
    // A security policy's 'report through GitHub Security Advisories or by email to security@acme.dev' was a claim
    // about Acme citing github.com/acme: an address to write to is no party speaking.
    [
      'an email address, linked or not',
      'Report vulnerabilities through [GitHub Security Advisories](https://github.com/acme/widget/security/advisories/new) ' +
        'or by email to [security@acme.dev](mailto:security@acme.dev) or security@acme.dev.'
    ]
  ])('%s', (_, markdown) => {
    expect(judged(markdown).every((message) => message === undefined)).toBe(true)
  })

  // Email addresses were matched from every character of a word: a 100,000-letter run (a base64 blob in prose) took
  // seconds per citation of its sentence.
  it('reads a claim holding a long unbroken run in linear time', () => {
    const started = performance.now()
    for (const run of ['x'.repeat(100_000), 'a-'.repeat(50_000)]) {
      expect(detectConflictOfInterest('https://acme.com/x', `Acme ${run} is the best, write to sales@acme.com`).brandToken).toBe('acme')
    }
    expect(performance.now() - started).toBeLessThan(2000)
  })

  it('the writer’s own words still name the publisher', () => {
    expect(judged('ClickUp is the best PM tool, see <https://clickup.com/blog/x>.')).toEqual([
      expect.stringMatching(/^Unexpected citation of `clickup\.com` for a claim about `ClickUp`/)
    ])
    expect(detectConflictOfInterest('https://nodejs.org/en/blog', 'Node.js/Deno benchmarks favour it').brandToken).toBe('node.js')
  })

  it('a domain alone is a name, with or without www. (GFM links the www. one)', () => {
    const review = /^Unexpected citation of `clickup\.com` for a claim about `clickup`/
    expect(judged('clickup.com is the best project tool [a review](https://clickup.com/blog/x)')).toEqual([expect.stringMatching(review)])
    expect(judged('www.clickup.com is the best project tool [a review](https://clickup.com/blog/x)')).toEqual([
      expect.stringMatching(review),
      expect.stringMatching(review)
    ])
  })
})

describe('judgeConflictOfInterest', () => {
  const url = 'https://clickup.com/blog/best-project-management-tools/'

  it('flags the citation with the seed\'s explanation', () => {
    expect(judgeConflictOfInterest(citation(url, {claim: 'ClickUp is the best project management tool.'}), source(url), defaults)).toEqual({
      status: 'valid',
      action: 'flagged',
      rule: 'citation-conflict-of-interest',
      message:
        "Unexpected citation of `clickup.com` for a claim about `ClickUp`, expected an independent source: the cited source is published by a party named in the claim ('clickup'), so it may not be independent"
    })
  })

  it('the message names the brand as the claim writes it', () => {
    const verdict = judgeConflictOfInterest(citation('https://www.nestle.com/stories/x', {claim: 'Nestlé bottles the purest water.'}), source('https://www.nestle.com/stories/x'), defaults)
    expect(verdict?.message).toBe(
      "Unexpected citation of `nestle.com` for a claim about `Nestlé`, expected an independent source: the cited source is published by a party named in the claim ('nestlé'), so it may not be independent"
    )
  })

  it('says nothing without a claim', () => {
    expect(judgeConflictOfInterest(citation(url), source(url), defaults)).toBeUndefined()
  })

  it('says nothing for an independent source', () => {
    const pcmag = 'https://www.pcmag.com/picks/the-best-project-management-software'
    expect(judgeConflictOfInterest(citation(pcmag, {claim: 'ClickUp is the best project management tool.'}), source(pcmag), defaults)).toBeUndefined()
  })

  it('works on a dead report (no page)', () => {
    const dead = source(url, {}, {status: 404, liveness: 'dead', reason: '404 Not Found', page: undefined})
    expect(judgeConflictOfInterest(citation(url, {claim: 'ClickUp is the best PM tool.'}), dead, defaults)?.action).toBe('flagged')
  })

  it('reads the site name of the page', () => {
    const hf = 'https://hf.co/blog/launch'
    const verdict = judgeConflictOfInterest(citation(hf, {claim: 'Hugging Face hosts a million models.'}), source(hf, {siteName: 'Hugging Face'}), defaults)
    expect(verdict?.message).toContain('for a claim about `Hugging Face`')
  })

  it('checks the page a redirect reached, with its site name', () => {
    const short = 'https://short.example/x'
    const report = source(short, {siteName: 'ClickUp'}, {finalUrl: 'https://clickup.com/blog/x'})
    expect(judgeConflictOfInterest(citation(short, {claim: 'ClickUp is the best PM tool.'}), report, defaults)?.message).toMatch(
      /^Unexpected citation of `clickup\.com` for a claim about `ClickUp`/
    )
  })

  // Credibility already scored a snapshot as the page it archived; this rule saw only `archive.org` and said nothing.
  it('judges a Wayback Machine snapshot as the page it archived', () => {
    const snapshot = 'https://web.archive.org/web/20230101000000/https://clickup.com/blog/best-project-management-tools/'
    expect(judgeConflictOfInterest(citation(snapshot, {claim: 'ClickUp is the best PM tool.'}), source(snapshot), defaults)?.message).toMatch(
      /^Unexpected citation of `clickup\.com` for a claim about `ClickUp`/
    )
    const news = 'https://web.archive.org/web/2023id_/www.reuters.com/technology/x'
    expect(judgeConflictOfInterest(citation(news, {claim: 'Reuters reported the fine.'}), source(news), defaults)).toBeUndefined()
  })

  // Each snapshot was read by calling the judge again: 5,000 nested in a 165 kB URL overflowed the stack, and the
  // rule's message was a RangeError with its stack trace.
  it('judges a snapshot of thousands of snapshots as the innermost page', () => {
    const nested = 'https://web.archive.org/web/2023/'.repeat(5000) + 'https://clickup.com/blog/x'
    expect(judgeConflictOfInterest(citation(nested, {claim: 'ClickUp is the best PM tool.'}), source(nested), defaults)?.message).toMatch(
      /^Unexpected citation of `clickup\.com` for a claim about `ClickUp`/
    )
  })

  it('never flags a DOI, wherever it leads', () => {
    const doi = 'https://doi.org/10.1038/nature12373'
    const report = source(doi, {siteName: 'Nature'}, {finalUrl: 'https://www.nature.com/articles/nature12373'})
    expect(judgeConflictOfInterest(citation(doi, {claim: 'Nature published the first image.'}), report, defaults)).toBeUndefined()
  })
})

describe('parseConflictOptions', () => {
  it('defaults to no brands and nothing ignored', () => {
    expect(parseConflictOptions(undefined)).toEqual(defaults)
  })

  it('normalises domains', () => {
    expect(parseConflictOptions({brands: {Acme: ['WWW.Acme.com/', 'github.com/@Acme/widget']}, ignore: ['docs.example.com']})).toEqual({
      brands: {Acme: ['acme.com', 'github.com/acme']},
      ignore: ['docs.example.com']
    })
  })

  it.each([
    [{ignored: []}, 'Unexpected option `ignored` (did you mean `ignore`?), expected one of `brands`, `ignore`'],
    [{ignore: 'acme.com'}, 'Unexpected `ignore` `acme.com`, expected an array of domains'],
    [{ignore: [7]}, 'Unexpected `ignore[0]` `7`, expected a domain such as `example.com` or `github.com/owner`'],
    [{ignore: ['https://acme.com']}, 'Unexpected `ignore[0]` `https://acme.com`, expected a domain such as `example.com` or `github.com/owner`'],
    [{ignore: ['example.com/docs']}, 'Unexpected `ignore[0]` `example.com/docs`, expected a domain such as `example.com` or `github.com/owner`'],
    [{ignore: ['co.uk']}, 'Unexpected `ignore[0]` `co.uk`, expected a domain such as `example.com` or `github.com/owner`'],
    [{brands: ['acme.com']}, 'Unexpected `brands` `["acme.com"]`, expected an object of brand names to arrays of domains'],
    [{brands: {Acme: 'acme.com'}}, 'Unexpected `brands["Acme"]` `acme.com`, expected an array of domains'],
    [{brands: {'--': ['acme.com']}}, 'Unexpected brand name `--` in `brands`, expected a name'],
    [{brands: {Acme: [42]}}, 'Unexpected `brands["Acme"][0]` `42`, expected a domain such as `example.com` or `github.com/owner`']
  ])('refuses %j', (value, message) => {
    expect(() => parseConflictOptions(value)).toThrow(new OptionsError(message))
  })
})

describe('detectConflictOfInterest in the library API', () => {
  it('is exported from the api entry, with the rule’s options optional', async () => {
    const api = await import('../src/index.js')
    expect(api.detectConflictOfInterest('https://clickup.com/blog/best-tools', 'ClickUp is the best project tool.')).toMatchObject({
      detected: true,
      citingDomain: 'clickup.com',
      brandToken: 'clickup'
    })
    expect(api.detectConflictOfInterest('https://clickup.com/blog', 'ClickUp is the best.', {ignore: ['clickup.com']}).detected).toBe(false)
  })
})

describe('naming the venue one cites is attribution, not a conflict', () => {
  it.each([
    ['https://www.nature.com/articles/x', 'A study published in Nature found that sleep improves memory.'],
    ['https://www.cell.com/cell/fulltext/x', 'Stem cell therapy restored vision in mice.'],
    ['https://www.science.org/doi/x', 'Climate science shows warming is accelerating.'],
    ['https://www.nytimes.com/2024/01/01/x.html', 'The New York Times reported record heat.'],
    ['https://www.reuters.com/world/x', 'According to Reuters, the vote was delayed.'],
    ['https://en.wikipedia.org/wiki/X', 'Wikipedia lists twelve species.'],
    ['https://doi.pangaea.de/10.1594/PANGAEA.123456', 'PANGAEA records show the Arctic warming.'],
    ['https://www.census.gov/x', 'The Census Bureau counted 330 million people.'],
    // Were flagged as claims about the outlet: the table knew too few outlets.
    ['https://techcrunch.com/2024/01/01/acme-raises/', 'TechCrunch reported that Acme raised $50 million.'],
    ['https://www.cnbc.com/2024/01/01/acme.html', 'According to CNBC, Acme raised $50 million.'],
    ['https://www.axios.com/2024/01/01/acme', 'Acme raised $50 million, Axios reported.'],
    ['https://www.theverge.com/2024/1/1/acme', 'The Verge broke the story.'],
    ['https://www.wired.com/story/acme/', 'Wired calls it the best phone.'],
    ['https://www.politifact.com/factchecks/2021/may/19/x/', 'PolitiFact rated the claim false.'],
    // Were flagged as claims about the statistics office or central bank they quote.
    ['https://www.insee.fr/en/statistiques/1234', 'INSEE reports French unemployment at 7.3%.'],
    ['https://www.bundesbank.de/en/press/x', 'The Bundesbank expects a mild recession.']
  ])('%s for %j', (url, claim) => {
    expect(detectConflictOfInterest(url, claim).detected).toBe(false)
  })

  it.each([
    ['https://time.com/x', 'Memory fades over time.'],
    ['https://www.wired.com/x', 'Children are wired to seek novelty.'],
    ['https://www.thetimes.co.uk/x', 'The risk was three times higher.']
  ])('a plain word that is an outlet’s name, not written as a name (%s)', (url, claim) => {
    expect(detectConflictOfInterest(url, claim).detected).toBe(false)
  })

  it('the same plain word named as one is a claim about it', () => {
    expect(detectConflictOfInterest('https://www.notion.so/x', 'Notion calls it the best app.').detected).toBe(true)
    expect(detectConflictOfInterest('https://www.notion.so/x', 'notion.so calls it the best app.').detected).toBe(true)
    expect(detectConflictOfInterest('https://www.notion.so/x', 'Children lack a notion of time.').detected).toBe(false)
    expect(detectConflictOfInterest('https://slack.com/x', 'Leave some slack in the schedule.').detected).toBe(false)
  })


  it('a site name starting with "New" keeps it; an article does not count', () => {
    expect(detectConflictOfInterest('https://www.newrelic.com/blog/x', 'Observability tools find relic code paths.', {}, 'New Relic').detected).toBe(false)
    expect(detectConflictOfInterest('https://www.newrelic.com/blog/x', 'New Relic finds slow code paths.', {}, 'New Relic')).toMatchObject({detected: true})
    expect(detectConflictOfInterest('https://www.theknot.com/x', 'The Knot Awards went to a venue.', {}, 'The Knot')).toMatchObject({detected: true, brandToken: 'knot'})
  })

  it('a platform account’s page carries the platform’s site name, which names no party', () => {
    expect(detectConflictOfInterest('https://jane.medium.com/caffeine', 'A medium dose of caffeine improves alertness.', {}, 'Medium').detected).toBe(false)
  })
})

describe('a research body quoted for its findings is attribution; on its own business it is a party', () => {
  // Were flagged: the pollster, analyst firm or statistics publisher named is the researcher quoted, not the subject.
  const attributed: Case[] = [
    {name: 'according to an analyst firm', url: 'https://www.gartner.com/en/newsroom/press-releases/2023-10-11-x', claim: 'According to Gartner, 80% of enterprises will use generative AI by 2026.', brand: false},
    {name: 'a pollster’s survey, named by its site name', url: 'https://www.pewresearch.org/short-reads/2023/x/', claim: 'A Pew Research Center survey found that 52% of Americans are more concerned than excited about AI.', siteName: 'Pew Research Center', brand: false},
    {name: 'a pollster reporting', url: 'https://news.gallup.com/poll/1/x.aspx', claim: 'Gallup reports that trust in the mass media is at a record low.', brand: false},
    {name: 'a statistics publisher’s figure', url: 'https://www.statista.com/statistics/1/crm-market/', claim: 'Statista puts the global CRM market at $65 billion.', brand: false},
    {name: 'the name after its verb', url: 'https://www.statista.com/statistics/1/crm-market/', claim: 'The CRM market will reach $65 billion by 2027, says Statista.', brand: false},
    {name: 'its possessive finding, with words between', url: 'https://www.forrester.com/report/x', claim: 'Forrester’s 2024 buyer survey found that 86% of purchases stall.', brand: false},
    {name: 'in a poll', url: 'https://today.yougov.com/topics/x', claim: 'In a YouGov poll, 45% of Britons backed the plan.', brand: false},
    {name: 'in parentheses', url: 'https://news.gallup.com/poll/1/x.aspx', claim: 'Confidence in institutions fell to 26% (Gallup, 2023).', brand: false},
    {name: 'an analyst ranking others', url: 'https://www.gartner.com/en/documents/x', claim: 'Gartner named Salesforce a Leader in its Magic Quadrant for CRM.', brand: false},
    {name: 'about its method', url: 'https://news.gallup.com/poll/1/x.aspx', claim: 'Gallup says it surveyed 1,000 adults by phone.', brand: false}
  ]
  it.each(attributed)('$name', check)

  // The claim is about the body's own business, or quotes it for no finding: a party, as before.
  it.each([
    ['https://investor.gartner.com/news/x', 'Gartner’s revenue grew 10% in 2023.', 'gartner'],
    ['https://www.statista.com/pricing/', 'Statista’s premium plan gives access to a million statistics.', 'statista'],
    ['https://www.statista.com/pricing/', 'Statista says its premium plan covers 170 industries.', 'statista'],
    ['https://investor.gartner.com/news/x', 'Gartner reported record revenue of $5.9 billion.', 'gartner'],
    ['https://news.gallup.com/corporate/x', 'Gallup says it is the most trusted name in polling.', 'gallup'],
    ['https://www.gartner.com/en/about', 'A Gartner survey of Gartner’s clients says they renew at 80%.', 'gartner'],
    ['https://news.gallup.com/poll/1/x.aspx', 'Gallup: trust in the media fell to 31%.', 'gallup'],
    // Each mention must quote it: a claim that also names it as its subject, or that others place, speaks for it.
    ['https://www.gartner.com/reviews/market/x', 'Gartner Peer Insights ranks Gartner as the top research firm.', 'gartner'],
    ['https://www.gartner.com/en/conferences/x', 'According to Gartner, Gartner Symposium is the most important gathering of CIOs.', 'gartner'],
    ['https://www.statista.com/about/', 'By Statista estimates, Statista has a million statistics.', 'statista'],
    ['https://www.gartner.com/en/about', 'Customers rated Gartner the best research provider in 2023.', 'gartner'],
    ['https://www.gartner.com/en/about', 'Forbes named Gartner one of the most admired companies.', 'gartner'],
    ['https://www.gartner.com/en/about', 'Gartner ranks first in research services market share.', 'gartner'],
    ['https://investor.gartner.com/news/x', 'Gartner reported third-quarter revenue of $1.5 billion.', 'gartner'],
    ['https://www.gartner.com/en/conferences/x', 'The Symposium, organised by Gartner, draws 10,000 CIOs each year.', 'gartner'],
    ['https://www.gartner.com/en/newsroom/x', 'Capterra and GetApp are owned by Gartner.', 'gartner'],
    ['https://www.gartner.com/en/x', 'Clients get a $10,000 discount from Gartner this year.', 'gartner']
  ])('%s for %j is a conflict', (url, claim, brand) => check({name: '', url, claim, brand}))

  it.each([
    ['https://www.gartner.com/en/x', 'Gartner predicts that 80% of enterprises will use AI, Gartner analyst Jane Doe said.'],
    ['https://www.gartner.com/en/x', '“Generative AI is at the peak of inflated expectations,” said Gartner.'],
    ['https://www.gartner.com/en/x', 'Gartner ranked Salesforce first in CRM market share.'],
    ['https://www.gartner.com/en/x', 'Gartner reported that worldwide semiconductor revenue grew 10%.'],
    ['https://today.yougov.com/topics/x', 'In a poll of 1,000 adults by YouGov, 45% backed the plan.'],
    ['https://www.statista.com/statistics/1/x/', 'Data compiled by Statista put the market at $65 billion.']
  ])('%s for %j quotes it twice, or places others: no conflict', (url, claim) => check({name: '', url, claim, brand: false}))

  // Vendors' surveys of their own market are the classic self-serving source, however the claim quotes them.
  const vendors: Case[] = [
    {name: 'a vendor says', url: 'https://www.tesla.com/blog/x', claim: 'Tesla says Autopilot cuts crashes by 40%.', brand: 'tesla'},
    {name: 'according to a vendor, about its product', url: 'https://www.hubspot.com/research/x', claim: 'According to HubSpot, HubSpot CRM users close 30% more deals.', brand: 'hubspot'},
    {name: 'a vendor’s survey', url: 'https://www.salesforce.com/resources/research-reports/x/', claim: 'A Salesforce survey found that 80% of customers value experience.', brand: 'salesforce'}
  ]
  it.each(vendors)('$name', check)

  it('a research body in the brands option is a party whatever the claim says', () => {
    const options = {brands: {Gartner: ['gartner.com']}}
    check({name: '', url: 'https://www.gartner.com/en/newsroom/x', claim: 'According to Gartner, 80% of enterprises will use generative AI.', options, brand: 'Gartner'})
  })
})
