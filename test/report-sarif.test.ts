// SARIF 2.1.0 for GitHub code scanning, checked against the rules of the spec's schema that GitHub enforces.

import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, sep} from 'node:path'
import {describe, expect, test} from 'vitest'
import {prefixSarifPaths} from '../src/action/sarif.js'
import {fixText} from '../src/fix/index.js'
import {recordsOf} from '../src/report/collect.js'
import {artifactUri, sarifReport, sarifReportText, type SarifLog, type SarifRegion} from '../src/report/sarif.js'
import {lintLiveness} from './helpers/lint.js'
import {record, sample, shuffled, verdict} from './helpers/report-records.js'
import {html, redirect as httpRedirect, startWeb, testResolve} from './helpers/web.js'

// The schema sets `additionalProperties: false` on each of these objects: GitHub rejects unknown keys.
const allowed: Record<string, string[]> = {
  log: ['$schema', 'version', 'runs', 'inlineExternalProperties', 'properties'],
  run: ['tool', 'invocations', 'conversion', 'language', 'versionControlProvenance', 'originalUriBaseIds', 'artifacts', 'logicalLocations', 'graphs', 'results', 'automationDetails', 'runAggregates', 'baselineGuid', 'redactionTokens', 'defaultEncoding', 'defaultSourceLanguage', 'newlineSequences', 'columnKind', 'externalPropertyFileReferences', 'threadFlowLocations', 'taxonomies', 'addresses', 'translations', 'policies', 'webRequests', 'webResponses', 'specialLocations', 'properties'],
  tool: ['driver', 'extensions', 'properties'],
  toolComponent: ['guid', 'name', 'organization', 'product', 'productSuite', 'shortDescription', 'fullDescription', 'fullName', 'version', 'semanticVersion', 'dottedQuadFileVersion', 'releaseDateUtc', 'downloadUri', 'informationUri', 'globalMessageStrings', 'notifications', 'rules', 'taxa', 'locations', 'language', 'contents', 'isComprehensive', 'localizedDataSemanticVersion', 'minimumRequiredLocalizedDataSemanticVersion', 'associatedComponent', 'translationMetadata', 'supportedTaxonomies', 'properties'],
  reportingDescriptor: ['id', 'deprecatedIds', 'guid', 'deprecatedGuids', 'name', 'deprecatedNames', 'shortDescription', 'fullDescription', 'messageStrings', 'defaultConfiguration', 'helpUri', 'help', 'relationships', 'properties'],
  reportingConfiguration: ['enabled', 'level', 'rank', 'parameters', 'properties'],
  multiformatMessageString: ['text', 'markdown', 'properties'],
  message: ['text', 'markdown', 'id', 'arguments', 'properties'],
  result: ['ruleId', 'ruleIndex', 'rule', 'kind', 'level', 'message', 'analysisTarget', 'locations', 'guid', 'correlationGuid', 'occurrenceCount', 'partialFingerprints', 'fingerprints', 'stacks', 'codeFlows', 'graphs', 'graphTraversals', 'relatedLocations', 'suppressions', 'baselineState', 'rank', 'attachments', 'hostedViewerUri', 'workItemUris', 'provenance', 'fixes', 'taxa', 'webRequest', 'webResponse', 'properties'],
  location: ['id', 'physicalLocation', 'logicalLocations', 'message', 'annotations', 'relationships', 'properties'],
  physicalLocation: ['address', 'artifactLocation', 'region', 'contextRegion', 'properties'],
  artifactLocation: ['uri', 'uriBaseId', 'index', 'description', 'properties'],
  region: ['startLine', 'startColumn', 'endLine', 'endColumn', 'charOffset', 'charLength', 'byteOffset', 'byteLength', 'snippet', 'message', 'sourceLanguage', 'properties'],
  fix: ['description', 'artifactChanges', 'properties'],
  artifactChange: ['artifactLocation', 'replacements', 'properties'],
  replacement: ['deletedRegion', 'insertedContent', 'properties'],
  artifactContent: ['text', 'binary', 'rendered', 'properties']
}
const levels = ['none', 'note', 'warning', 'error']
/** RFC 3986 relative reference: path characters and percent-escapes only, no scheme-like first segment. */
const RELATIVE_REF = /^(?:[\w\-.~!$&'()*+,;=@]|%[\dA-Fa-f]{2})(?:[\w\-.~!$&'()*+,;=:@/]|%[\dA-Fa-f]{2})*$/

