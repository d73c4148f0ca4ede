// The fix mode's engine: Markdown in, records from the real extractor and judges, Markdown out.

import remarkGfm from 'remark-gfm'
import remarkMdx from 'remark-mdx'
import remarkParse from 'remark-parse'
import {unified} from 'unified'
import {VFile} from 'vfile'
import {describe, expect, test} from 'vitest'
import {fixSummary} from '../src/cli/fix.js'
import {extractCitations} from '../src/extract/index.js'
import {DEAD_LINK_MARKER, fixText, type FixChange, type FixOptions} from '../src/fix/index.js'
import {splice} from '../src/fix/splice.js'
import {writeUrl} from '../src/fix/write-url.js'
import {judgeFragment} from '../src/judge/fragment.js'
import {judgeLiveness} from '../src/judge/liveness.js'
import {judgeSoft404} from '../src/judge/soft-404.js'
import type {Verdict} from '../src/judge/verdict.js'
import {toRecord, type CitationRecord} from '../src/report/record.js'
import type {Citation, SourceReport} from '../src/types.js'
import {source} from './helpers/source.js'

/** What the check learned about a URL: it moved for good, or it is dead (maybe with an archived copy). */
type Learned = {moved: string; via?: string; lands?: string} | {dead: true; archive?: string} | {fine: true}

interface Syntax {
  gfm?: boolean
  mdx?: boolean
}

/** The records a check of `markdown` would give, from the real extractor and the liveness judge. */
function recordsOf(markdown: string, learned: Record<string, Learned>, syntax: Syntax = {}): CitationRecord[] {
  const file = new VFile(markdown)
  const processor = unified().use(remarkParse)
  if (syntax.gfm !== false) processor.use(remarkGfm)
  if (syntax.mdx) processor.use(remarkMdx)
  const citations = extractCitations(processor.parse(file), file, {skip: [], jsxAttributes: {a: ['href']}})
  return citations.map((citation) => {
    const said = learned[citation.normalizedUrl ?? citation.url] ?? learned[citation.url] ?? {fine: true}
    const report = reportOf(citation, said)
    const verdict = judgeLiveness(citation, report, {timeoutAction: 'flagged', redirectResolvers: []})
    const verdicts: Verdict[] = verdict.rule === undefined ? [] : [verdict]
    const fragment = judgeFragment(citation, report)
    if (fragment) verdicts.push(fragment)
    if ('archive' in said && said.archive !== undefined) verdicts[0] = {...verdicts[0]!, expected: said.archive}
    return toRecord('docs/a.md', citation, report, verdicts)
  })
}

function reportOf(citation: Citation, said: Learned): SourceReport {
  const url = citation.normalizedUrl ?? citation.url
  if ('moved' in said) {
    const stops = [url, ...(said.via === undefined ? [] : [said.via]), said.moved]
    const lands = said.lands === undefined ? {} : {fragment: said.lands}
    return source(url, {anchors: ['install', 'usage'], passages: ['Install it with npm and read on.']}, {
      finalUrl: said.moved,
      permanentRedirect: true,
      hops: stops.map((stop, index) => (index < stops.length - 1 ? {url: stop, status: 301, location: stops[index + 1], ...lands} : {url: stop, status: 200}))
    })
  }
  if ('dead' in said) {
    return source(url, {}, {status: 404, liveness: 'dead', reason: '404 Not Found', page: undefined, hops: [{url, status: 404}]})
  }
  return source(url)
}

function fix(markdown: string, learned: Record<string, Learned>, syntax: Syntax = {}) {
  const options: FixOptions = {mdx: syntax.mdx ?? false}
  const records = recordsOf(markdown, learned, syntax)
  return {...fixText(markdown, records, options), records, options}
}

const moved = (to: string): Learned => ({moved: to})
const dead: Learned = {dead: true}
const D = DEAD_LINK_MARKER

