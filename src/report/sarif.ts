// The `--report sarif` shape: SARIF 2.1.0 as GitHub code scanning reads it.

import {createHash} from 'node:crypto'
import {isAbsolute} from 'node:path'
import {pathToFileURL} from 'node:url'
import type {RuleName, VerdictAbout} from '../judge/verdict.js'
import {VERSION} from '../net/headers.js'
import {REDACTED, redactUrl, redactWrittenUrl} from '../net/redact.js'
import type {Action, Status} from '../types.js'
import {findings, type Finding} from './findings.js'
import {jsonText} from './json-text.js'
import {reportPath, sortUnchecked, urlKey} from './order.js'
import type {CitationRecord, UncheckedFile} from './record.js'
import {redactText} from './redact-text.js'
import {DOCS, ruleInfo, ruleNames, ruleUrl, type RuleInfo} from './rules.js'

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json'
/** Versioned, so a change of what is hashed can start a new key instead of reopening every alert. */
const FINGERPRINT = 'citationRuleFileUrl/v1'

type Level = RuleInfo['level']

export interface SarifRegion {
  startLine: number
  startColumn: number
  endLine: number
  endColumn: number
}

export interface SarifResult {
  ruleId: RuleName
  ruleIndex: number
  level: Level | 'note'
  message: {text: string}
  locations: Array<{physicalLocation: {artifactLocation: {uri: string}; region: SarifRegion}}>
  partialFingerprints: Record<string, string>
  /** `about` as in the JSON reports' verdicts: what a rule that checks two things compared. */
  properties: {action: Action; status: Status; url: string; about?: VerdictAbout}
  fixes?: Array<{
    description: {text: string}
    artifactChanges: Array<{
      artifactLocation: {uri: string}
      replacements: Array<{deletedRegion: SarifRegion; insertedContent: {text: string}}>
    }>
  }>
}

export interface SarifLog {
  $schema: string
  version: '2.1.0'
  runs: [
    {
      tool: {
        driver: {
          name: 'remark-lint-citations'
          informationUri: string
          version: string
          rules: Array<{
            id: RuleName
            name: string
            shortDescription: {text: string}
            helpUri: string
            defaultConfiguration: {level: Level}
          }>
        }
      }
      /** unist columns count UTF-16 code units, as JavaScript strings do; SARIF's default is code points. */
      columnKind: 'utf16CodeUnits'
      results: SarifResult[]
      /** Only when a file could not be checked: SARIF's place for what kept the tool from analysing a file. */
      invocations?: [{executionSuccessful: boolean; toolExecutionNotifications: SarifNotification[]}]
    }
  ]
}

/** A file whose parser stopped, at the place it gave. */
export interface SarifNotification {
  level: 'error'
  message: {text: string}
  locations: Array<{physicalLocation: {artifactLocation: {uri: string}; region: {startLine: number; startColumn: number}}}>
}

export interface SarifOptions {
  /** The tool version to report; defaults to this package's, read from its package.json. */
  version?: string
  unchecked?: readonly UncheckedFile[]
}

/** One result per finding, in report order; `error` for removed citations, `warning` for flagged ones. */
export function sarifReport(records: readonly CitationRecord[], options: SarifOptions = {}): SarifLog {
  const seen = new Map<string, number>()
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'remark-lint-citations',
            informationUri: DOCS,
            version: options.version ?? VERSION,
            rules: ruleNames.map((id) => ({
              id,
              name: id,
              shortDescription: {text: ruleInfo[id].description},
              helpUri: ruleUrl(id),
              defaultConfiguration: {level: ruleInfo[id].level}
            }))
          }
        },
        columnKind: 'utf16CodeUnits',
        results: findings(records).map((finding) => result(finding, seen)),
        ...invocations(options.unchecked ?? [])
      }
    ]
  }
}

export function sarifReportText(records: readonly CitationRecord[], options: SarifOptions = {}): string {
  return jsonText(sarifReport(records, options), 2) + '\n'
}

/**
 * The level remark printed the message at (the rule's severity, `['warn']` or `['error']`, or an error for a certain
 * verdict), so code scanning agrees with the run; by action for records made without messages.
 */