type Json = Record<string, unknown>

/** Every rule violation found, as `path: problem`; empty when GitHub would take the log. */
function checkSarif(log: unknown): string[] {
  const problems: string[] = []
  const fail = (path: string, problem: string) => problems.push(`${path}: ${problem}`)
  const object = (value: unknown, path: string, kind: string, required: string[] = []): value is Json => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(path, `expected a ${kind} object`), false
    for (const key of Object.keys(value)) if (!allowed[kind]!.includes(key)) fail(path, `unknown property \`${key}\` in ${kind}`)
    for (const key of required) if (!(key in value)) fail(path, `missing \`${key}\``)
    for (const [key, inner] of Object.entries(value)) if (inner === null) fail(`${path}.${key}`, 'null is not allowed')
    return true
  }
  const text = (value: unknown, path: string) => (typeof value === 'string' && value !== '' ? true : (fail(path, 'expected a non-empty string'), false))
  const absoluteUri = (value: unknown, path: string) => {
    if (typeof value !== 'string' || !URL.canParse(value)) fail(path, 'expected an absolute URI')
  }
  const positive = (value: unknown, path: string) => {
    if (!Number.isInteger(value) || (value as number) < 1) fail(path, 'expected an integer >= 1')
  }
  const region = (value: unknown, path: string) => {
    if (!object(value, path, 'region', ['startLine'])) return
    for (const key of ['startLine', 'startColumn', 'endLine', 'endColumn']) if (key in value) positive(value[key], `${path}.${key}`)
    const {startLine, startColumn, endLine, endColumn} = value as Record<string, number>
    if (endLine !== undefined && endLine < startLine!) fail(path, 'endLine before startLine')
    if ((endLine ?? startLine) === startLine && endColumn !== undefined && startColumn !== undefined && endColumn < startColumn) fail(path, 'endColumn before startColumn')
  }
  const artifactLocation = (value: unknown, path: string) => {
    if (!object(value, path, 'artifactLocation', ['uri'])) return
    const uri = value.uri
    if (typeof uri !== 'string' || !RELATIVE_REF.test(uri) || uri.startsWith('/')) fail(`${path}.uri`, `expected a relative URI reference, got ${JSON.stringify(uri)}`)
  }

  if (!object(log, '$', 'log', ['$schema', 'version', 'runs'])) return problems
  if (log.version !== '2.1.0') fail('$.version', 'expected `2.1.0`')
  absoluteUri(log.$schema, '$.$schema')
  if (!Array.isArray(log.runs) || log.runs.length === 0) return fail('$.runs', 'expected runs'), problems
  log.runs.forEach((run: unknown, r) => {
    const at = `$.runs[${r}]`
    if (!object(run, at, 'run', ['tool', 'results'])) return
    if ('columnKind' in run && !['utf16CodeUnits', 'unicodeCodePoints'].includes(run.columnKind as string)) fail(`${at}.columnKind`, 'unknown unit')
    if (!object(run.tool, `${at}.tool`, 'tool', ['driver'])) return
    const driver = run.tool.driver
    if (!object(driver, `${at}.tool.driver`, 'toolComponent', ['name'])) return
    text(driver.name, `${at}.tool.driver.name`)
    if ('informationUri' in driver) absoluteUri(driver.informationUri, `${at}.tool.driver.informationUri`)
    const rules = Array.isArray(driver.rules) ? (driver.rules as unknown[]) : []
    const ids = new Set<string>()
    rules.forEach((rule, i) => {
      const path = `${at}.tool.driver.rules[${i}]`
      if (!object(rule, path, 'reportingDescriptor', ['id'])) return
      if (text(rule.id, `${path}.id`) && ids.has(rule.id as string)) fail(`${path}.id`, 'duplicate rule id')
      ids.add(rule.id as string)
      if (object(rule.shortDescription, `${path}.shortDescription`, 'multiformatMessageString', ['text'])) text(rule.shortDescription.text, `${path}.shortDescription.text`)
      if ('helpUri' in rule) absoluteUri(rule.helpUri, `${path}.helpUri`)
      if (object(rule.defaultConfiguration, `${path}.defaultConfiguration`, 'reportingConfiguration') && !levels.includes(rule.defaultConfiguration.level as string)) fail(`${path}.defaultConfiguration.level`, 'unknown level')
    })
    if (!Array.isArray(run.results)) return fail(`${at}.results`, 'expected an array'), undefined
    run.results.forEach((result: unknown, i) => {
      const path = `${at}.results[${i}]`
      if (!object(result, path, 'result', ['message', 'ruleId', 'locations'])) return
      if (object(result.message, `${path}.message`, 'message', ['text'])) text(result.message.text, `${path}.message.text`)
      if (text(result.ruleId, `${path}.ruleId`) && !ids.has(result.ruleId as string)) fail(`${path}.ruleId`, 'not among the rules')
      if ('ruleIndex' in result && (rules[result.ruleIndex as number] as Json | undefined)?.id !== result.ruleId) fail(`${path}.ruleIndex`, 'does not point at ruleId')
      if (!levels.includes(result.level as string)) fail(`${path}.level`, 'unknown level')
      const locations = result.locations as unknown[]
      if (!Array.isArray(locations) || locations.length === 0) fail(`${path}.locations`, 'GitHub needs a location')
      else {
        locations.forEach((location, l) => {
          const where = `${path}.locations[${l}]`
          if (!object(location, where, 'location', ['physicalLocation'])) return
          if (!object(location.physicalLocation, `${where}.physicalLocation`, 'physicalLocation', ['artifactLocation', 'region'])) return
          artifactLocation(location.physicalLocation.artifactLocation, `${where}.physicalLocation.artifactLocation`)
          region(location.physicalLocation.region, `${where}.physicalLocation.region`)
        })
      }
      const fingerprints = result.partialFingerprints
      if (typeof fingerprints !== 'object' || fingerprints === null || Object.values(fingerprints).some((value) => typeof value !== 'string')) fail(`${path}.partialFingerprints`, 'expected string values')
      ;((result.fixes ?? []) as unknown[]).forEach((fix, f) => {
        const fixAt = `${path}.fixes[${f}]`
        if (!object(fix, fixAt, 'fix', ['artifactChanges'])) return
        if (object(fix.description, `${fixAt}.description`, 'message', ['text'])) text(fix.description.text, `${fixAt}.description.text`)
        const changes = fix.artifactChanges as unknown[]
        if (!Array.isArray(changes) || changes.length === 0) return fail(`${fixAt}.artifactChanges`, 'expected at least one'), undefined
        changes.forEach((change, c) => {
          const changeAt = `${fixAt}.artifactChanges[${c}]`
          if (!object(change, changeAt, 'artifactChange', ['artifactLocation', 'replacements'])) return
          artifactLocation(change.artifactLocation, `${changeAt}.artifactLocation`)
          const replacements = change.replacements as unknown[]
          if (!Array.isArray(replacements) || replacements.length === 0) return fail(`${changeAt}.replacements`, 'expected at least one'), undefined
          replacements.forEach((replacement, p) => {
            const replacementAt = `${changeAt}.replacements[${p}]`
            if (!object(replacement, replacementAt, 'replacement', ['deletedRegion'])) return
            region(replacement.deletedRegion, `${replacementAt}.deletedRegion`)
            if ('insertedContent' in replacement) object(replacement.insertedContent, `${replacementAt}.insertedContent`, 'artifactContent')
          })
        })
      })
    })
  })
  return problems
}