describe('fixText: permanent redirects', () => {
  const table: Array<[name: string, before: string, after: string, syntax?: Syntax]> = [
    ['an inline link', 'See [the spec](https://old.example/spec "Spec") now.\n', 'See [the spec](https://new.example/spec "Spec") now.\n'],
    ['an angle-bracket destination', 'See [the spec](<https://old.example/spec>).\n', 'See [the spec](<https://new.example/spec>).\n'],
    ['an autolink', 'See <https://old.example/spec>.\n', 'See <https://new.example/spec>.\n'],
    [
      'a definition, its references untouched',
      'See [the spec][s] and [s].\n\n[s]: https://old.example/spec "Spec"\n',
      'See [the spec][s] and [s].\n\n[s]: https://new.example/spec "Spec"\n'
    ],
    ['a GFM literal', 'Read https://old.example/spec, then stop.\n', 'Read https://new.example/spec, then stop.\n'],
    ['a bare URL without GFM', 'Read https://old.example/spec, then stop.\n', 'Read https://new.example/spec, then stop.\n', {gfm: false}],
    ['a link in MDX', '# Hi\n\nSee [the spec](https://old.example/spec).\n', '# Hi\n\nSee [the spec](https://new.example/spec).\n', {mdx: true}]
  ]
  test.each(table)('in %s', (_, before, after, syntax) => {
    const {text, changes} = fix(before, {'https://old.example/spec': moved('https://new.example/spec')}, syntax)
    expect(text).toBe(after)
    expect(changes.filter((change) => change.kind !== 'redirect')).toEqual([])
  })

  test('in a www literal, written without its scheme', () => {
    const {text} = fix('Read www.old.example/spec today.\n', {'http://www.old.example/spec': moved('https://new.example/spec')})
    expect(text).toBe('Read https://new.example/spec today.\n')
  })

  test('the change says where, what and to what', () => {
    const {changes} = fix('Intro.\n\nSee [x](https://old.example/spec).\n', {'https://old.example/spec': moved('https://new.example/spec')})
    expect(changes).toEqual<FixChange[]>([
      {file: 'docs/a.md', line: 3, column: 9, kind: 'redirect', from: 'https://old.example/spec', to: 'https://new.example/spec'}
    ])
  })

  test('the change names the URL as the document wrote it, as the reports do, so a search of the file finds it', () => {
    const {changes} = fix('See [x](HTTPS://Old.Example/Köln).\n', {'https://old.example/K%C3%B6ln': moved('https://new.example/spec')})
    expect(changes).toMatchObject([{kind: 'redirect', from: 'HTTPS://Old.Example/Köln', to: 'https://new.example/spec'}])
  })

  test('an https citation that moved to a plain http page is left as written: the fix never gives up encryption', () => {
    const {text, changes} = fix('See [x](https://old.example/spec).\n', {'https://old.example/spec': moved('http://new.example/spec')})
    expect(text).toBe('See [x](https://old.example/spec).\n')
    expect(changes).toEqual([])
  })

  test('an https citation moved for good through plain http back to https on its own site points at the https end', () => {
    const learned = {'https://site.example/spec': {moved: 'https://site.example/spec/', via: 'http://site.example/spec/'}}
    const {text, changes} = fix('See [x](https://site.example/spec).\n', learned)
    expect(text).toBe('See [x](https://site.example/spec/).\n')
    expect(changes).toMatchObject([{kind: 'redirect', from: 'https://site.example/spec', to: 'https://site.example/spec/'}])
  })

  test('the cited #fragment is kept, as browsers keep it across a redirect', () => {
    const {text} = fix('[x](https://old.example/spec#usage)\n', {'https://old.example/spec': moved('https://new.example/spec')})
    expect(text).toBe('[x](https://new.example/spec#usage)\n')
  })

  test('an anchor that a permanent redirect replaces with its own is pointed at the final URL, where it lands', () => {
    // Same site, so the redirect alone is no reason to rewrite; the cited #install is lost to the redirect's #usage.
    const {text} = fix('[x](https://site.example/old#install) [y](https://site.example/old#usage)\n', {'https://site.example/old': {moved: 'https://site.example/guide', lands: 'usage'}})
    expect(text).toBe('[x](https://site.example/guide#install) [y](https://site.example/old#usage)\n')
  })

  test('a final URL that Markdown would misread is escaped for where it goes', () => {
    const to = 'https://new.example/a_(b'
    const {text} = fix(
      '[x](https://old.example/spec) <https://old.example/spec> https://old.example/spec\n\n[d]: https://old.example/spec\n',
      {'https://old.example/spec': moved(to)}
    )
    expect(text).toBe(
      '[x](https://new.example/a_\\(b) <https://new.example/a_(b> <https://new.example/a_(b>\n\n[d]: https://new.example/a_\\(b\n'
    )
  })

  test('a bare URL in a parenthesis, moved to a URL with an unopened parenthesis, reads back as that URL', () => {
    const to = 'https://new.example/a(b'
    const {text} = fix('(see https://old.example/spec)\n', {'https://old.example/spec': moved(to)})
    expect(text).toBe(`(see <${to}>)\n`)
    expect(recordsOf(text, {}).map((record) => record.citation.url)).toEqual([to])
  })

  test('a bare URL that cannot stay bare in MDX is left and reported', () => {
    const before = 'Read https://old.example/spec now.\n'
    const {text, changes} = fix(before, {'https://old.example/spec': moved('https://new.example/a_b')}, {mdx: true})
    expect(text).toBe(before)
    expect(changes).toMatchObject([{kind: 'skipped', wanted: 'redirect', reason: 'the new URL cannot be written as a bare URL in MDX'}])
  })

  test('a same-site redirect is not reported, so it is not rewritten', () => {
    const before = '[x](http://old.example/spec)\n'
    expect(fix(before, {'http://old.example/spec': moved('https://old.example/spec')}).text).toBe(before)
  })

  test('a redirect to a likely “not found” page is not rewritten: it is listed as not fixed', () => {
    const before = '[x](https://old.example/spec)\n'
    const [record] = recordsOf(before, {'https://old.example/spec': moved('https://new.example/spec')})
    const notFound = judgeSoft404(record!.citation, record!.report, {url: 'https://new.example/spec-x7q', outcome: 'same-page', similarity: 1})
    expect(notFound).toMatchObject({rule: 'citation-soft-404', action: 'flagged'})
    const {text, changes} = fixText(before, [{...record!, verdicts: [...record!.verdicts, notFound!]}])
    expect(text).toBe(before)
    expect(changes).toMatchObject([{kind: 'skipped', wanted: 'redirect', reason: 'the final page may be a “not found” page (`citation-soft-404`)'}])
  })

  test('a temporary redirect is not rewritten', () => {
    const before = '[x](https://old.example/spec)\n'
    const records = recordsOf(before, {'https://old.example/spec': moved('https://new.example/spec')}).map((record) => ({
      ...record,
      report: {...record.report, permanentRedirect: false}
    }))
    expect(fixText(before, records)).toEqual({text: before, changes: []})
  })
})

