// The `{results, summary}` report: one result per source in the seed's fields, counts per action.

import type {Pluggable} from 'unified'
import {describe, expect, test} from 'vitest'
import {citationCredibility} from '../rules/index.js'
import {recordsOf} from '../src/report/collect.js'
import {jobSummary} from '../src/report/github.js'
import {jsonReport, jsonReportText} from '../src/report/json.js'
import {jsonlReport} from '../src/report/jsonl.js'
import {sarifReport} from '../src/report/sarif.js'
import {humanSummary} from '../src/report/summary.js'
import {lint} from './helpers/lint.js'
import {record, sample, shuffled, verdict} from './helpers/report-records.js'
import {html, startWeb, status} from './helpers/web.js'

describe('jsonReport', () => {
  test('one result per source, sorted by normalised URL, with the seed fields and counts per source', () => {
    const report = jsonReport(sample())
    expect(report.results.map((result) => [result.url, result.action, result.http_status, result.title_match, result.reason])).toEqual([
      ['https://REDACTED@api.example/data?token=REDACTED&q=1', 'flagged', 200, null, 'redirect to https://REDACTED@api.example/data?token=REDACTED&q=1, unsafe URL'],
      ['https://arxiv.example/abs/2509.21361', 'flagged', 200, false, '200 OK, title mismatch'],
      ['https://gone.example/post', 'removed', 404, null, '404 Not Found'],
      ['https://odd.example/p', 'flagged', 200, null, '200 OK, low credibility'],
      ['https://peps.example/pep-0008/', 'ok', 200, true, '200 OK, title matches']
    ])
    expect(report.summary).toEqual({total: 5, ok: 1, removed: 1, flagged: 3})
  })

  test('files that could not be checked: `unchecked_files`, by path, only when there are some', () => {
    expect(jsonReport(sample())).not.toHaveProperty('unchecked_files')
    const unchecked = [{file: './docs/b.mdx', line: 3, column: 1, message: `Expected a closing tag at ${'https://user:pw@api.example/?token=s3cr3t'}`}]
    expect(jsonReport([], {unchecked})).toEqual({
      results: [],
      summary: {total: 0, ok: 0, removed: 0, flagged: 0},
      unchecked_files: [{file: 'docs/b.mdx', line: 3, column: 1, error: 'Expected a closing tag at https://REDACTED@api.example/?token=REDACTED'}]
    })
  })

  test('a result carries the cited and the page title, and each citation with its place and verdicts', () => {
    const result = jsonReport(sample()).results[1]!
    expect(result).toEqual({
      url: 'https://arxiv.example/abs/2509.21361',
      cited_title: 'The Maximum Effective Context Window',
      http_status: 200,
      page_title: 'Context Is What You Need',
      title_match: false,
      action: 'flagged',
      reason: '200 OK, title mismatch',
      status: 'mismatch',
      normalized_url: 'https://arxiv.example/abs/2509.21361',
      final_url: 'https://arxiv.example/abs/2509.21361',
      liveness: 'alive',
      cited_address: null,
      citations: [
        {
          file: 'docs/a.md',
          line: 7,
          column: 20,
          end_line: 7,
          end_column: 56,
          url: 'https://arxiv.example/abs/2509.21361',
          cited_title: 'The Maximum Effective Context Window',
          cited_address: null,
          claim: null,
          action: 'flagged',
          status: 'mismatch',
          verdicts: [
            {
              rule: 'citation-title-match',
              action: 'flagged',
              status: 'mismatch',
              message: 'Unexpected title `The Maximum Effective Context Window`, expected `Context Is What You Need`'
            }
          ]
        }
      ]
    })
  })

  test('a source cited twice is one result with the worse outcome, and both citations', () => {
    const url = 'https://dup.example/a'
    const report = jsonReport([
      record('b.md', url, [1, 1], [verdict('citation-fragment', 'flagged', 'valid', 'Unexpected fragment')], {citation: {url: url + '#x'}}),
      record('a.md', url, [5, 1])
    ])
    expect(report.results).toHaveLength(1)
    expect(report.results[0]).toMatchObject({url, action: 'flagged', reason: '200 OK, missing fragment'})
    expect(report.results[0]!.citations.map((citation) => [citation.file, citation.url, citation.action])).toEqual([
      ['a.md', url, 'ok'],
      ['b.md', url + '#x', 'flagged']
    ])
    expect(report.summary).toEqual({total: 1, ok: 0, removed: 0, flagged: 1})
  })

  test('a source flagged twice speaks with its worse status, whatever the order of its files: the wrong title, not the weak source', () => {
    const url = 'https://blog.example/post'
    const weak = verdict('citation-credibility', 'flagged', 'valid', 'Unexpected low-credibility source')
    const wrong = verdict('citation-title-match', 'flagged', 'mismatch', 'Unexpected title `Another Post`, expected `The Post`')
    for (const [first, second] of [['a.md', 'b.md'], ['b.md', 'a.md']] as const) {
      const report = jsonReport([
        record(first, url, [1, 1], [weak], {citation: {citedTitle: 'The Post'}, titles: ['The Post']}),
        record(second, url, [1, 1], [wrong], {citation: {citedTitle: 'Another Post'}, titles: ['The Post']})
      ])
      expect(report.results[0]).toMatchObject({action: 'flagged', status: 'mismatch', cited_title: 'Another Post', title_match: false})
    }
  })

  test('title_match is null when citation-title-match did not run', () => {
    const [ok] = jsonReport(sample(), {rules: ['citation-alive']}).results.filter((result) => result.action === 'ok')
    expect(ok).toMatchObject({title_match: null, reason: '200 OK'})
  })

  test('a replacement the verdict offers is kept, redacted', () => {
    const report = jsonReport([
      record('a.md', 'https://old.example/a', [1, 1], [
        verdict('citation-reachable', 'flagged', 'valid', 'Unexpected redirect', 'https://new.example/a?api_key=k3y')
      ])
    ])
    expect(report.results[0]!.citations[0]!.verdicts[0]!.expected).toBe('https://new.example/a?api_key=REDACTED')
  })

  test('no secret leaves: URLs, claims, reasons and messages are redacted even when the record is not', () => {
    const text = jsonReportText(sample())
    expect(text).not.toMatch(/s3cr3t|user:pw/)
    expect(text).toContain('Fetch it from https://REDACTED@api.example/data?token=REDACTED&q=1.')
  })

  test('the same records in another order give the same bytes', () => {
    expect(jsonReportText(shuffled(sample()))).toBe(jsonReportText(sample()))
  })

  test('a source whose only finding a lint comment silenced: `ignored`, with the silenced verdict and the truth about the page', () => {
    const url = 'https://gone.example/old'
    const silenced = verdict('citation-alive', 'removed', 'invalid', 'Unexpected dead citation')
    const report = jsonReport([
      record('a.md', url, [3, 1], [], {citation: {citedTitle: 'Gone'}, titles: ['Gone'], report: {status: 410, liveness: 'dead', reason: '410 Gone'}, ignored: [silenced]})
    ])
    expect(report.results[0]).toMatchObject({action: 'ignored', status: 'invalid', title_match: null, reason: '410 Gone, citation-alive ignored'})
    expect(report.results[0]!.citations[0]).toMatchObject({action: 'ignored', status: 'invalid', verdicts: [], ignored: [{rule: 'citation-alive', action: 'removed', status: 'invalid', message: 'Unexpected dead citation'}]})
    expect(report.summary).toEqual({total: 1, ok: 0, removed: 0, flagged: 0, ignored: 1})
    expect(jsonReport(sample()).results.flatMap((result) => result.citations).some((citation) => 'ignored' in citation)).toBe(false)
  })

  test('the reason names what citation-reachable flagged: a redirect to another site, or to or through plain http on the same site', () => {
    const redirected = (url: string, ...locations: string[]) => {
      const hops = locations.map((location, index) => ({url: index === 0 ? url : locations[index - 1]!, status: 301, location}))
      return record('a.md', url, [1, 1], [verdict('citation-reachable', 'flagged', 'valid', 'Unexpected redirect')], {report: {finalUrl: locations.at(-1)!, hops}})
    }
    const report = jsonReport([
      redirected('https://site.example/old', 'http://www.site.example/old'),
      redirected('https://short.example/x', 'http://elsewhere.example/x'),
      redirected('https://mirror.example/a', 'http://mirror.example/a/', 'https://mirror.example/a/')
    ])
    expect(report.results.map((result) => [result.url, result.reason])).toEqual([
      ['https://mirror.example/a', '200 OK, redirected through plain http'],
      ['https://short.example/x', '200 OK, redirected to another site'],
      ['https://site.example/old', '200 OK, redirected to plain http']
    ])
  })

  test('a title mismatch a lint comment silenced is still a mismatch: `title_match` false, and the reason does not say the title matches', () => {
    const url = 'https://title.example/page'
    const silenced = verdict('citation-title-match', 'flagged', 'mismatch', 'Unexpected cited title “The Wrong Name”')
    const wrong = record('a.md', url, [3, 1], [], {citation: {citedTitle: 'The Wrong Name'}, titles: ['Completely Different Heading'], ignored: [silenced]})
    const right = record('a.md', url, [5, 1], [], {citation: {citedTitle: 'Completely Different Heading'}, titles: ['Completely Different Heading']})
    for (const records of [[wrong], [wrong, right]]) {
      expect(jsonReport(records).results[0]).toMatchObject({action: 'ignored', title_match: false, reason: '200 OK, citation-title-match ignored'})
    }
  })

  test('`<!--lint ignore citation-alive-->` before a dead citation (loopback): every report agrees with remark, none says verified', async () => {
    const web = await startWeb({'/gone': status(410, {'content-type': 'text/html'}, '<title>Gone</title>'), '/ok': html('Fine')})
    try {
      const markdown = `<!--lint ignore citation-alive-->\n\nWe know [Gone](${web.origin()}/gone) is gone.\n\nA [fine one](${web.origin()}/ok).\n`
      const trusted: Pluggable = [citationCredibility, ['warn', {trusted: ['127.0.0.1']}]]
      const {messages, file} = await lint(markdown, {allowPrivateAddresses: ['127.0.0.1/32'], timeout: 2000, retries: 0}, 'doc.md', [trusted])
      expect(messages).toEqual([])
      const records = recordsOf(file)
      expect(humanSummary(records).split('\n')).toEqual(
        expect.arrayContaining([`  ○ ${web.origin()}/gone — 410 Gone, citation-alive ignored (IGNORED)`, 'Summary: 1 ok, 0 removed, 0 flagged, 1 ignored'])
      )
      expect(jsonReport(records).results.map((result) => [result.action, result.status])).toEqual([['ignored', 'invalid'], ['ok', 'valid']])
      expect(jsonlReport(records).records.map((line) => [line.action, line.status, line.verdicts.length, line.ignored?.map((each) => each.rule)])).toEqual([
        ['ignored', 'invalid', 0, ['citation-alive']],
        ['ok', 'valid', 0, undefined]
      ])
      // Code scanning gets no alert for it, as remark printed no message.
      expect(sarifReport(records).runs[0].results).toEqual([])
      expect(jobSummary(records)).toContain('| ○ ignored | 1 | 1 |\n| ✓ ok | 1 | 1 |')
    } finally {
      await web.close()
    }
  })

  test('link text naming another site (loopback): every report says it is the link text, not a title, that did not match', async () => {
    const web = await startWeb({'/mice': html('Longevity in mice'), '/window': html('Context Is What You Need')})
    try {
      const markdown = `Mice live long ([nature.com](${web.origin()}/mice)).\n\nSee [The Maximum Effective Context Window](${web.origin()}/window).\n`
      const trusted: Pluggable = [citationCredibility, ['warn', {trusted: ['127.0.0.1']}]]
      const {messages, file} = await lint(markdown, {allowPrivateAddresses: ['127.0.0.1/32'], timeout: 2000, retries: 0}, 'doc.md', [trusted])
      expect(messages).toHaveLength(2)
      const records = recordsOf(file)
      const [address, title] = jsonReport(records).results
      expect(address).toMatchObject({cited_title: null, cited_address: 'nature.com', title_match: false, reason: '200 OK, link text mismatch'})
      expect(address!.citations[0]).toMatchObject({cited_title: null, cited_address: 'nature.com', verdicts: [{rule: 'citation-title-match', about: 'link-text'}]})
      expect(title).toMatchObject({cited_title: 'The Maximum Effective Context Window', cited_address: null, reason: '200 OK, title mismatch'})
      expect(title!.citations[0]!.verdicts).toMatchObject([{rule: 'citation-title-match', about: 'title'}])
      expect(jsonlReport(records).records.map((line) => [line.cited_title, line.cited_address, line.verdicts.map((each) => each.about)])).toEqual([
        [null, 'nature.com', ['link-text']],
        ['The Maximum Effective Context Window', null, ['title']]
      ])
      const sarif = sarifReport(records).runs[0]
      expect(sarif.results.map((result) => [result.ruleId, result.properties.about])).toEqual([
        ['citation-title-match', 'link-text'],
        ['citation-title-match', 'title']
      ])
      expect(sarif.tool.driver.rules.find((rule) => rule.id === 'citation-title-match')?.shortDescription.text).toContain('link text that is an address')
      expect(humanSummary(records)).toContain(`  ⚠ ${web.origin()}/mice — 200 OK, link text mismatch (FLAGGED)\n`)
    } finally {
      await web.close()
    }
  })

  test('no records: no results, zero counts, valid JSON with a final newline', () => {
    const text = jsonReportText([])
    expect(text.endsWith('}\n')).toBe(true)
    expect(JSON.parse(text)).toEqual({results: [], summary: {total: 0, ok: 0, removed: 0, flagged: 0}})
  })
})
