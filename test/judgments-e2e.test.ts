// The four judgment rules (title match, conflict of interest, credibility, claim support) end to end through
// remark (unified + the preset) against a web on 127.0.0.1 that answers for many `*.test` host names: the
// messages a user reads, their positions, the rules' options, and invalid options.

import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import type {Pluggable} from 'unified'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {citationClaimSupport, citationConflictOfInterest, citationCredibility, citationTitleMatch} from '../rules/index.js'
import {closeSharedVerifiers} from '../src/verify/shared.js'
import {lint} from './helpers/lint.js'
import {html, startWeb, status, testResolve, type Web} from './helpers/web.js'

let web: Web
let folder: string
const options = () => ({allowPrivateAddresses: ['127.0.0.1/32'], resolve: testResolve, timeout: 1000, retries: 0})

const coffee = [
  '<h1>Coffee and your heart: what the evidence says</h1>',
  '<p>A cohort study followed 50,000 adults for twelve years to measure how daily coffee drinking relates to heart health.</p>',
  '<p>Drinking three cups of coffee a day increases the risk of high blood pressure by 14% in adults over 60.</p>',
  '<p>Decaffeinated coffee showed no link with blood pressure in any age group.</p>'
].join('')

beforeAll(async () => {
  // Routes go by path whatever the host, so every path is unique and `web.hits(path)` counts one source.
  web = await startWeb({
    '/papers/resnet': html(
      'Deep Residual Learning for Image Recognition',
      '<p>We present a residual learning framework to ease the training of networks that are substantially deeper than those used previously.</p>'
    ),
    '/papers/bidi': html('Deep Residual \u202Egninrael\u202C Learning \u2066for\u2069 Image\u200F Recognition'),
    '/papers/attention': html('Attention Is All You Need', '<p>We propose the Transformer, a model architecture based solely on attention.</p>'),
    '/fr/climat': html('Le réchauffement climatique', '<p>Les températures moyennes ont augmenté depuis 1900.</p>'),
    '/blog/best-tools': html('The best project management tools | Acme Blog', '<p>Acme is the best project management tool for small teams.</p>'),
    '/reviews/tools': html('Project management tools compared', '<p>We compared ten project management tools for small teams.</p>'),
    '/db/benchmarks': html('Database benchmarks', '<p>Globex ships the fastest database in our benchmarks.</p>'),
    '/health/coffee': html('Coffee and your heart', coffee),
    '/shared/report': html('Acme Annual Report', '<p>Acme sales grew by 40% in 2024 across every region.</p>'),
    '/gone': status(404),
    '/articles/numpy': html('Array programming with NumPy'),
    // A DOI resolver handing over to the publisher, on the host the request named.
    '/doi/numpy': (request, response) => void response.writeHead(302, {location: `http://www.nature.test:${request.headers.host!.split(':')[1]}/articles/numpy`}).end()
  })
  folder = mkdtempSync(join(tmpdir(), 'judgments-e2e-'))
})

afterAll(async () => {
  await closeSharedVerifiers()
  await web.close()
  rmSync(folder, {recursive: true, force: true})
})

/** The message lines of one rule. */
const of = (rule: string, messages: string[]) => messages.filter((line) => line.endsWith(` [${rule}]`) || line.endsWith(` [${rule}, error]`))

/** `line:column-line:column` of the URL's own characters in the document (its first occurrence, or the last). */
function at(markdown: string, url: string, occurrence: 'first' | 'last' = 'first'): string {
  const start = occurrence === 'first' ? markdown.indexOf(url) : markdown.lastIndexOf(url)
  if (start === -1) throw new Error(`${url} is not in the document`)
  const point = (offset: number) => {
    const before = markdown.slice(0, offset).split('\n')
    return `${before.length}:${before.at(-1)!.length + 1}`
  }
  return `${point(start)}-${point(start + url.length)}`
}

/** Lint with one rule's options: `[rule, ['warn', options]]`. */
const withOptions = (markdown: string, rule: Pluggable, ruleOptions: unknown) =>
  lint(markdown, options(), 'doc.md', [[rule, ['warn', ruleOptions]] as Pluggable])

