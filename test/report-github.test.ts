// GitHub Actions: annotations (escaping, order, caps) and the job summary Markdown.

import type {PhrasingContent, Table} from 'mdast'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import {unified} from 'unified'
import {describe, expect, test} from 'vitest'
import {code} from '../src/code-span.js'
import {annotations, escapeData, escapeProperty, jobSummary, tableCell} from '../src/report/github.js'
import {record, sample, shuffled, verdict} from './helpers/report-records.js'

describe('escaping for workflow commands', () => {
  test.each([
    ['100%', '100%25', '100%25'],
    ['a\r\nb', 'a%0D%0Ab', 'a%0D%0Ab'],
    ['a: b, c', 'a: b, c', 'a%3A b%2C c'],
    ['%0A', '%250A', '%250A'],
    ['docs/we,ird:name.md', 'docs/we,ird:name.md', 'docs/we%2Cird%3Aname.md']
  ])('%j → message %j, property %j', (text, data, property) => {
    expect(escapeData(text)).toBe(data)
    expect(escapeProperty(text)).toBe(property)
  })
})

describe('annotations', () => {
  test('one line per finding at the URL’s place, removed first, escaped', () => {
    expect(annotations(sample())).toEqual([
      '::error file=docs/b.md,line=3,col=5,endLine=3,endColumn=30,title=citation-alive::Unexpected dead citation `https://gone.example/post`, expected a live source (`404 Not Found`)',
      '::warning file=docs/a.md,line=7,col=20,endLine=7,endColumn=56,title=citation-title-match::Unexpected title `The Maximum Effective Context Window`, expected `Context Is What You Need`',
      '::warning file=docs/a.md,line=9,col=1,endLine=9,endColumn=50,title=citation-url-safety::Unexpected secret in citation `https://REDACTED@api.example/data?token=REDACTED&q=1`, expected no credentials',
      '::warning file=docs/we%2Cird%3Aname.md,line=4,col=3,endLine=4,endColumn=24,title=citation-credibility::Unexpected source `A | B`, expected 100%25 credibility: 0.5,%0Asee docs'
    ])
  })

  test('a file that could not be checked is an error at the parser’s place, before the citations’ errors, in the cap', () => {
    const unchecked = [{file: 'docs/we,ird.mdx', line: 3, column: 1, message: 'Expected a closing tag'}]
    const lines = annotations(sample(), {unchecked, limit: 1})
    expect(lines[0]).toBe("::error file=docs/we%2Cird.mdx,line=3,col=1,title=not checked::Cannot check the file's citations: Expected a closing tag")
    expect(lines.filter((line) => line.startsWith('::error'))).toHaveLength(1)
    expect(lines.at(-1)).toMatch(/^::notice::1 more error and 2 more warnings not annotated/)
    expect(jobSummary([], {unchecked})).toContain('### Not checked\n\n| File | Place | Reason |\n| --- | ---: | --- |\n| `docs/we,ird.mdx` | 3:1 | Expected a closing tag |\n')
  })

  test('a place over several lines has no columns (GitHub takes columns on one line only)', () => {
    const multi = record('a.md', 'https://x.example/', [2, 5], [verdict('citation-alive', 'removed', 'invalid', 'Unexpected dead citation')], {
      citation: {place: {start: {line: 2, column: 5, offset: 0}, end: {line: 3, column: 4, offset: 20}}}
    })
    expect(annotations([multi])).toEqual(['::error file=a.md,line=2,endLine=3,title=citation-alive::Unexpected dead citation'])
  })

  test('at most 10 errors and 10 warnings, the most important first, and a notice for the rest', () => {
    const many = Array.from({length: 14}, (_, i) => [
      record(`f${i % 3}.md`, `https://dead${i}.example/`, [i + 1, 1], [verdict('citation-alive', 'removed', 'invalid', `dead ${i}`)]),
      record(`f${i % 3}.md`, `https://odd${i}.example/`, [i + 1, 30], [verdict('citation-credibility', 'flagged', 'valid', `odd ${i}`)])
    ]).flat()
    const lines = annotations(shuffled(many))
    expect(lines).toHaveLength(21)
    expect(lines.slice(0, 10).every((line) => line.startsWith('::error '))).toBe(true)
    expect(lines.slice(10, 20).every((line) => line.startsWith('::warning '))).toBe(true)
    // By file, then line: f0.md holds citations 0, 3, 6, 9, 12; f1.md 1, 4, 7, 10, 13.
    expect(lines.slice(0, 10).map((line) => line.split('::')[2])).toEqual(['dead 0', 'dead 3', 'dead 6', 'dead 9', 'dead 12', 'dead 1', 'dead 4', 'dead 7', 'dead 10', 'dead 13'])
    expect(lines[20]).toBe('::notice::4 more errors and 4 more warnings not annotated (GitHub shows 10 of each per step): see the job summary and the log')
    expect(annotations(many)).toEqual(lines)
  })

  test('errors never crowd out warnings, and no notice when nothing is left out', () => {
    const lines = annotations(
      [
        ...Array.from({length: 12}, (_, i) => record('a.md', `https://d${i}.example/`, [i + 1, 1], [verdict('citation-alive', 'removed', 'invalid', 'dead')])),
        record('a.md', 'https://w.example/', [40, 1], [verdict('citation-fragment', 'flagged', 'valid', 'fragment')])
      ],
      {limit: 10}
    )
    expect(lines.filter((line) => line.startsWith('::warning '))).toHaveLength(1)
    expect(lines.at(-1)).toBe('::notice::2 more errors not annotated (GitHub shows 10 of each per step): see the job summary and the log')
    expect(annotations(sample()).some((line) => line.startsWith('::notice'))).toBe(false)
  })

  test('no secret leaves', () => {
    expect(annotations(sample()).join('\n')).not.toMatch(/s3cr3t|user:pw/)
  })

  test('a URL in a message stays as the message wrote it, in the annotation and the job summary (no slash added)', () => {
    const message = 'Unexpected unsafe citation `http://localhost:3000`, expected a public http(s) URL'
    const local = record('a.md', 'http://localhost:3000', [1, 6], [verdict('citation-url-safety', 'removed', 'invalid', message)])
    expect(annotations([local])).toEqual([`::error file=a.md,line=1,col=6,endLine=1,endColumn=27,title=citation-url-safety::${message}`])
    expect(jobSummary([local])).toContain('| `http://localhost:3000` | ' + message + ' |')
  })
})

