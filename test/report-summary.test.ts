// The human summary: ✓ ✗ ⚠ per source with the reason, the findings under it, then the counts.

import {describe, expect, test} from 'vitest'
import {recordsOf} from '../src/report/collect.js'
import {jsonReport} from '../src/report/json.js'
import {findingsPerSource, humanSummary} from '../src/report/summary.js'
import {lintLiveness} from './helpers/lint.js'
import {record, sample, shuffled, verdict} from './helpers/report-records.js'
import {startWeb, status} from './helpers/web.js'

describe('humanSummary', () => {
  test('one line per source in the seed’s style, each finding at its place, then the counts', () => {
    expect(humanSummary(sample())).toBe(
      [
        'Source verification (5 sources):',
        '  ⚠ https://REDACTED@api.example/data?token=REDACTED&q=1 — redirect to https://REDACTED@api.example/data?token=REDACTED&q=1, unsafe URL (FLAGGED)',
        '      docs/a.md:9:1 citation-url-safety: Unexpected secret in citation `https://REDACTED@api.example/data?token=REDACTED&q=1`, expected no credentials',
        '  ⚠ https://arxiv.example/abs/2509.21361 — 200 OK, title mismatch (FLAGGED)',
        '      docs/a.md:7:20 citation-title-match: Unexpected title `The Maximum Effective Context Window`, expected `Context Is What You Need`',
        '  ✗ https://gone.example/post — 404 Not Found (REMOVED)',
        '      docs/b.md:3:5 citation-alive: Unexpected dead citation `https://gone.example/post`, expected a live source (`404 Not Found`)',
        '  ⚠ https://odd.example/p — 200 OK, low credibility (FLAGGED)',
        '      docs/we,ird:name.md:4:3 citation-credibility: Unexpected source `A | B`, expected 100% credibility: 0.5, see docs',
        '  ✓ https://peps.example/pep-0008/ — 200 OK, title matches',
        '',
        'Summary: 1 ok, 1 removed, 3 flagged',
        ''
      ].join('\n')
    )
  })

  test('counts citations when there are more than sources, and lists each citation of a source', () => {
    const url = 'https://gone.example/post'
    const dead = [verdict('citation-alive', 'removed', 'invalid', 'Unexpected dead citation')]
    const gone = {report: {status: 404, liveness: 'dead' as const, reason: '404 Not Found'}}
    expect(humanSummary([record('b.md', url, [1, 1], dead, gone), record('a.md', url, [4, 2], dead, gone)])).toBe(
      [
        'Source verification (1 source, 2 citations):',
        '  ✗ https://gone.example/post — 404 Not Found (REMOVED)',
        '      a.md:4:2 citation-alive: Unexpected dead citation',
        '      b.md:1:1 citation-alive: Unexpected dead citation',
        '',
        'Summary: 0 ok, 1 removed, 0 flagged',
        ''
      ].join('\n')
    )
  })

  test('lists at most 20 findings under a source, then how many more', () => {
    const url = 'https://gone.example/post'
    const dead = [verdict('citation-alive', 'removed', 'invalid', 'Unexpected dead citation')]
    const gone = {report: {status: 404, liveness: 'dead' as const, reason: '404 Not Found'}}
    const records = Array.from({length: 25}, (_, index) => record('a.md', url, [index + 1, 1], dead, gone))
    const lines = humanSummary(records).split('\n')
    expect(lines.filter((line) => line.startsWith('      a.md:'))).toHaveLength(findingsPerSource)
    expect(lines.at(-5)).toBe('      a.md:20:1 citation-alive: Unexpected dead citation')
    expect(lines.at(-4)).toBe('      … and 5 more')
  })

  test('plain text by default; colours on the marks and tags only when asked', () => {
    expect(humanSummary(sample())).not.toContain('\u001B')
    const colored = humanSummary(sample(), {color: true})
    expect(colored).toContain('\u001B[31m✗\u001B[39m https://gone.example/post — 404 Not Found\u001B[31m (REMOVED)\u001B[39m')
    expect(colored).toContain('\u001B[32m✓\u001B[39m https://peps.example/pep-0008/')
  })

  test('a message cannot break the layout or reach the terminal with escape sequences', () => {
    const sneaky = record('a.md', 'https://t.example/', [1, 1], [
      verdict('citation-title-match', 'flagged', 'mismatch', 'Unexpected title `\u001B]0;pwned\u0007Evil`,\n  ✓ https://fake.example/ — 200 OK')
    ])
    const text = humanSummary([sneaky])
    expect(text).not.toMatch(/[\u0000-\u0009\u000B-\u001F]/)
    expect(text.split('\n')).toHaveLength(6)
  })

  test('a source\'s very long URL is cut in the middle, as in its messages', () => {
    const url = `https://long.example/${'p'.repeat(10_000)}end`
    const text = humanSummary([record('a.md', url, [1, 1], [verdict('citation-alive', 'removed', 'invalid', 'Unexpected dead citation')])])
    expect(text.split('\n')[1]).toBe(`  ✗ https://long.example/${'p'.repeat(129)}…${'p'.repeat(37)}end — 200 OK (REMOVED)`)
  })

  test('the same records in another order give the same text', () => {
    expect(humanSummary(shuffled(sample()))).toBe(humanSummary(sample()))
  })

  test('files that could not be checked are listed after the sources, by path, and counted in the last line', () => {
    const unchecked = [
      {file: 'z.mdx', line: 3, column: 1, message: 'Expected a closing tag for `<div>`'},
      {file: 'a.mdx', line: 1, column: 19, message: 'Unexpected end of file\nin name'}
    ]
    expect(humanSummary([], {unchecked})).toBe(
      [
        'Source verification (0 sources):',
        '',
        'Not checked (2 files):',
        '  ✗ a.mdx:1:19 Unexpected end of file in name',
        '  ✗ z.mdx:3:1 Expected a closing tag for `<div>`',
        '',
        'Summary: 0 ok, 0 removed, 0 flagged, 2 files not checked',
        ''
      ].join('\n')
    )
  })

  test('a source whose finding a lint comment silenced is shown ignored, not verified, and counted apart', () => {
    const url = 'https://gone.example/old'
    const ignored = record('a.md', url, [3, 1], [], {
      citation: {citedTitle: 'Gone'},
      titles: ['Gone'],
      report: {status: 410, liveness: 'dead', reason: '410 Gone'},
      ignored: [verdict('citation-alive', 'removed', 'invalid', 'Unexpected dead citation')]
    })
    expect(humanSummary([ignored, ...sample().slice(2, 3)])).toBe(
      [
        'Source verification (2 sources):',
        '  ○ https://gone.example/old — 410 Gone, citation-alive ignored (IGNORED)',
        '  ✓ https://peps.example/pep-0008/ — 200 OK, title matches',
        '',
        'Summary: 1 ok, 0 removed, 0 flagged, 1 ignored',
        ''
      ].join('\n')
    )
  })

  test('a removed source, one of whose citations a lint comment silenced (loopback): the line does not call the removal ignored', async () => {
    const web = await startWeb({'/gone': status(410)})
    try {
      const url = `${web.origin()}/gone`
      const markdown = `We know [it](${url}) is gone.\n\n<!--lint ignore citation-alive-->\n\nStill [cited](${url}) here.\n`
      const {messages, file} = await lintLiveness(markdown, {allowPrivateAddresses: ['127.0.0.1/32'], timeout: 2000, retries: 0})
      expect(messages).toEqual([expect.stringMatching(/^1:14-.*Unexpected dead citation/)])
      const records = recordsOf(file)
      expect(humanSummary(records).split('\n').slice(1, 3)).toEqual([
        `  ✗ ${url} — 410 Gone (REMOVED)`,
        `      doc.md:1:14 citation-alive: Unexpected dead citation \`${url}\`, expected a live source (\`410 Gone\`)`
      ])
      expect(jsonReport(records).results[0]).toMatchObject({action: 'removed', reason: '410 Gone'})
    } finally {
      await web.close()
    }
  })

  test('a silenced finding of another rule than the one that acts is still named on the line', () => {
    const url = 'https://gone.example/old'
    const report = {status: 410, liveness: 'dead', reason: '410 Gone'} as const
    const dead = verdict('citation-alive', 'removed', 'invalid', 'Unexpected dead citation')
    const records = [
      record('a.md', url, [3, 1], [dead], {report}),
      record('a.md', url, [5, 1], [], {report, ignored: [dead, verdict('citation-credibility', 'flagged', 'valid', 'Unexpected source')]})
    ]
    expect(humanSummary(records).split('\n')[1]).toBe(`  ✗ ${url} — 410 Gone, citation-credibility ignored (REMOVED)`)
  })

  test('no records', () => {
    expect(humanSummary([])).toBe('Source verification (0 sources):\n\nSummary: 0 ok, 0 removed, 0 flagged\n')
  })
})