describe('citation-title-match', () => {
  it('a title attribute naming another paper is reported at the URL, with the page title and its source', async () => {
    const url = `${web.origin('papers.test')}/papers/resnet`
    const markdown = `Deeper networks train well ([the paper](${url} "Attention Is All You Need")).\n`
    const {messages} = await lint(markdown, options())
    expect(of('citation-title-match', messages)).toEqual([
      `${at(markdown, url)}: Unexpected cited title “Attention Is All You Need” for \`${url}\`, expected the page title “Deep Residual Learning for Image Recognition” (\`title\`) [citation-title-match]`
    ])
  })

  it('a page title with bidirectional controls is quoted without them: it cannot reverse the rest of the line', async () => {
    const url = `${web.origin('papers.test')}/papers/bidi`
    const markdown = `Deeper networks train well ([the paper](${url} "Attention Is All You Need")).\n`
    const {messages} = await lint(markdown, options())
    expect(of('citation-title-match', messages)).toEqual([
      `${at(markdown, url)}: Unexpected cited title “Attention Is All You Need” for \`${url}\`, expected the page title “Deep Residual gninrael Learning for Image Recognition” (\`title\`) [citation-title-match]`
    ])
  })

  it('a matching title, one changed word in five, and descriptive link text are silent', async () => {
    const url = `${web.origin('papers.test')}/papers/resnet`
    const markdown = [
      `One ([paper](${url} "Deep Residual Learning for Image Recognition")).`,
      `Two ([paper](${url} "Deep Residual Networks for Image Recognition")).`,
      `Three: see [the residual learning paper](${url}).`,
      ``
    ].join('\n')
    const {messages} = await lint(markdown, options())
    expect(of('citation-title-match', messages)).toEqual([])
  })

  // Only “English” and "straight" quotes were read: a footnote in another language had no cited title, so a wrong one passed.
  it('a footnote’s title in « French », „German“ or 《Chinese》 quotes is compared', async () => {
    const url = `${web.origin('journal.test')}/fr/climat`
    const markdown = [
      'Le climat change.[^1] Das Klima ändert sich.[^2] 气候在变化。[^3]',
      '',
      `[^1]: Dupont, « La crise du logement », Le Monde, ${url}`,
      `[^2]: Müller, „Le réchauffement climatique“, ${url}?de`,
      `[^3]: 《量子计算导论》, ${url}?zh`,
      ''
    ].join('\n')
    const {messages} = await lint(markdown, options())
    expect(of('citation-title-match', messages)).toEqual([
      `${at(markdown, url)}: Unexpected cited title “La crise du logement” for \`${url}\`, expected the page title “Le réchauffement climatique” (\`title\`) [citation-title-match]`,
      `${at(markdown, `${url}?zh`)}: Unexpected cited title “量子计算导论” for \`${url}?zh\`, expected the page title “Le réchauffement climatique” (\`title\`) [citation-title-match]`
    ])
  })

  // Only English ones were known: `[Este artículo](url)`, `[こちらの記事](url)` were titles the page's did not match.
  it('link text saying “this article” or “click here” in another language is no title', async () => {
    const url = `${web.origin('papers.test')}/papers/resnet`
    const texts = ['Este artículo', 'Hier klicken', 'Cet article', 'Эта статья', '原文链接', 'こちらの記事', '이 기사']
    const markdown = texts.map((text) => `Residual networks train deeper ([${text}](${url})).`).join('\n\n') + '\n'
    const {messages} = await lint(markdown, options())
    expect(of('citation-title-match', messages)).toEqual([])
  })

  // Only whole phrases were known (`here`, `the article`): `[Source 1](url)`, as AI-written reports label their links,
  // or `[Read the full article](url)` were titles the page's did not match.
  it('link text made of pointing words and reference numbers is no title, and a title beside them still is', async () => {
    const url = `${web.origin('papers.test')}/papers/resnet`
    const texts = ['Source 1', 'Ref. 2', 'Sources 1-3', 'Read the full article', 'Full article', 'This study (PDF)', 'Link to source', 'Archived copy']
    const markdown = [...texts, 'Attention Is All You Need (PDF)'].map((text) => `Residual networks train deeper ([${text}](${url})).`).join('\n\n') + '\n'
    const {messages} = await lint(markdown, options())
    expect(of('citation-title-match', messages)).toEqual([
      `${at(markdown, url, 'last')}: Unexpected cited title “Attention Is All You Need (PDF)” for \`${url}\`, expected the page title “Deep Residual Learning for Image Recognition” (\`title\`) [citation-title-match]`
    ])
  })

  // Link text that is an address was no title at all: the reader saw one site and landed on another in silence.
  it('link text that is an address of another site than the page the link opens is reported; a redirect to it is not', async () => {
    const copy = `${web.origin('blog.test')}/articles/numpy`
    const mirror = `${web.origin('mirror.test')}/articles/numpy`
    const doi = `${web.origin('doi.test')}/doi/numpy`
    const markdown = [
      `NumPy is the array library ([www.nature.test](${copy})).`,
      `NumPy is the array library ([http://www.nature.test/articles/numpy](${mirror})).`,
      `NumPy is the array library ([www.nature.test](${doi})).`,
      `NumPy is the array library ([www.blog.test](${copy})).`,
      `NumPy is the array library ([see the www.nature.test paper](${copy})).`,
      // Code and products' names: identifiers whose last word is also a country's or a generic suffix.
      `Masked arrays live in [\`np.ma\`](${copy}); the web framework is [ASP.NET](${copy}).`,
      ``
    ].join('\n\n')
    const {messages} = await lint(markdown, options())
    expect(of('citation-title-match', messages)).toEqual([
      `${at(markdown, copy)}: Unexpected link text \`www.nature.test\` on a citation of \`${copy}\`, expected the text to name the page it links [citation-title-match]`,
      `${at(markdown, mirror)}: Unexpected link text \`http://www.nature.test/articles/numpy\` on a citation of \`${mirror}\`, expected the text to name the page it links [citation-title-match]`
    ])
  })

  it('`threshold: 0.9` reports the title one word off that the default 0.8 lets pass', async () => {
    const url = `${web.origin('papers.test')}/papers/resnet`
    const markdown = `Residual nets ([paper](${url} "Deep Residual Networks for Image Recognition")).\n`
    const {messages} = await withOptions(markdown, citationTitleMatch, {threshold: 0.9})
    expect(of('citation-title-match', messages)).toEqual([
      `${at(markdown, url)}: Unexpected cited title “Deep Residual Networks for Image Recognition” for \`${url}\`, expected the page title “Deep Residual Learning for Image Recognition” (\`title\`) [citation-title-match]`
    ])
  })

  it('an invalid `threshold` is one message naming it, under the rule id; the other rules still report', async () => {
    const url = `${web.origin('papers.test')}/papers/resnet`
    const markdown = `Deeper networks ([the paper](${url} "Attention Is All You Need")).\n`
    const {messages, file} = await withOptions(markdown, citationTitleMatch, {threshold: 1.5})
    expect(of('citation-title-match', messages)).toEqual(['1:1: Unexpected `threshold` `1.5`, expected a number from 0 to 1 [citation-title-match, error]'])
    expect(file.messages.filter((message) => message.ruleId === 'citation-title-match')).toHaveLength(1)
    expect(of('citation-credibility', messages)).toHaveLength(1)
  })

  it('an invalid option is said in a document of links without text (`[](url)`, as `verify` writes sources), not dropped as out of view', async () => {
    const url = `${web.origin('papers.test')}/papers/resnet`
    const {messages, file} = await withOptions(`[](${url})\n`, citationTitleMatch, {threshold: 1.5})
    expect(of('citation-title-match', messages)).toEqual([expect.stringMatching(/^1:\d+: Unexpected `threshold` `1.5`, expected a number from 0 to 1 \[citation-title-match, error\]$/)])
    expect(file.messages.find((message) => message.ruleId === 'citation-title-match')?.place).toBeUndefined()
  })

  // An AI-written report ends with a reference list: the URL of another paper under an entry's title passed
  // silently, while each genuine entry's journal, volume and pages were judged as a claim ("weak support (0.02)").
  it('a bibliography entry’s title is compared, and the entry claims only what its marker in the text says', async () => {
    const resnet = `${web.origin('papers.test')}/papers/resnet`
    const attention = `${web.origin('papers.test')}/papers/attention`
    const markdown = [
      'Residual networks train deep models [1], and attention replaced recurrence [2].[^1]',
      '',
      '1. He, K., Zhang, X., Ren, S., & Sun, J. (2016). Deep residual learning for image recognition. *Proceedings of the IEEE Conference on Computer Vision and Pattern Recognition*, 770–778. ' + resnet,
      `2. Vaswani, A., Shazeer, N., & Parmar, N. (2017). Attention is all you need. *Advances in Neural Information Processing Systems*, 30. <${resnet}?apa>`,
      `3. Vaswani A, Shazeer N. Attention is all you need. Adv Neural Inf Process Syst. 2017;30:5998-6008. ${attention}`,
      `4. Vaswani, A. (2017). Attention is all you need. [Advances in Neural Information Processing Systems](${attention}?journal), 30.`,
      '',
      `Smith, J. (2020). Deep residual learning for image recognition. Acme Annual Report, 12. ${attention}?line`,
      `World Health Organization. (2016). Deep residual learning for image recognition. Acme Annual Report. ${resnet}?line`,
      `Acme Corp. (2024). Acme annual report. Acme. ${web.origin('acme.test')}/shared/report`,
      '',
      `[^1]: Vaswani, A. (2017). Attention is all you need. ${resnet}?fn`,
      ''
    ].join('\n')
    const {messages} = await lint(markdown, options())
    const wrong = (url: string, cited: string, title: string) =>
      `${at(markdown, url, 'last')}: Unexpected cited title “${cited}” for \`${url}\`, expected the page title “${title}” (\`title\`) [citation-title-match]`
    expect(of('citation-title-match', messages)).toEqual([
      wrong(`${resnet}?apa`, 'Attention is all you need', 'Deep Residual Learning for Image Recognition'),
      wrong(`${attention}?line`, 'Deep residual learning for image recognition', 'Attention Is All You Need'),
      wrong(`${resnet}?fn`, 'Attention is all you need', 'Deep Residual Learning for Image Recognition')
    ])
    // Entry 2 is marked for "attention replaced recurrence" but its URL is the ResNet paper's; the others claim
    // nothing of their own (no journal or pages judged), and entry 1's marked words are supported.
    expect(of('citation-claim-support', messages).filter((line) => !line.includes('?fn'))).toEqual([
      expect.stringMatching(new RegExp(`^${at(markdown, `${resnet}?apa`, 'last')}: Unexpected weak support \\(0\\.00\\)`))
    ])
    expect(of('citation-conflict-of-interest', messages)).toEqual([])
  })
})