describe('writeUrl: a new URL reads back as itself wherever it is written', () => {
  const urls = ['https://new.example/a_(b', 'https://new.example/a)b(', 'https://new.example/?q=a\\b&copy;x', 'https://new.example/wiki/A_(B)']
  const places: Array<[slot: 'destination' | 'angled' | 'autolink', wrap: (written: string) => string]> = [
    ['destination', (written) => `[x](${written} "T")`],
    ['destination', (written) => `[x]: ${written}\n\n[x]`],
    ['angled', (written) => `[x](<${written}>)`],
    ['autolink', (written) => `<${written}>`]
  ]
  test.each(urls.flatMap((url) => places.map(([slot, wrap]) => [url, slot, wrap] as const)))('%s as %s', (url, slot, wrap) => {
    const written = writeUrl(url, slot, false)!
    const tree = unified().use(remarkParse).parse(wrap(written))
    const found: string[] = []
    const walk = (node: {type: string; url?: string; children?: unknown[]}): void => {
      if ((node.type === 'link' || node.type === 'definition') && node.url !== undefined) found.push(node.url)
      for (const child of node.children ?? []) walk(child as typeof node)
    }
    walk(tree)
    expect(found[0]).toBe(url)
  })

  test('a `|` is percent-encoded in every slot, so a GFM table cell stays one cell with one link', () => {
    const url = 'https://new.example/a|b?q=c|d'
    for (const slot of ['destination', 'angled', 'autolink', 'literal'] as const) {
      const written = writeUrl(url, slot, false)!
      const cell = slot === 'destination' ? `[t](${written})` : slot === 'angled' ? `[t](<${written}>)` : slot === 'autolink' ? `<${written}>` : written
      const tree = unified().use(remarkParse).use(remarkGfm).parse(`| a | b |\n| - | - |\n| ${cell} | c |\n`)
      const row = (tree.children[0] as {children: Array<{children: Array<{children: Array<{type: string; url?: string}>}>}>}).children[1]!
      expect(row.children, slot).toHaveLength(2)
      expect(row.children[0]!.children.map((node) => node.url), slot).toEqual(['https://new.example/a%7Cb?q=c%7Cd'])
    }
  })

  test('a bare URL stays bare when it reads back whole, and becomes an autolink otherwise', () => {
    expect(writeUrl('https://new.example/wiki/A_(B)', 'literal', false)).toBe('<https://new.example/wiki/A_(B)>')
    expect(writeUrl('https://new.example/a/b?c=d', 'literal', false)).toBe('https://new.example/a/b?c=d')
    expect(writeUrl('https://new.example/a.', 'literal', false)).toBe('<https://new.example/a.>')
    expect(writeUrl('https://new.example/a.', 'literal', true)).toBeUndefined()
  })
})