describe('tableCell and code', () => {
  test.each([
    ['a | b', 'a \\| b'],
    ['a\\|b', 'a\\\\\\|b'],
    ['one\ntwo\r\nthree', 'one<br>two<br>three'],
    ['`A | B`', '`A \\| B`']
  ])('cell %j → %j', (text, cell) => {
    expect(tableCell(text)).toBe(cell)
  })

  test.each([
    ['https://x.example/', '`https://x.example/`'],
    ['a`b', '``a`b``'],
    ['`start', '`` `start ``']
  ])('code %j → %j', (text, span) => {
    expect(code(text)).toBe(span)
  })
})

describe('jobSummary', () => {
  test('counts per action, then a table per file with every finding', () => {
    expect(jobSummary(sample())).toBe(
      [
        '## Citations',
        '',
        '| Action | Citations | Sources |',
        '| --- | ---: | ---: |',
        '| ✗ removed | 1 | 1 |',
        '| ⚠ flagged | 3 | 3 |',
        '| ✓ ok | 1 | 1 |',
        '| total | 5 | 5 |',
        '',
        '### `docs/a.md`',
        '',
        '| Line | Rule | Action | URL | Message |',
        '| ---: | --- | --- | --- | --- |',
        '| 7:20 | [`citation-title-match`](https://www.npmjs.com/package/remark-lint-citations#citation-title-match) | ⚠ flagged | `https://arxiv.example/abs/2509.21361` | Unexpected title `The Maximum Effective Context Window`, expected `Context Is What You Need` |',
        '| 9:1 | [`citation-url-safety`](https://www.npmjs.com/package/remark-lint-citations#citation-url-safety) | ⚠ flagged | `https://REDACTED@api.example/data?token=REDACTED&q=1` | Unexpected secret in citation `https://REDACTED@api.example/data?token=REDACTED&q=1`, expected no credentials |',
        '',
        '### `docs/b.md`',
        '',
        '| Line | Rule | Action | URL | Message |',
        '| ---: | --- | --- | --- | --- |',
        '| 3:5 | [`citation-alive`](https://www.npmjs.com/package/remark-lint-citations#citation-alive) | ✗ removed | `https://gone.example/post` | Unexpected dead citation `https://gone.example/post`, expected a live source (`404 Not Found`) |',
        '',
        '### `docs/we,ird:name.md`',
        '',
        '| Line | Rule | Action | URL | Message |',
        '| ---: | --- | --- | --- | --- |',
        '| 4:3 | [`citation-credibility`](https://www.npmjs.com/package/remark-lint-citations#citation-credibility) | ⚠ flagged | `https://odd.example/p` | Unexpected source `A \\| B`, expected 100% credibility: 0.5,<br>see docs |',
        ''
      ].join('\n')
    )
  })

  test('every row of a table has as many cells as its header, whatever the message holds', () => {
    const cells = (line: string) => line.split(/(?<!\\)\|/).length
    const tables = jobSummary(sample()).split('\n\n').map((block) => block.split('\n').filter((line) => line.startsWith('|')))
    expect(tables.filter((rows) => rows.length > 0)).toHaveLength(4)
    for (const rows of tables) for (const row of rows) expect(cells(row), row).toBe(cells(rows[0]!))
  })

  test('nothing to report', () => {
    const ok = record('a.md', 'https://ok.example/', [1, 1])
    expect(jobSummary([ok])).toBe(
      ['## Citations', '', '| Action | Citations | Sources |', '| --- | ---: | ---: |', '| ✗ removed | 0 | 0 |', '| ⚠ flagged | 0 | 0 |', '| ✓ ok | 1 | 1 |', '| total | 1 | 1 |', '', 'No citation needs attention.', ''].join('\n')
    )
  })

  test('stays under the size limit and says how many rows it left out', () => {
    const many = Array.from({length: 200}, (_, i) => record('a.md', `https://d${i}.example/`, [i + 1, 1], [verdict('citation-alive', 'removed', 'invalid', 'x'.repeat(100))]))
    const text = jobSummary(many, {maxBytes: 5000})
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(5000)
    const rows = text.split('\n').filter((line) => /^\| \d+:1 \|/.test(line)).length
    expect(rows).toBeGreaterThan(10)
    expect(text.trimEnd().split('\n').at(-1)).toBe(`_${200 - rows} more findings are not shown here (the summary has a size limit): see the log._`)
  })

  test('files not checked count against the size limit too (GitHub drops a summary over it whole): thousands of broken MDX pages', () => {
    const unchecked = Array.from({length: 100}, (_, i) => ({file: `docs/page-${i}.mdx`, line: 3, column: 1, message: 'Unexpected character `!` (U+0021) before name'}))
    const dead = record('a.md', 'https://d.example/', [1, 1], [verdict('citation-alive', 'removed', 'invalid', 'dead')])
    const text = jobSummary([dead], {unchecked, maxBytes: 5000})
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(5000)
    expect(text).toContain('| ✗ removed | 1 | 1 |')
    const rows = text.split('\n').filter((line) => line.startsWith('| `docs/page-')).length
    expect(rows).toBeGreaterThan(10)
    expect(text.trimEnd().split('\n').at(-1)).toBe(
      `_${100 - rows} more files not checked and 1 more finding are not shown here (the summary has a size limit): see the log._`
    )
  })

  test('page text in a message stays text: a hostile title puts no image, link or HTML in the summary; code spans stay', () => {
    const title = '![x](https://tracker.example/p.png) [click](https://evil.example) <img src=x> ~~gone~~ **`a | b`** \\|'
    const message = `Unexpected cited title “Paper” for \`https://a.example/\`, expected the page title “${title}” (\`title\`)`
    const text = jobSummary([record('a.md', 'https://a.example/', [1, 1], [verdict('citation-title-match', 'flagged', 'mismatch', message)])])
    expect(text.split('\n').find((line) => line.startsWith('| 1:1'))).toBe(
      '| 1:1 | [`citation-title-match`](https://www.npmjs.com/package/remark-lint-citations#citation-title-match) | ⚠ flagged | `https://a.example/` | ' +
        'Unexpected cited title “Paper” for `https://a.example/`, expected the page title “' +
        '\\!\\[x\\](https://tracker.example/p.png) \\[click\\](https://evil.example) \\<img src=x\\> \\~\\~gone\\~\\~ ' +
        '\\*\\*`a \\| b`\\*\\* \\\\\\|” (`title`) |'
    )
    // As GFM reads it: the message's text and code spans, the title as written; its bare URLs link to themselves.
    const table = unified().use(remarkParse).use(remarkGfm).parse(text.slice(text.indexOf('| Line'))).children[0] as Table
    const cell = table.children[1]!.children[4]!.children
    expect(cell.map((node) => node.type)).toEqual(['text', 'inlineCode', 'text', 'link', 'text', 'link', 'text', 'inlineCode', 'text', 'inlineCode', 'text'])
    const shown = (node: PhrasingContent): string => ('value' in node ? node.value : 'children' in node ? node.children.map(shown).join('') : '')
    expect(cell.map(shown).join('')).toBe(message.replaceAll('`', ''))
    for (const node of cell) if (node.type === 'link') expect(node.url).toBe(shown(node))
    const unchecked = [{file: 'a.mdx', line: 1, column: 2, message: 'Unexpected character `<` before <b>name</b>'}]
    expect(jobSummary([], {unchecked})).toContain('| `a.mdx` | 1:2 | Unexpected character `<` before \\<b\\>name\\</b\\> |\n')
  })

  test('the same records in another order give the same Markdown, without secrets', () => {
    expect(jobSummary(shuffled(sample()))).toBe(jobSummary(sample()))
    expect(jobSummary(sample())).not.toMatch(/s3cr3t|user:pw/)
  })
})