describe('citation-conflict-of-interest', () => {
  it('a vendor’s own blog cited for a claim about the vendor is reported at the URL', async () => {
    const url = `${web.origin('acme.test')}/blog/best-tools`
    const markdown = `Acme is the best project management tool ([their list](${url})).\n`
    const {messages} = await lint(markdown, options())
    expect(of('citation-conflict-of-interest', messages)).toEqual([
      `${at(markdown, url)}: Unexpected citation of \`acme.test\` for a claim about \`Acme\`, expected an independent source: the cited source is published by a party named in the claim ('acme'), so it may not be independent [citation-conflict-of-interest]`
    ])
  })

  it('an independent review of the vendor, and a vendor source for a claim not about it, are silent', async () => {
    const markdown = [
      `Acme is the best project management tool ([a review](${web.origin('reviews.test')}/reviews/tools)).`,
      ``,
      `Small teams need project management tools ([a list](${web.origin('acme.test')}/blog/best-tools)).`,
      ``
    ].join('\n')
    const {messages} = await lint(markdown, options())
    expect(of('citation-conflict-of-interest', messages)).toEqual([])
  })

  it('`brands` names a party the address does not spell; `ignore` silences a publisher', async () => {
    const initech = `${web.origin('www.initech.test')}/db/benchmarks`
    const acme = `${web.origin('docs.acme.test')}/blog/best-tools`
    const markdown = [`Globex ships the fastest database ([benchmarks](${initech})).`, ``, `Acme is the best tool ([list](${acme})).`, ``].join('\n')
    const {messages} = await withOptions(markdown, citationConflictOfInterest, {brands: {Globex: ['initech.test']}, ignore: ['acme.test']})
    expect(of('citation-conflict-of-interest', messages)).toEqual([
      `${at(markdown, initech)}: Unexpected citation of \`initech.test\` for a claim about \`Globex\`, expected an independent source: the cited source is published by a party named in the claim ('Globex'), so it may not be independent [citation-conflict-of-interest]`
    ])
    // Without the options: the brand is unknown, and Acme's docs are reported.
    const plain = await lint(markdown, options())
    expect(of('citation-conflict-of-interest', plain.messages)).toEqual([expect.stringContaining('Unexpected citation of `acme.test` for a claim about `Acme`')])
  })

  it('an `ignore` entry that is a URL, not a domain, is one message naming the entry', async () => {
    const url = `${web.origin('acme.test')}/blog/best-tools`
    const markdown = `Acme is the best project management tool ([list](${url})).\n`
    const {messages, file} = await withOptions(markdown, citationConflictOfInterest, {ignore: ['https://acme.test/']})
    expect(of('citation-conflict-of-interest', messages)).toEqual([
      '1:1: Unexpected `ignore[0]` `https://acme.test/`, expected a domain such as `example.com` or `github.com/owner` [citation-conflict-of-interest, error]'
    ])
    expect(file.messages.filter((message) => message.ruleId === 'citation-conflict-of-interest')).toHaveLength(1)
    expect(of('citation-credibility', messages)).toHaveLength(1)
  })
})