describe('fixText: removed citations', () => {
  const table: Array<[name: string, before: string, after: string, syntax?: Syntax]> = [
    ['an inline link keeps its text', 'See [the *old* spec](https://gone.example/a "T") now.\n', `See the *old* spec ${D} now.\n`],
    ['an empty link shows its URL', 'See [](https://gone.example/a) now.\n', `See \`https://gone.example/a\` ${D} now.\n`],
    ['an autolink becomes code', 'See <https://gone.example/a>.\n', `See \`https://gone.example/a\` ${D}.\n`],
    ['a GFM literal becomes code', 'Read https://gone.example/a.\n', `Read \`https://gone.example/a\` ${D}.\n`],
    ['a bare URL becomes code', 'Read https://gone.example/a, then stop.\n', `Read \`https://gone.example/a\` ${D}, then stop.\n`, {gfm: false}],
    ['a link in a table cell', '| a | b |\n| - | - |\n| [x](https://gone.example/a) | y |\n', `| a | b |\n| - | - |\n| x ${D} | y |\n`],
    [
      'references of each form, and their definition goes',
      'A [full][d], [d][] and [d].\n\n[d]: https://gone.example/a\n[k]: https://fine.example/\n\nEnd [k].\n',
      `A full ${D}, d ${D} and d ${D}.\n\n[k]: https://fine.example/\n\nEnd [k].\n`
    ],
    ['an unused definition goes', 'Text.\n\n  [d]: https://gone.example/a\n    "Title"\n\nMore.\n', 'Text.\n\n\nMore.\n'],
    ['a definition on the last line', 'A [x][d]\n\n[d]: https://gone.example/a', `A x ${D}\n\n`],
    ['a link in a heading, around an image', '# [![logo](logo.png) Docs](https://gone.example/a)\n', `# ![logo](logo.png) Docs ${D}\n`],
    ['a bare URL in a parenthesis', '(see https://gone.example/a)\n', `(see \`https://gone.example/a\` ${D})\n`],
    ['a bare URL in a footnote', 'A claim.[^1]\n\n[^1]: Source: https://gone.example/a\n', `A claim.[^1]\n\n[^1]: Source: \`https://gone.example/a\` ${D}\n`],
    ['a footnote read as a definition without GFM', 'A claim.[^1]\n\n[^1]: https://gone.example/a\n', `A claim.^1 ${D}\n\n`, {gfm: false}],
    ['a link in MDX', 'See [x](https://gone.example/a).\n', `See x ${D}.\n`, {mdx: true}],
    ['a bare URL in MDX', 'See https://gone.example/a.\n', `See \`https://gone.example/a\` ${D}.\n`, {mdx: true}]
  ]
  test.each(table)('%s', (_, before, after, syntax) => {
    const {text, changes} = fix(before, {'https://gone.example/a': dead}, syntax)
    expect(text).toBe(after)
    expect(changes.every((change) => change.kind === 'unlink')).toBe(true)
  })

  test('an autolink and a literal with an escaped pipe in a table cell become code, the escape kept', () => {
    // Cited as https://gone.example/a|b, as GitHub reads the cell; the autolink was 'not fixed: the text no longer matches'.
    const before = '| a | b |\n| - | - |\n| <https://gone.example/a\\|b> | https://gone.example/a\\|b |\n'
    const {text, changes} = fix(before, {'https://gone.example/a|b': dead})
    expect(text).toBe(`| a | b |\n| - | - |\n| \`https://gone.example/a\\|b\` ${D} | \`https://gone.example/a\\|b\` ${D} |\n`)
    expect(changes.map((change) => change.kind)).toEqual(['unlink', 'unlink'])
  })

  test('link text that would open a block at the start of a line stays prose: the blocks are those of before', () => {
    const before = [
      'Contents:',
      '[1. Introduction](https://gone.example/a)',
      '',
      '- [# Tags](https://gone.example/a)',
      '- [- draft][d]',
      '',
      '> [> quoted](https://gone.example/a)',
      '',
      '[[x]: y](https://gone.example/a)',
      '',
      'Inline [1. not at a line start](https://gone.example/a), [# nor](https://gone.example/a) this.[^1]',
      '',
      '[d]: https://gone.example/a',
      '',
      '[^1]: [2. Source](https://gone.example/a)',
      ''
    ].join('\n')
    const {text} = fix(before, {'https://gone.example/a': dead})
    expect(text).toBe(
      [
        `Contents:`,
        `1\\. Introduction ${D}`,
        '',
        `- \\# Tags ${D}`,
        `- \\- draft ${D}`,
        '',
        `> \\> quoted ${D}`,
        '',
        `\\[x]: y ${D}`,
        '',
        `Inline 1. not at a line start ${D}, # nor ${D} this.[^1]`,
        '',
        '',
        `[^1]: 2\\. Source ${D}`,
        ''
      ].join('\n')
    )
    const blocks = (markdown: string): string[] => {
      const out: string[] = []
      const walk = (node: {type: string; children?: unknown[]}, depth: number): void => {
        if (['paragraph', 'heading', 'list', 'listItem', 'blockquote', 'thematicBreak', 'definition', 'footnoteDefinition'].includes(node.type)) {
          out.push(`${depth}:${node.type}`)
        }
        for (const child of node.children ?? []) walk(child as typeof node, depth + 1)
      }
      walk(unified().use(remarkParse).use(remarkGfm).parse(markdown), 0)
      return out
    }
    expect(blocks(text)).toEqual(blocks(before).filter((block) => block !== '1:definition'))
  })

  test('a bare URL written with escapes becomes code without them (code shows backslashes)', () => {
    const {text} = fix('Read https://gone.example/a\\_b.\n', {'https://gone.example/a_b': dead}, {gfm: false})
    expect(text).toBe(`Read \`https://gone.example/a_b\` ${D}.\n`)
  })

  test('the change shows the text left in place', () => {
    const {changes} = fix('See <https://gone.example/a?token=s3cr3t>.\n', {'https://gone.example/a?token=s3cr3t': dead})
    expect(changes).toEqual<FixChange[]>([
      {
        file: 'docs/a.md',
        line: 1,
        column: 6,
        kind: 'unlink',
        from: 'https://gone.example/a?token=REDACTED',
        to: `\`https://gone.example/a?token=REDACTED\` ${D}`
      }
    ])
  })

  test('an archived copy replaces the URL instead', () => {
    const archive = 'https://web.archive.example/web/2020/https://gone.example/a'
    const before = 'See [x](https://gone.example/a) and [y].\n\n[y]: <https://gone.example/a>\n'
    const {text, changes} = fix(before, {'https://gone.example/a': {dead: true, archive}})
    expect(text).toBe(`See [x](${archive}) and [y].\n\n[y]: <${archive}>\n`)
    expect(changes.map((change) => [change.line, change.kind])).toEqual([[1, 'archive'], [3, 'archive']])
  })

  test('a redacted archived copy is never written: the citation is unlinked', () => {
    const archive = 'https://web.archive.example/web/2020/https://gone.example/a?token=REDACTED'
    const {text} = fix('See [x](https://gone.example/a?token=s3cr3t).\n', {'https://gone.example/a?token=s3cr3t': {dead: true, archive}})
    expect(text).toBe(`See x ${D}.\n`)
    expect(text).not.toContain('REDACTED')
  })

  test('a definition something still links through stays, and says why', () => {
    const before = 'A [x][d] and ![pic][d].\n\n[d]: https://gone.example/a\n'
    const {text, changes} = fix(before, {'https://gone.example/a': dead})
    expect(text).toBe(`A x ${D} and ![pic][d].\n\n[d]: https://gone.example/a\n`)
    expect(changes).toMatchObject([
      {line: 1, kind: 'unlink'},
      {line: 3, kind: 'skipped', wanted: 'unlink', reason: 'an image still uses the definition'}
    ])
  })

  test('a reference whose message was silenced stays linked, and so does its definition', () => {
    const before = 'A [x][d] and [y][d].\n\n[d]: https://gone.example/a\n'
    // The check dropped the second reference's verdict (a `<!--lint ignore-->` comment): its record is `ignored`.
    const records = recordsOf(before, {'https://gone.example/a': dead}).map((record) =>
      record.citation.place.start.column === 14 ? {...record, verdicts: [], ignored: record.verdicts, action: 'ignored' as const} : record
    )
    const {text, changes} = fixText(before, records)
    expect(text).toBe(`A x ${D} and [y][d].\n\n[d]: https://gone.example/a\n`)
    expect(changes.at(-1)).toMatchObject({kind: 'skipped', reason: 'a reference to the definition stays linked'})
  })

  test('a definition inside a block quote stays; its references are unlinked', () => {
    const before = '> A [x][d].\n>\n> [d]: https://gone.example/a\n'
    const {text, changes} = fix(before, {'https://gone.example/a': dead})
    expect(text).toBe(`> A x ${D}.\n>\n> [d]: https://gone.example/a\n`)
    expect(changes.at(-1)).toMatchObject({kind: 'skipped', reason: 'the definition is inside a block quote, list or other container'})
  })

  test('HTML and JSX links are left and reported as not fixable', () => {
    const html = 'See <a href="https://gone.example/a">x</a>.\n'
    const jsx = 'See <a href="https://gone.example/a">x</a>.\n'
    for (const [before, syntax] of [[html, {}], [jsx, {mdx: true}]] as const) {
      const {text, changes} = fix(before, {'https://gone.example/a': dead}, syntax)
      expect(text).toBe(before)
      expect(changes).toMatchObject([{kind: 'skipped', wanted: 'unlink', reason: 'links written in HTML or JSX are left for you to fix'}])
    }
  })
})