function levelOf({verdict, action}: Finding): SarifResult['level'] {
  if (verdict.severity === undefined) return action === 'removed' ? 'error' : 'warning'
  return verdict.severity === 'info' ? 'note' : verdict.severity
}

function result(finding: Finding, seen: Map<string, number>): SarifResult {
  const {record, rule, verdict} = finding
  const uri = artifactUri(record.file)
  const {start, end} = record.citation.place
  const region: SarifRegion = {startLine: start.line, startColumn: start.column, endLine: end.line, endColumn: end.column}
  const fix = fixOf(finding)
  return {
    ruleId: rule,
    ruleIndex: ruleNames.indexOf(rule),
    level: levelOf(finding),
    message: {text: finding.message},
    locations: [{physicalLocation: {artifactLocation: {uri}, region}}],
    partialFingerprints: {[FINGERPRINT]: fingerprint(rule, reportPath(record.file), urlKey(record), seen)},
    properties: {
      action: finding.action,
      status: verdict.status,
      url: redactWrittenUrl(record.citation.url),
      ...(verdict.about === undefined ? {} : {about: verdict.about})
    },
    ...(fix === undefined
      ? {}
      : {
          fixes: [
            {
              description: {text: `Replace \`${redactWrittenUrl(record.citation.url)}\` with \`${fix}\``},
              artifactChanges: [{artifactLocation: {uri}, replacements: [{deletedRegion: region, insertedContent: {text: fix}}]}]
            }
          ]
        })
  }
}

/** The run's one invocation, unsuccessful, with a notification per unchecked file; nothing when every file was checked. */
function invocations(unchecked: readonly UncheckedFile[]): Pick<SarifLog['runs'][0], 'invocations'> {
  if (unchecked.length === 0) return {}
  const notifications = sortUnchecked(unchecked).map(({file, line, column, message}): SarifNotification => ({
    level: 'error',
    message: {text: redactText(message)},
    locations: [{physicalLocation: {artifactLocation: {uri: artifactUri(file)}, region: {startLine: line, startColumn: column}}}]
  }))
  return {invocations: [{executionSuccessful: false, toolExecutionNotifications: notifications}]}
}

/**
 * Stable across runs: the rule, the file and the source, not the line, so an alert follows its citation
 * when lines move. The same source cited again in the same file by the same rule gets `:2`, `:3`, … in
 * document order, so GitHub keeps one alert per citation.
 */
function fingerprint(rule: RuleName, file: string, url: string, seen: Map<string, number>): string {
  const hash = createHash('sha256').update(`${rule}\n${file}\n${url}`).digest('hex')
  const count = (seen.get(hash) ?? 0) + 1
  seen.set(hash, count)
  return `${hash}:${count}`
}

/**
 * The replacement for the URL's own characters, as `--fix` and the editor's quick fix write it (escaped for its
 * place: the raw URL could end the link early, a bare URL or a table cell), and only where they write one (never in
 * HTML or JSX, nor for a record made without its messages). A value that redaction would change is left out: it
 * either holds a secret or was redacted already, and writing `REDACTED` into a document breaks the link.
 */
function fixOf(finding: Finding): string | undefined {
  const {expected, written} = finding.verdict
  const {url, placeIsUrl} = finding.record.citation
  // A record placed elsewhere than its URL (a `verify` source, at its place in the list) has no characters to replace.
  if (expected === undefined || written === undefined || !placeIsUrl || expected === url) return undefined
  if (redactUrl(expected) !== expected || expected.includes(REDACTED)) return undefined
  return written
}

/**
 * A relative URI reference with forward slashes, as GitHub resolves it against the checkout: each
 * character that is not allowed percent-encoded, and a `:` in the first segment too (else `a:b.md` reads
 * as a scheme). An absolute path becomes a `file:` URL.
 */
export function artifactUri(file: string): string {
  if (isAbsolute(file)) return pathToFileURL(file).href
  const [first = '', ...rest] = reportPath(file).split('/')
  return [encodeURI(first).replace(/:/g, '%3A'), ...rest.map((segment) => encodeURI(segment))]
    .join('/')
    .replace(/[?#]/g, (character) => encodeURIComponent(character))
}