/** A redirect as reported: its replacement as written over the URL (see `recordsOf`). */
const redirect = () =>
  record('docs/c.md', 'https://old.example/a', [2, 8], [
    {
      ...verdict('citation-reachable', 'flagged', 'valid', 'Unexpected redirect of citation `https://old.example/a` to another site `https://new.example/a`', 'https://new.example/a'),
      written: 'https://new.example/a'
    }
  ])

const run = (log: SarifLog) => log.runs[0]

/** `text` with each replacement made at its region: 1-based lines and UTF-16 columns, as the log declares. */
function applied(text: string, replacements: Array<{deletedRegion: SarifRegion; insertedContent: {text: string}}>): string {
  const lineStarts = [0, ...[...text.matchAll(/\r\n|\r|\n/g)].map((match) => match.index + match[0].length)]
  const offset = (line: number, column: number) => lineStarts[line - 1]! + column - 1
  const spans = replacements.map(({deletedRegion: region, insertedContent}) => ({
    start: offset(region.startLine, region.startColumn),
    end: offset(region.endLine, region.endColumn),
    text: insertedContent.text
  }))
  return spans.sort((a, b) => b.start - a.start).reduce((result, {start, end, text}) => result.slice(0, start) + text + result.slice(end), text)
}

describe('sarifReport', () => {
  test('passes the structure checks, as written to the file', () => {
    const log = JSON.parse(sarifReportText([...sample(), redirect()])) as unknown
    expect(checkSarif(log)).toEqual([])
  })

  test('a file that could not be checked is a notification of an unsuccessful invocation, at the parser’s place', () => {
    expect(run(sarifReport(sample()))).not.toHaveProperty('invocations')
    const log = JSON.parse(sarifReportText(sample(), {unchecked: [{file: 'docs/my page.mdx', line: 3, column: 1, message: 'Expected a closing tag'}]})) as SarifLog
    expect(checkSarif(log)).toEqual([])
    expect(run(log).invocations).toEqual([
      {
        executionSuccessful: false,
        toolExecutionNotifications: [
          {level: 'error', message: {text: 'Expected a closing tag'}, locations: [{physicalLocation: {artifactLocation: {uri: 'docs/my%20page.mdx'}, region: {startLine: 3, startColumn: 1}}}]}
        ]
      }
    ])
  })

  test('the checks catch what GitHub rejects', () => {
    const log = JSON.parse(sarifReportText(sample())) as {runs: Array<{results: Json[]}>}
    const result = log.runs[0]!.results[0]!
    Object.assign(result, {ruleIndex: 0, level: 'fatal', extra: 1, message: {}})
    Object.assign((result.locations as Json[])[0]!.physicalLocation as Json, {artifactLocation: {uri: '/abs\\a.md'}, region: {startLine: 0}})
    expect(checkSarif(log)).toEqual([
      '$.runs[0].results[0]: unknown property `extra` in result',
      '$.runs[0].results[0].message: missing `text`',
      '$.runs[0].results[0].message.text: expected a non-empty string',
      '$.runs[0].results[0].ruleIndex: does not point at ruleId',
      '$.runs[0].results[0].level: unknown level',
      '$.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri: expected a relative URI reference, got "/abs\\\\a.md"',
      '$.runs[0].results[0].locations[0].physicalLocation.region.startLine: expected an integer >= 1'
    ])
  })

  test('the driver names the tool, its version and every rule with docs and its preset severity', () => {
    const {driver} = run(sarifReport([], {version: '9.9.9'})).tool
    expect(driver).toMatchObject({name: 'remark-lint-citations', informationUri: 'https://www.npmjs.com/package/remark-lint-citations', version: '9.9.9'})
    expect(driver.rules.find((rule) => rule.id === 'citation-alive')).toEqual({
      id: 'citation-alive',
      name: 'citation-alive',
      shortDescription: {text: 'Dead citation: 404, 410, no such host, connection refused, redirect loop'},
      helpUri: 'https://www.npmjs.com/package/remark-lint-citations#citation-alive',
      defaultConfiguration: {level: 'error'}
    })
    expect(driver.rules.map((rule) => rule.defaultConfiguration.level)).toContain('warning')
  })

  test('the version defaults to the one in package.json', async () => {
    const {version} = (await import('../package.json', {with: {type: 'json'}})).default
    expect(run(sarifReport([])).tool.driver.version).toBe(version)
  })

  test('removed citations are errors and flagged ones warnings, at the URL’s own characters; ok ones are absent', () => {
    const {results} = run(sarifReport(sample()))
    expect(results.map((result) => [result.ruleId, result.level, result.locations[0]!.physicalLocation.artifactLocation.uri, result.locations[0]!.physicalLocation.region])).toEqual([
      ['citation-url-safety', 'warning', 'docs/a.md', {startLine: 9, startColumn: 1, endLine: 9, endColumn: 50}],
      ['citation-title-match', 'warning', 'docs/a.md', {startLine: 7, startColumn: 20, endLine: 7, endColumn: 56}],
      ['citation-alive', 'error', 'docs/b.md', {startLine: 3, startColumn: 5, endLine: 3, endColumn: 30}],
      ['citation-credibility', 'warning', 'docs/we,ird:name.md', {startLine: 4, startColumn: 3, endLine: 4, endColumn: 24}]
    ])
  })

  test('fingerprints hash rule, file and URL: they survive moved lines and tell repeated citations apart', () => {
    const dead = [verdict('citation-alive', 'removed', 'invalid', 'Unexpected dead citation')]
    const before = run(sarifReport([record('a.md', 'https://x.example/', [3, 1], dead), record('a.md', 'https://x.example/', [9, 1], dead)])).results
    const after = run(sarifReport([record('a.md', 'https://x.example/', [30, 4], dead), record('a.md', 'https://x.example/', [12, 1], dead)])).results
    const prints = (results: typeof before) => results.map((result) => Object.values(result.partialFingerprints)[0]!)
    expect(prints(after)).toEqual(prints(before))
    const [first, second] = prints(before)
    expect(first).toMatch(/^[\da-f]{64}:1$/)
    expect(second).toBe(first!.replace(/:1$/, ':2'))
    const otherFile = run(sarifReport([record('b.md', 'https://x.example/', [3, 1], dead)])).results
    expect(prints(otherFile)[0]).not.toBe(first)
  })

  test('a replacement for the URL becomes a fix of the URL’s region', () => {
    const [result] = run(sarifReport([redirect()])).results
    expect(result!.fixes).toEqual([
      {
        description: {text: 'Replace `https://old.example/a` with `https://new.example/a`'},
        artifactChanges: [
          {
            artifactLocation: {uri: 'docs/c.md'},
            replacements: [{deletedRegion: {startLine: 2, startColumn: 8, endLine: 2, endColumn: 29}, insertedContent: {text: 'https://new.example/a'}}]
          }
        ]
      }
    ])
  })

  test.each([
    ['nothing is written over the URL (a reference, HTML, JSX, a record made without messages)', {}, 'https://new.example/a', undefined],
    ['the place is not the URL (a `verify` source, placed in the list)', {citation: {placeIsUrl: false}}, 'https://new.example/a', 'https://new.example/a'],
    ['the replacement holds a secret', {}, 'https://new.example/a?token=abc', 'https://new.example/a?token=abc'],
    ['the replacement was redacted already', {}, 'https://new.example/a?token=REDACTED', 'https://new.example/a?token=REDACTED']
  ])('no fix when %s', (_, overrides, expected, written) => {
    const said = {...verdict('citation-reachable', 'flagged', 'valid', 'Unexpected redirect', expected), ...(written === undefined ? {} : {written})}
    const flagged = record('a.md', 'https://old.example/a', [1, 1], [said], overrides)
    expect(run(sarifReport([flagged])).results[0]).not.toHaveProperty('fixes')
  })

  test('applying its fixes writes what `--fix` writes: escaped for their place, and none in HTML', async () => {
    const web = await startWeb({
      '/paren': (request, response) => httpRedirect(301, `http://new.test:${web.port}/x)y`)(request, response),
      '/bare': (request, response) => httpRedirect(301, `http://new.test:${web.port}/a_b_`)(request, response),
      '/cell': (request, response) => httpRedirect(301, `http://new.test:${web.port}/q?a|b`)(request, response),
      '/html': (request, response) => httpRedirect(301, `http://new.test:${web.port}/x)y`)(request, response),
      '*': html('Moved here')
    })
    try {
      const old = (path: string) => `http://old.test:${web.port}${path}`
      const markdown = [
        `A [paren](${old('/paren')}) and bare ${old('/bare')} here.`,
        '',
        '| a | b |',
        '| --- | --- |',
        `| [cell](${old('/cell')}) | <a href="${old('/html')}">h</a> |`,
        ''
      ].join('\n')
      const options = {allowPrivateAddresses: ['127.0.0.1/32'], resolve: testResolve, timeout: 1000, retries: 0}
      const {file} = await lintLiveness(markdown, options)
      const records = recordsOf(file, 'doc.md')
      const fixes = run(sarifReport(records)).results.flatMap((result) => result.fixes ?? [])
      expect(fixes).toHaveLength(3)
      const fixed = fixText(markdown, records)
      expect(fixed.changes.filter((change) => change.kind === 'redirect')).toHaveLength(3)
      expect(applied(markdown, fixes.flatMap((fix) => fix.artifactChanges.flatMap((change) => change.replacements)))).toBe(fixed.text)
    } finally {
      await web.close()
    }
  })

  test('no secret leaves', () => {
    expect(sarifReportText(sample())).not.toMatch(/s3cr3t|user:pw/)
  })

  test('the same records in another order give the same bytes', () => {
    expect(sarifReportText(shuffled([...sample(), redirect()]))).toBe(sarifReportText([...sample(), redirect()]))
  })
})