describe('citation-credibility', () => {
  it('a source the table does not know is reported at the URL with its score, category and reason', async () => {
    const url = `${web.origin('papers.test')}/papers/attention`
    const markdown = `Transformers use attention ([paper](${url})).\n`
    const {messages} = await lint(markdown, options())
    expect(of('citation-credibility', messages)).toEqual([
      `${at(markdown, url)}: Unexpected low-credibility source \`papers.test\` (0.60, unknown source), expected a source scoring at least 0.8: no category is known for this domain, so add it to \`trusted\` or a list if you vouch for it [citation-credibility]`
    ])
  })

  it('a `trusted` domain covers its subdomains; `threshold: 0.6` lets unknown sources pass', async () => {
    const markdown = [
      `Transformers use attention ([paper](${web.origin('www.papers.test')}/papers/attention)).`,
      ``,
      `Residual nets train deeper ([paper](${web.origin('journal.test')}/papers/resnet)).`,
      ``
    ].join('\n')
    const trusted = await withOptions(markdown, citationCredibility, {trusted: ['papers.test', 'journal.test']})
    expect(of('citation-credibility', trusted.messages)).toEqual([])
    const lenient = await withOptions(markdown, citationCredibility, {threshold: 0.6})
    expect(of('citation-credibility', lenient.messages)).toEqual([])
    const plain = await lint(markdown, options())
    expect(of('citation-credibility', plain.messages)).toHaveLength(2)
  })

  it('`lists`: a bare domain is trusted, a score is used, and the message names the file and line', async () => {
    const list = join(folder, 'sources.txt')
    writeFileSync(list, ['# our sources', 'papers.test', 'acme.test 0.3   # their own product claims', ''].join('\n'))
    const paper = `${web.origin('papers.test')}/papers/attention`
    const vendor = `${web.origin('acme.test')}/reviews/tools`
    const markdown = `Transformers use attention ([paper](${paper})) and teams compare tools ([list](${vendor})).\n`
    const {messages} = await withOptions(markdown, citationCredibility, {lists: [list]})
    expect(of('citation-credibility', messages)).toEqual([
      `${at(markdown, vendor)}: Unexpected low-credibility source \`acme.test\` (0.30, unknown source), expected a source scoring at least 0.8: listed in \`${list}\` line 3 [citation-credibility]`
    ])
  })

  it('a malformed list line is one message naming the file and line', async () => {
    const list = join(folder, 'bad-sources.txt')
    writeFileSync(list, ['papers.test', 'acme.test trustworthy', ''].join('\n'))
    const markdown = `Transformers use attention ([paper](${web.origin('papers.test')}/papers/attention)).\n`
    const {messages, file} = await withOptions(markdown, citationCredibility, {lists: [list]})
    expect(of('citation-credibility', messages)).toEqual([
      expect.stringMatching(
        new RegExp(`^1:1: Unexpected \`acme\\.test trustworthy\` in \`${list.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\` line 2, expected a domain, optionally followed by a category \\(.*\\) or a score from 0 to 1 \\[citation-credibility, error\\]$`)
      )
    ])
    expect(file.messages.filter((message) => message.ruleId === 'citation-credibility')).toHaveLength(1)
  })
})

