// A footnote or numbered source cited by several sentences (as AI research answers reuse `[1]` and `[^1]`): each
// later use is judged for its own sentence, at its marker, and its URL is judged once, at the source. End to end
// through remark and the preset against a web on 127.0.0.1.

import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {citationCredibility} from '../rules/index.js'
import {fixText} from '../src/fix/index.js'
import {recordsOf} from '../src/report/collect.js'
import {closeSharedVerifiers} from '../src/verify/shared.js'
import {lint} from './helpers/lint.js'
import {html, startWeb, status, testResolve, type Web} from './helpers/web.js'

let web: Web
const options = () => ({allowPrivateAddresses: ['127.0.0.1/32'], resolve: testResolve, timeout: 1000, retries: 0})

beforeAll(async () => {
  web = await startWeb({
    '/solar': html(
      'Renewables 2024',
      '<p>Solar power capacity grew by 24 percent worldwide in 2024, the largest annual increase on record.</p>' +
        '<p>Wind capacity grew more slowly, as offshore projects were delayed.</p>'
    ),
    '/blog/best-tools': html('The best project management tools | Acme Blog', '<p>Project management tools compared for small teams in 2024.</p>'),
    '/gone': status(404)
  })
})

afterAll(async () => {
  await closeSharedVerifiers()
  await web.close()
})

/** The message lines of one rule. */
const of = (rule: string, messages: string[]) => messages.filter((line) => line.endsWith(` [${rule}]`) || line.endsWith(` [${rule}, error]`))

/** `line:column` of the `occurrence`th (1-based) `text` in `markdown`. */
function at(markdown: string, text: string, occurrence = 1): string {
  let start = -1
  for (let count = 0; count < occurrence; count++) start = markdown.indexOf(text, start + 1)
  const before = markdown.slice(0, start).split('\n')
  return `${before.length}:${before.at(-1)!.length + 1}`
}

/** Where each claim-support message starts. */
const starts = (messages: string[]) => of('citation-claim-support', messages).map((line) => line.split('-')[0])

describe('a source cited by several sentences', () => {
  it('numbered sources: the later sentence the page does not support is reported at its `[1]`, the first is not', async () => {
    const markdown = [
      'Solar power capacity grew by 24 percent worldwide in 2024 [1]. Coffee drinkers live longer because caffeine protects the liver [1][1]. Wind capacity grew more slowly [1].',
      '',
      'Sources:',
      '',
      `1. ${web.origin('iea.test')}/solar`,
      ''
    ].join('\n')
    const {messages, file} = await lint(markdown, options())
    expect(starts(messages)).toEqual([at(markdown, '[1]', 2)])
    expect(of('citation-claim-support', messages)[0]).toContain('Unexpected weak support')
    // No other rule speaks of the marker; the source is one citation plus one per later sentence.
    expect(messages.filter((line) => line.startsWith(at(markdown, '[1]', 2)))).toHaveLength(1)
    const records = recordsOf(file)
    expect(records.map((record) => [record.citation.laterUse ?? false, record.citation.claim])).toEqual([
      [true, 'Coffee drinkers live longer because caffeine protects the liver.'],
      [true, 'Wind capacity grew more slowly.'],
      [false, 'Solar power capacity grew by 24 percent worldwide in 2024.']
    ])
  })

  it('footnotes: the later sentence the page does not support is reported at its `[^1]`', async () => {
    const markdown = [
      'Solar power capacity grew by 24 percent worldwide in 2024.[^1] Coffee drinkers live longer because caffeine protects the liver.[^1]',
      '',
      `[^1]: IEA, Renewables 2024, ${web.origin('iea.test')}/solar`,
      ''
    ].join('\n')
    const {messages} = await lint(markdown, options())
    expect(starts(messages)).toEqual([at(markdown, '[^1]', 2)])
  })

  it('a dead source cited by three sentences is one error, at the source', async () => {
    const url = `${web.origin('gone.test')}/gone`
    const markdown = ['Solar grew fast [1]. Wind grew too [1]. Coffee is good [1].', '', `1. ${url}`, ''].join('\n')
    const {messages, file} = await lint(markdown, options())
    expect(messages.filter((line) => !line.endsWith('[citation-credibility]'))).toEqual([expect.stringMatching(new RegExp(`^${at(markdown, url)}-.* \\[citation-alive, error\\]$`))])
    // No later use is counted ok: each shares its source's outcome.
    expect(recordsOf(file).map((record) => record.action)).toEqual(['removed', 'removed', 'removed'])
    // `--fix` acts on the source's URL only: every marker stays.
    const fixed = fixText(markdown, recordsOf(file))
    expect(fixed.changes.map((change) => change.line)).toEqual([3])
    expect(fixed.text.split('\n')[0]).toBe('Solar grew fast [1]. Wind grew too [1]. Coffee is good [1].')
  })

  it('a later sentence the page supports is ok, though the first sentence is not: a sentence\'s finding is not its source\'s', async () => {
    const url = `${web.origin('iea.test')}/solar`
    const markdown = [
      'Coffee drinkers live longer because caffeine protects the liver [1]. Solar power capacity grew by 24 percent worldwide in 2024 [1].',
      '',
      `1. ${url}`,
      ''
    ].join('\n')
    const {messages, file} = await lint(markdown, options(), 'doc.md', [[citationCredibility, false]])
    // The first sentence's finding is the source's citation's, at its URL.
    expect(starts(messages)).toEqual([at(markdown, url)])
    expect(recordsOf(file).map((record) => [record.citation.claim, record.action])).toEqual([
      ['Solar power capacity grew by 24 percent worldwide in 2024.', 'ok'],
      ['Coffee drinkers live longer because caffeine protects the liver.', 'flagged']
    ])
  })

  it('a later sentence whose finding a lint comment silenced still counts its source\'s flagged URL', async () => {
    const blocks = [
      'Solar power capacity grew by 24 percent worldwide in 2024 [1].',
      '<!--lint ignore citation-claim-support-->',
      'Coffee drinkers live longer because caffeine protects the liver [1].',
      `1. ${web.origin('iea.test')}/solar`
    ]
    const {messages, file} = await lint(`${blocks.join('\n\n')}\n`, options())
    // The source is of unknown credibility: a warning at its URL, which no comment silenced.
    expect(of('citation-credibility', messages)).toHaveLength(1)
    expect(recordsOf(file).map((record) => [record.citation.laterUse ?? false, record.action])).toEqual([
      [true, 'flagged'],
      [false, 'flagged']
    ])
  })

  it('a vendor page cited by a later sentence about the vendor is a conflict at that marker', async () => {
    const markdown = [
      'Project management tools were compared for small teams [1]. Acme is the best project management tool [1].',
      '',
      `1. ${web.origin('acme.test')}/blog/best-tools`,
      ''
    ].join('\n')
    const {messages} = await lint(markdown, options())
    expect(of('citation-conflict-of-interest', messages).map((line) => line.split('-')[0])).toEqual([at(markdown, '[1]', 2)])
  })

  it('`lint ignore` above a later sentence silences only that use', async () => {
    const markdown = [
      'Solar power capacity grew by 24 percent worldwide in 2024 [1].',
      '',
      'Coffee drinkers live longer because caffeine protects the liver [1].',
      '',
      '<!--lint ignore citation-claim-support-->',
      '',
      'Tea drinkers sleep better because tannins calm the brain [1].',
      '',
      `1. ${web.origin('iea.test')}/solar`,
      ''
    ].join('\n')
    const {messages} = await lint(markdown, options())
    expect(starts(messages)).toEqual([at(markdown, '[1]', 2)])
  })
})