describe('prefixSarifPaths', () => {
  test('keeps U+2028 and its kin escaped, as the report was written', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'sarif-prefix-'))
    try {
      const path = join(folder, 'r.sarif')
      const message = 'Unexpected title `Alpha\u2028Beta\u0085Gamma`'
      writeFileSync(path, sarifReportText([record('a.md', 'https://a.example/', [1, 1], [verdict('citation-title-match', 'flagged', 'valid', message)])]))
      await prefixSarifPaths(path, 'docs/')
      const text = readFileSync(path, 'utf8')
      expect(text).toContain('"uri": "docs/a.md"')
      expect(text).toContain('Alpha\\u2028Beta\\u0085Gamma')
      expect(text).not.toMatch(/[\u0085\u2028\u2029]/)
    } finally {
      rmSync(folder, {recursive: true, force: true})
    }
  })
})

describe('artifactUri', () => {
  test.each([
    ['docs/a.md', 'docs/a.md'],
    ['./docs/a.md', 'docs/a.md'],
    // A backslash is a separator only on Windows; on POSIX it is part of the name.
    ['docs\\win\\a.md', sep === '\\' ? 'docs/win/a.md' : 'docs%5Cwin%5Ca.md'],
    ['my docs/ü #1?.md', 'my%20docs/%C3%BC%20%231%3F.md'],
    ['c:odd.md', 'c%3Aodd.md'],
    ['100%.md', '100%25.md'],
    ['/abs/a.md', 'file:///abs/a.md']
  ])('%s → %s', (file, uri) => {
    expect(artifactUri(file)).toBe(uri)
  })
})