describe('citation-claim-support', () => {
  const url = () => `${web.origin('health.test')}/health/coffee`

  it('a claim the page does not make is reported at the URL with its score and the best passage', async () => {
    const markdown = `Coffee drinkers live longer because caffeine protects the liver ([study](${url()})).\n`
    const {messages} = await lint(markdown, options())
    expect(of('citation-claim-support', messages)).toEqual([
      `${at(markdown, url())}: Unexpected weak support (0.06) for the claim citing \`${url()}\`, expected the source to support it: requires review; best passage “Coffee and your heart: what the evidence says” [citation-claim-support]`
    ])
  })

  it('a claim the page states, and one too short to judge, are silent', async () => {
    const markdown = [
      `Three cups of coffee a day increase the risk of high blood pressure by 14% in adults over 60 ([study](${url()})).`,
      ``,
      // Two content words (the marker `1` is not part of the claim): a score of 0 would be reported.
      `Tea wins ([1](${url()})).`,
      ``
    ].join('\n')
    const {messages} = await lint(markdown, options())
    expect(of('citation-claim-support', messages)).toEqual([])
  })

  it('`threshold: 0.05` lets the weakly supported claim pass', async () => {
    const markdown = `Coffee drinkers live longer because caffeine protects the liver ([study](${url()})).\n`
    const {messages} = await withOptions(markdown, citationClaimSupport, {threshold: 0.05})
    expect(of('citation-claim-support', messages)).toEqual([])
  })

  it('a custom `scorer` gets the citing sentence and the page’s passages; its score and passage are reported', async () => {
    const calls: Array<{claim: string; passages: readonly string[]}> = []
    const scorer = (claim: string, passages: readonly string[]) => {
      calls.push({claim, passages})
      return {score: 0.25, passage: 'The passage our model chose.'}
    }
    const markdown = `Three cups of coffee a day increase the risk of high blood pressure by 14% in adults over 60 ([study](${url()})).\n`
    const {messages} = await withOptions(markdown, citationClaimSupport, {scorer})
    expect(of('citation-claim-support', messages)).toEqual([
      `${at(markdown, url())}: Unexpected weak support (0.25) for the claim citing \`${url()}\`, expected the source to support it: requires review; best passage “The passage our model chose.” [citation-claim-support]`
    ])
    expect(calls).toHaveLength(1)
    expect(calls[0]!.claim).toContain('Three cups of coffee a day increase the risk of high blood pressure by 14% in adults over 60')
    expect(calls[0]!.passages).toContain('Decaffeinated coffee showed no link with blood pressure in any age group.')
  })

  it('an invalid `threshold`, and a scorer returning nonsense, are one message each naming the option', async () => {
    const markdown = `Coffee drinkers live longer because caffeine protects the liver ([study](${url()})).\n`
    const bad = await withOptions(markdown, citationClaimSupport, {threshold: '0.5'})
    expect(of('citation-claim-support', bad.messages)).toEqual(['1:1: Unexpected `threshold` `"0.5"`, expected a number from 0 to 1 [citation-claim-support, error]'])
    expect(bad.file.messages.filter((message) => message.ruleId === 'citation-claim-support')).toHaveLength(1)
    const nonsense = await withOptions(markdown, citationClaimSupport, {scorer: () => ({score: 7})})
    expect(of('citation-claim-support', nonsense.messages)).toEqual([
      expect.stringMatching(/^1:1: Unexpected `scorer` result `.*`, expected `\{score, passage\}` with a score from 0 to 1 and a string or undefined passage \[citation-claim-support, error\]$/)
    ])
    expect(of('citation-credibility', nonsense.messages)).toHaveLength(1)
  })
})