describe('fixText: the rest of the file', () => {
  const learned = {
    'https://old.example/spec': moved('https://new.example/spec'),
    'https://gone.example/a': dead
  }

  test('several edits in one line', () => {
    const before = 'A [x](https://old.example/spec), <https://gone.example/a> and https://old.example/spec.\n'
    const {text, changes} = fix(before, learned)
    expect(text).toBe(`A [x](https://new.example/spec), \`https://gone.example/a\` ${D} and https://new.example/spec.\n`)
    expect(changes.map((change) => [change.column, change.kind])).toEqual([[7, 'redirect'], [35, 'unlink'], [63, 'redirect']])
  })

  test('CRLF line endings stay CRLF, and a removed definition takes its own CRLF with it', () => {
    const before = 'A [x](https://old.example/spec)\r\nand [y][d].\r\n\r\n[d]: https://gone.example/a\r\n[e]: https://fine.example/\r\n'
    const {text} = fix(before, learned)
    expect(text).toBe(`A [x](https://new.example/spec)\r\nand y ${D}.\r\n\r\n[e]: https://fine.example/\r\n`)
  })

  test('a URL in curly quotes (a GFM literal cut before the quote): the quotes stay, around the edit', () => {
    const before = 'He said “https://gone.example/a” and “https://old.example/spec”.\n'
    const {text} = fix(before, learned)
    expect(text).toBe(`He said “\`https://gone.example/a\` ${D}” and “https://new.example/spec”.\n`)
  })

  test('a link whose text is its URL becomes code, not a bare URL GFM would link again; a second run changes nothing', () => {
    const before = 'See [https://gone.example/a](https://gone.example/a) and [www.gone.example/a](https://gone.example/a).\n'
    const once = fix(before, {'https://gone.example/a': dead}).text
    expect(once).toBe(`See \`https://gone.example/a\` ${D} and \`www.gone.example/a\` ${D}.\n`)
    expect(fix(once, {'https://gone.example/a': dead}).text).toBe(once)
  })

  test('a retracted paper, live, is not unlinked as a dead link: it is listed as not fixed', () => {
    const markdown = 'The paper [A Paper on Things](https://doi.org/10.1234/abc) says so.\n'
    const [record] = recordsOf(markdown, {})
    const retracted: Verdict = {status: 'invalid', action: 'removed', rule: 'citation-retracted', message: 'Unexpected retracted paper', certain: true}
    const removed = {...record!, action: 'removed' as const, verdicts: [retracted]}
    const {text, changes} = fixText(markdown, [removed], {mdx: false})
    expect(text).toBe(markdown)
    expect(changes).toMatchObject([{kind: 'skipped', wanted: 'unlink', reason: 'a retracted or withdrawn paper is live: say so in the text, or cite another source'}])
  })

  test('a URL among other link text becomes code too, inside emphasis or not; a second run changes nothing', () => {
    const before = 'See [Spec: https://gone.example/a](https://gone.example/a), [**https://gone.example/a**](https://gone.example/a) and [`https://gone.example/a` docs](https://gone.example/a).\n'
    const once = fix(before, {'https://gone.example/a': dead}).text
    expect(once).toBe(`See Spec: \`https://gone.example/a\` ${D}, **\`https://gone.example/a\`** ${D} and \`https://gone.example/a\` docs ${D}.\n`)
    expect(fix(once, {'https://gone.example/a': dead}).text).toBe(once)
  })

  test('a byte order mark stays, and the edits land where they would without it (the parse starts after it)', () => {
    const body = 'Intro.\n\nSee [the docs](https://gone.example/a) and [x](https://old.example/spec).\n\n[d]: https://old.example/spec\n\n[d] and <https://gone.example/a>\n'
    const plain = fix(body, learned)
    const marked = fix(`\uFEFF${body}`, learned)
    expect(marked.text).toBe(`\uFEFF${plain.text}`)
    expect(marked.changes).toEqual(plain.changes)
    expect(plain.text).toBe(`Intro.\n\nSee the docs ${D} and [x](https://new.example/spec).\n\n[d]: https://new.example/spec\n\n[d] and \`https://gone.example/a\` ${D}\n`)
  })

  test('the list of changes has one line per change: link text over two lines is shown on one', () => {
    const before = '* See [the old\r\n  report](https://gone.example/a).\r\n'
    const {text, changes} = fix(before, learned)
    expect(text).toBe(`* See the old\r\n  report ${D}.\r\n`)
    expect(fixSummary(changes).trimEnd().split('\n')).toEqual([
      'Fixed 1 citation in 1 file:',
      `  docs/a.md:2:11 unlink: https://gone.example/a → the old report ${D}`
    ])
  })

  test('emoji and other astral characters before a link (offsets count UTF-16 units)', () => {
    const before = '😀🎉 𝒳 [x](https://old.example/spec) 👍🏽 https://gone.example/a 🎉\n'
    const {text, changes} = fix(before, learned)
    expect(text).toBe(`😀🎉 𝒳 [x](https://new.example/spec) 👍🏽 \`https://gone.example/a\` ${D} 🎉\n`)
    expect(changes.map((change) => change.kind)).toEqual(['redirect', 'unlink'])
  })

  test('nothing but the citations changes, byte for byte', () => {
    const prefix = [
      '---',
      'title: Notes  ',
      '---',
      '',
      '# Heading with https://fine.example/ *and* `code`',
      '',
      '```md',
      '[x](https://old.example/spec) https://gone.example/a',
      '```',
      '',
      '<!-- https://gone.example/a -->',
      '\t* item\twith tabs   ',
      '  1) odd  list',
      '',
      '| a | b |',
      '|:-|--:|',
      '| `https://old.example/spec` | \\*not emphasis\\* |',
      '',
      'Text  with  double  spaces, &amp; entities, \\[escapes\\] and: '
    ].join('\n')
    const middle = ' and \\\n'
    const suffix = ' end.   \n\n\n'
    const before = `${prefix}[cite](https://old.example/spec)${middle}<https://gone.example/a>${suffix}`
    const {text} = fix(before, learned)
    expect(text).toBe(`${prefix}[cite](https://new.example/spec)${middle}\`https://gone.example/a\` ${D}${suffix}`)
  })

  test('fixing its own output again changes nothing', () => {
    const before = [
      'A [x](https://old.example/spec), <https://gone.example/a>, https://gone.example/a and [y][d].',
      '',
      'B [z](https://gone.example/a) https://old.example/spec',
      '',
      '[d]: https://gone.example/a',
      ''
    ].join('\n')
    const first = fix(before, learned)
    expect(first.text).not.toBe(before)
    const again = fixText(first.text, first.records, first.options)
    expect(again.text).toBe(first.text)
    expect(again.changes.every((change) => change.kind === 'skipped')).toBe(true)
  })

  test('records of another text change nothing', () => {
    const records = recordsOf('[x](https://gone.example/a)\n', learned)
    const other = 'Some other text entirely, longer than the first.\n'
    expect(fixText(other, records).text).toBe(other)
  })

  test('a redacted final URL is never written', () => {
    const before = 'See [x](https://old.example/spec?token=s3cr3t).\n'
    const {text, changes} = fix(before, {'https://old.example/spec?token=s3cr3t': moved('https://new.example/spec?token=REDACTED')})
    expect(text).toBe(before)
    expect(changes).toEqual<FixChange[]>([
      {
        file: 'docs/a.md',
        line: 1,
        column: 9,
        kind: 'skipped',
        wanted: 'redirect',
        from: 'https://old.example/spec?token=REDACTED',
        reason: 'the final URL is redacted (it carries a secret)'
      }
    ])
  })

  test('the same record twice is one edit', () => {
    const before = '[x](https://gone.example/a)\n'
    const records = recordsOf(before, learned)
    const {text, changes} = fixText(before, [...records, ...records])
    expect(text).toBe(`x ${D}\n`)
    expect(changes).toHaveLength(1)
  })

  test('an edit overlapping another is skipped', () => {
    const change = {file: 'a.md', line: 1, column: 1, from: 'https://a.example/', kind: 'unlink' as const, to: 'x'}
    const result = splice('0123456789', [
      {span: {start: 5, end: 8}, text: 'B', change: {...change, column: 6}},
      {span: {start: 1, end: 3}, text: 'A', change: {...change, column: 2}},
      {span: {start: 2, end: 6}, text: 'C', change: {...change, column: 3}}
    ])
    expect(result.text).toBe('0A34B89')
    expect(result.changes.map((item) => [item.column, item.kind])).toEqual([[2, 'unlink'], [3, 'skipped'], [6, 'unlink']])
  })
})
