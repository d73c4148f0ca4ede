// The citations-validate JSONL: one record per citation, sorted by normalised URL, with an inputs digest.

import {createHash} from 'node:crypto'
import {describe, expect, test} from 'vitest'
import {sep} from 'node:path'
import {jobSummary} from '../src/report/github.js'
import {jsonReport, jsonReportText} from '../src/report/json.js'
import {jsonlReport} from '../src/report/jsonl.js'
import {reportPath} from '../src/report/order.js'
import {sarifReport, sarifReportText} from '../src/report/sarif.js'
import {record, sample, shuffled, verdict} from './helpers/report-records.js'

describe('jsonlReport', () => {
  test('one JSON object per line and citation, sorted by normalised URL, then file, line and column', () => {
    const url = 'https://gone.example/post'
    const records = [...sample(), record('docs/a.md', url, [8, 1]), record('docs/a.md', url, [2, 7]), record('docs/a.md', url, [2, 3])]
    const {text, validated} = jsonlReport(records)
    expect(text.endsWith('}\n')).toBe(true)
    const lines = text.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(validated).toBe(8)
    expect(lines.map((line) => `${line.normalized_url as string} ${line.file as string}:${line.line as number}:${line.column as number}`)).toEqual([
      'https://REDACTED@api.example/data?token=REDACTED&q=1 docs/a.md:9:1',
      'https://arxiv.example/abs/2509.21361 docs/a.md:7:20',
      'https://gone.example/post docs/a.md:2:3',
      'https://gone.example/post docs/a.md:2:7',
      'https://gone.example/post docs/a.md:8:1',
      'https://gone.example/post docs/b.md:3:5',
      'https://odd.example/p docs/we,ird:name.md:4:3',
      'https://peps.example/pep-0008/ docs/a.md:2:10'
    ])
  })

  test('a record holds the seed status and action, the place, what was cited and what was found', () => {
    const [line] = jsonlReport([sample()[0]!]).text.split('\n')
    expect(JSON.parse(line!)).toEqual({
      normalized_url: 'https://gone.example/post',
      status: 'invalid',
      action: 'removed',
      file: 'docs/b.md',
      line: 3,
      column: 5,
      end_line: 3,
      end_column: 30,
      kind: 'link',
      url: 'https://gone.example/post',
      cited_title: null,
      cited_address: null,
      claim: null,
      final_url: 'https://gone.example/post',
      http_status: 404,
      liveness: 'dead',
      reason: '404 Not Found',
      page_title: null,
      verdicts: [
        {
          rule: 'citation-alive',
          action: 'removed',
          status: 'invalid',
          message: 'Unexpected dead citation `https://gone.example/post`, expected a live source (`404 Not Found`)'
        }
      ]
    })
  })

  test('the inputs digest can be recomputed from the file alone', () => {
    const {text, inputsDigest} = jsonlReport(sample())
    const hash = createHash('sha256')
    for (const line of text.trimEnd().split('\n')) {
      const r = JSON.parse(line) as Record<string, unknown>
      hash.update(JSON.stringify([r.file, r.line, r.column, r.url, r.cited_title, r.claim]) + '\n')
    }
    expect(inputsDigest).toBe('sha256:' + hash.digest('hex'))
    expect(inputsDigest).toMatch(/^sha256:[\da-f]{64}$/)
  })

  test('the digest follows the inputs, not the outcomes', () => {
    const base = jsonlReport([record('a.md', 'https://a.example/', [1, 1])]).inputsDigest
    const deadSince = jsonlReport([
      record('a.md', 'https://a.example/', [1, 1], [verdict('citation-alive', 'removed', 'invalid', 'Unexpected dead citation')], {
        report: {status: 404, liveness: 'dead', reason: '404 Not Found'}
      })
    ]).inputsDigest
    const otherClaim = jsonlReport([record('a.md', 'https://a.example/', [1, 1], [], {citation: {claim: 'Another sentence.'}})]).inputsDigest
    const moved = jsonlReport([record('a.md', 'https://a.example/', [2, 1])]).inputsDigest
    expect(deadSince).toBe(base)
    expect(otherClaim).not.toBe(base)
    expect(moved).not.toBe(base)
  })

  test('the same records in another order give the same bytes and digest', () => {
    const a = jsonlReport(sample())
    const b = jsonlReport(shuffled(sample()))
    expect(b.text).toBe(a.text)
    expect(b.inputsDigest).toBe(a.inputsDigest)
  })

  test('a title or claim with U+0085, U+2028 or U+2029 stays on its line, for readers that split on them too', () => {
    const title = 'Alpha\u0085Beta\u2028Gamma\u2029Delta'
    const found = record('a.md', 'https://a.example/', [1, 1], [verdict('citation-title-match', 'flagged', 'mismatch', `Unexpected title “${title}”`)], {
      citation: {claim: `It says\u2028so.`},
      titles: [title]
    })
    // As Python's `str.splitlines()` cuts text.
    const lines = (text: string) => text.split(/\r\n|[\n\r\v\f\u001C-\u001E\u0085\u2028\u2029]/)
    const [line, end] = lines(jsonlReport([found]).text)
    expect(end).toBe('')
    const parsed = JSON.parse(line!) as Record<string, unknown>
    expect([parsed.page_title, parsed.claim]).toEqual([title, 'It says\u2028so.'])
    expect(line).toContain('"page_title":"Alpha\\u0085Beta\\u2028Gamma\\u2029Delta"')
    for (const text of [jsonReportText([found]), sarifReportText([found])]) {
      expect(text).not.toMatch(/[\u0085\u2028\u2029]/)
      expect(JSON.stringify(JSON.parse(text))).toContain(title)
    }
  })

  test('no secret leaves, and a message keeps its newline inside its JSON line', () => {
    const {text} = jsonlReport(sample())
    expect(text).not.toMatch(/s3cr3t|user:pw/)
    expect(text.trimEnd().split('\n')).toHaveLength(5)
    expect(text).toContain('expected 100% credibility: 0.5,\\nsee docs')
  })

  test('`url` is the URL as the document wrote it, so a search of the document finds it; JSON, SARIF and the job summary agree', () => {
    const written = ['https://Wiki.Example/wiki/Köln', 'HTTPS://docs.example', 'https://docs.example/a/./b/../c?q=ä#Sec']
    const dead = [verdict('citation-alive', 'removed', 'invalid', 'Unexpected dead citation')]
    const records = written.map((url, index) => record('a.md', url, [index + 1, 1], dead))
    expect(jsonlReport(records).records.map((line) => [line.url, line.normalized_url])).toEqual([
      ['HTTPS://docs.example', 'https://docs.example/'],
      ['https://docs.example/a/./b/../c?q=ä#Sec', 'https://docs.example/a/c?q=%C3%A4'],
      ['https://Wiki.Example/wiki/Köln', 'https://wiki.example/wiki/K%C3%B6ln']
    ])
    expect(jsonReport(records).results.map((result) => result.citations[0]!.url).sort()).toEqual([...written].sort())
    expect(sarifReport(records).runs[0].results.map((result) => result.properties.url).sort()).toEqual([...written].sort())
    for (const url of written) expect(jobSummary(records)).toContain(`\`${url}\``)
  })

  test('a written URL that holds a secret is redacted, in its parsed form', () => {
    const urls = ['https://user:pw@Host.example/Köln', 'https://x.example/Köln?Token=abc', 'https:\\\\u:p@x.example/']
    const {records, text} = jsonlReport(urls.map((url, index) => record('a.md', url, [index + 1, 1])))
    expect(records.map((line) => line.url)).toEqual(['https://REDACTED@host.example/K%C3%B6ln', 'https://REDACTED@x.example/', 'https://x.example/K%C3%B6ln?Token=REDACTED'])
    expect(text).not.toMatch(/user:pw|u:p@|abc/)
  })

  test('a URL that does not parse sorts by the URL as written', () => {
    const {records} = jsonlReport([record('a.md', 'https://b.example/', [1, 1]), record('a.md', 'https://a.example/', [2, 1], [], {citation: {url: 'http://[bad', normalizedUrl: undefined}})])
    expect(records.map((r) => r.normalized_url)).toEqual(['http://[bad', 'https://b.example/'])
  })

  test('a backslash in a POSIX file name stays: it is part of the name, not a separator', () => {
    const [line] = jsonlReport([record('docs/a\\b.md', 'https://a.example/', [1, 1])]).records
    expect(line!.file).toBe(sep === '\\' ? 'docs/a/b.md' : 'docs/a\\b.md')
    expect(reportPath('.\\docs\\a.md', '\\')).toBe('docs/a.md')
    expect(reportPath('./docs/a\\b.md', '/')).toBe('docs/a\\b.md')
  })

  test('a file that could not be checked is a line `{file, line, column, error}` before the citations, outside the digest', () => {
    const unchecked = [{file: 'b.mdx', line: 3, column: 1, message: 'Expected a closing tag'}]
    const plain = jsonlReport(sample())
    const report = jsonlReport(sample(), unchecked)
    expect(report.text).toBe('{"file":"b.mdx","line":3,"column":1,"error":"Expected a closing tag"}\n' + plain.text)
    expect(report.inputsDigest).toBe(plain.inputsDigest)
    expect(report.validated).toBe(plain.validated)
  })

  test('no records: empty text and the digest of nothing', () => {
    const report = jsonlReport([])
    expect(report).toMatchObject({text: '', validated: 0, records: []})
    expect(report.inputsDigest).toBe('sha256:' + createHash('sha256').digest('hex'))
  })
})