// README: “An invalid rule option is a fatal message under the rule's id”, also at the preset's `warn` severity
// (unified-lint-rule would otherwise make it a warning, and `remark` would exit 0 with the rule silently off).
it('an invalid rule option is fatal even at `warn` severity', async () => {
  const url = `${web.origin('papers.test')}/papers/resnet`
  const markdown = `Deeper networks ([the paper](${url} "Attention Is All You Need")).\n`
  const invalid: Array<[Pluggable, unknown]> = [
    [citationTitleMatch, {threshold: 1.5}],
    [citationConflictOfInterest, {ignore: ['https://acme.test/']}],
    [citationCredibility, {trusted: 'papers.test'}],
    [citationClaimSupport, {threshold: -1}]
  ]
  for (const [rule, ruleOptions] of invalid) {
    const {file} = await withOptions(markdown, rule, ruleOptions)
    const fatal = file.messages.filter((message) => message.fatal)
    expect(fatal).toHaveLength(1)
    expect(fatal[0]!.ruleId).toBe((rule as {citationRule: string}).citationRule)
  }
})

describe('the judgment rules together', () => {
  it('one fetch per URL feeds every rule, however often it is cited', async () => {
    const url = `${web.origin('acme.test')}/shared/report`
    const markdown = [
      `Acme profits doubled in 2019 ([report](${url} "Globex Quarterly Report")).`,
      ``,
      `Acme is the market leader in every country ([report](${url})).`,
      ``
    ].join('\n')
    const {messages} = await lint(markdown, options())
    const first = at(markdown, url)
    const second = at(markdown, url, 'last')
    // Position and rule of each message: every judgment rule spoke about the one page.
    expect(messages.map((line) => line.replace(/: .* \[/, ' ['))).toEqual([
      `${first} [citation-title-match]`,
      `${first} [citation-conflict-of-interest]`,
      `${second} [citation-conflict-of-interest]`,
      `${first} [citation-credibility]`,
      `${second} [citation-credibility]`,
      `${first} [citation-claim-support]`,
      `${second} [citation-claim-support]`
    ])
    expect(web.hits('/shared/report')).toBe(1)
  })

  it('a dead citation gets only the citation-alive error, no judgments', async () => {
    const url = `${web.origin('acme.test')}/gone`
    const markdown = `Acme is the best project management tool ([Acme's list](${url} "The best tools")).\n`
    const {messages} = await lint(markdown, options())
    expect(messages).toEqual([
      `${at(markdown, url)}: Unexpected dead citation \`${url}\`, expected a live source (\`404 Not Found\`) [citation-alive, error]`
    ])
  })

  it('`<!--lint ignore citation-credibility-->` silences that rule for the next citation only', async () => {
    const first = `${web.origin('acme.test')}/blog/best-tools`
    const second = `${web.origin('papers.test')}/papers/attention`
    const markdown = [
      `<!--lint ignore citation-credibility-->`,
      ``,
      `Acme is the best project management tool ([list](${first})).`,
      ``,
      `Transformers use attention ([paper](${second})).`,
      ``
    ].join('\n')
    const {messages} = await lint(markdown, options())
    expect(of('citation-credibility', messages)).toEqual([expect.stringMatching(new RegExp(`^${at(markdown, second)}: Unexpected low-credibility source \`papers\\.test\``))])
    // Other rules still speak about the ignored citation.
    expect(of('citation-conflict-of-interest', messages)).toEqual([expect.stringMatching(new RegExp(`^${at(markdown, first)}: `))])
  })
})
