// GitHub Actions output: workflow-command annotations at each citation, and the job summary Markdown.

import {code} from '../code-span.js'
import {redactWrittenUrl} from '../net/redact.js'
import {findings, type Finding} from './findings.js'
import {actionMarks, actionRank, compareText, reportPath, sortUnchecked} from './order.js'
import type {CitationRecord, UncheckedFile} from './record.js'
import {redactText} from './redact-text.js'
import {ruleUrl} from './rules.js'
import {countActions, groupSources} from './sources.js'

/** GitHub shows at most this many error and this many warning annotations per step; the rest are dropped. */
export const ANNOTATION_LIMIT = 10

/** The job summary may hold 1 MiB per step; stay below it so the action can add a line or two. */
export const SUMMARY_MAX_BYTES = 1_000_000

export interface AnnotationOptions {
  /** Annotations per level; defaults to GitHub's 10. */
  limit?: number
  /** Files that could not be checked: errors at the parser's place, before every other error. */
  unchecked?: readonly UncheckedFile[]
  /** Annotations of each level the step wrote before these (the Action's own warning): they take slots of `limit`. */
  written?: Partial<Record<'error' | 'warning', number>>
}

/**
 * `::error` lines for removed citations, then `::warning` lines for flagged ones, each at the URL's own
 * place and capped at `limit` per level (less what the step `written` already), so the most important are the
 * ones GitHub shows. When some are left out, a last `::notice` says how many and where to find them.
 */
export function annotations(records: readonly CitationRecord[], options: AnnotationOptions = {}): string[] {
  const limit = options.limit ?? ANNOTATION_LIMIT
  const errorRoom = Math.max(0, limit - (options.written?.error ?? 0))
  const warningRoom = Math.max(0, limit - (options.written?.warning ?? 0))
  // Levels apart, so errors never crowd out warnings; each by file and place.
  const sorted = findings(records).sort(compareByPlace)
  const errors = [...sortUnchecked(options.unchecked ?? []).map(uncheckedAnnotation), ...sorted.filter((finding) => finding.action === 'removed').map(annotation)]
  const warnings = sorted.filter((finding) => finding.action === 'flagged').map(annotation)
  const lines = [...errors.slice(0, errorRoom), ...warnings.slice(0, warningRoom)]
  const left = [plural(errors.length - errorRoom, 'error'), plural(warnings.length - warningRoom, 'warning')].filter(Boolean)
  if (left.length > 0) {
    lines.push(`::notice::${escapeData(`${left.join(' and ')} not annotated (GitHub shows ${limit} of each per step): see the job summary and the log`)}`)
  }
  return lines
}

function annotation(finding: Finding): string {
  const {start, end} = finding.record.citation.place
  // Columns only count when the annotation starts and ends on one line (a Checks API rule).
  const oneLine = start.line === end.line
  const properties: Array<[string, string | number]> = [
    ['file', reportPath(finding.record.file)],
    ['line', start.line],
    ...(oneLine ? [['col', start.column] as [string, number]] : []),
    ['endLine', end.line],
    ...(oneLine ? [['endColumn', end.column] as [string, number]] : []),
    ['title', finding.rule]
  ]
  const level = finding.action === 'removed' ? 'error' : 'warning'
  return `::${level} ${properties.map(([key, value]) => `${key}=${escapeProperty(String(value))}`).join(',')}::${escapeData(finding.message)}`
}

function uncheckedAnnotation({file, line, column, message}: UncheckedFile): string {
  const properties = `file=${escapeProperty(reportPath(file))},line=${line},col=${column},title=not checked`
  return `::error ${properties}::${escapeData(`Cannot check the file's citations: ${redactText(message)}`)}`
}

function plural(count: number, word: string, after = ''): string {
  return count <= 0 ? '' : `${count} more ${word}${count === 1 ? '' : 's'}${after}`
}

/** A workflow command's message: `%`, CR and LF encoded (as @actions/core's `escapeData`). */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
}

/** A workflow command's property value: as a message, and `:` and `,` too (as `escapeProperty`). */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C')
}

export interface JobSummaryOptions {
  /** Stop adding rows before the summary grows past this many bytes (UTF-8). */
  maxBytes?: number
  /** Files that could not be checked, listed before the findings. */
  unchecked?: readonly UncheckedFile[]
}

/**
 * Markdown for `$GITHUB_STEP_SUMMARY`: counts of citations and sources per action (`ignored`, whose findings
 * lint comments silenced, only when there are some), the files that could not be checked, then one table per file
 * (line, rule, action, URL, message) of every finding, files by path and rows by place. Rows that would pass
 * `maxBytes` are left out, and a last line says how many: GitHub drops a summary over its limit whole.
 */
export function jobSummary(records: readonly CitationRecord[], options: JobSummaryOptions = {}): string {
  const maxBytes = options.maxBytes ?? SUMMARY_MAX_BYTES
  const citations = countActions(records)
  const sources = countActions(groupSources(records))
  const head = [
    '## Citations',
    '',
    '| Action | Citations | Sources |',
    '| --- | ---: | ---: |',
    ...(['removed', 'flagged', 'ignored', 'ok'] as const)
      .filter((action) => action !== 'ignored' || citations.ignored > 0)
      .map((action) => `| ${actionMarks[action]} ${action} | ${citations[action]} | ${sources[action]} |`),
    `| total | ${records.length} | ${sources.ok + sources.removed + sources.flagged + sources.ignored} |`,
    ''
  ].join('\n')
  const unchecked = sortUnchecked(options.unchecked ?? []).map(
    ({file, line, column, message}, index) =>
      (index === 0 ? '\n### Not checked\n\n| File | Place | Reason |\n| --- | ---: | --- |\n' : '') +
      `| ${[code(reportPath(file)), `${line}:${column}`, inertMarkdown(redactText(message))].map(tableCell).join(' | ')} |\n`
  )
  const list = findings(records).sort(compareByPlace)
  let file: string | undefined
  const rows = list.map((finding) => {
    const path = reportPath(finding.record.file)
    const section = path === file ? '' : `\n### ${code(path)}\n\n| Line | Rule | Action | URL | Message |\n| ---: | --- | --- | --- | --- |\n`
    file = path
    return section + row(finding) + '\n'
  })

  const out = [head]
  let bytes = Buffer.byteLength(head)
  /** Adds `parts` while they fit, keeping room for the closing line that counts the rest; how many it added. */
  const add = (parts: readonly string[]): number => {
    for (const [index, part] of parts.entries()) {
      if (bytes + Buffer.byteLength(part) > maxBytes - 200) return index
      out.push(part)
      bytes += Buffer.byteLength(part)
    }
    return parts.length
  }
  const uncheckedShown = add(unchecked)
  const shown = uncheckedShown < unchecked.length ? 0 : add(rows)
  if (list.length === 0) out.push('\nNo citation needs attention.\n')
  const left = [plural(unchecked.length - uncheckedShown, 'file', ' not checked'), plural(list.length - shown, 'finding')].filter(Boolean)
  if (left.length > 0) {
    const one = left.length === 1 && left[0]!.startsWith('1 ')
    out.push(`\n_${left.join(' and ')} ${one ? 'is' : 'are'} not shown here (the summary has a size limit): see the log._\n`)
  }
  return out.join('')
}

function row(finding: Finding): string {
  const {line, column} = finding.record.citation.place.start
  const cells = [
    `${line}:${column}`,
    `[${code(finding.rule)}](${ruleUrl(finding.rule)})`,
    `${actionMarks[finding.action]} ${finding.action}`,
    code(redactWrittenUrl(finding.record.citation.url)),
    inertMarkdown(finding.message)
  ]
  return `| ${cells.map(tableCell).join(' | ')} |`
}

/** By file path, then place; at one place the most important first. */
function compareByPlace(a: Finding, b: Finding): number {
  const as = a.record.citation.place.start
  const bs = b.record.citation.place.start
  return (
    compareText(reportPath(a.record.file), reportPath(b.record.file)) ||
    as.line - bs.line ||
    as.column - bs.column ||
    actionRank[a.action] - actionRank[b.action] ||
    compareText(a.rule, b.rule)
  )
}

/**
 * A message as Markdown that renders as written: its code spans kept, and in the text between them each character
 * that could start markup escaped. A message quotes pages and parsers (titles, passages, reasons), and a page titled
 * `![x](https://tracker.example/p.png)` must not put an image, a disguised link or HTML in the summary. (A bare URL
 * in it is still a link, showing that URL: GFM finds those in text after escapes.) A backslash before a pipe is
 * left to {@link tableCell}.
 */
export function inertMarkdown(text: string): string {
  let out = ''
  let from = 0
  for (const run of text.matchAll(/`+/g)) {
    if (run.index < from) continue
    const close = new RegExp(`(?<!\`)${run[0]}(?!\`)`, 'g')
    close.lastIndex = run.index + run[0].length
    const end = close.exec(text)
    // A run without a closing run of the same length is no code span: its backticks are text.
    if (!end) continue
    out += escapeMarkup(text.slice(from, run.index)) + text.slice(run.index, end.index + run[0].length)
    from = end.index + run[0].length
  }
  return out + escapeMarkup(text.slice(from))
}

function escapeMarkup(text: string): string {
  return text.replace(/[`*_[\]<>!&~$]|\\(?!\\*\|)/g, '\\$&')
}

/**
 * Text safe in a GFM table cell: `|` escaped (GFM unescapes `\|` even inside code spans), a backslash
 * right before a pipe doubled so it cannot escape the escape, line breaks as `<br>`.
 */
export function tableCell(text: string): string {
  return text.replace(/(\\*)\|/g, (_, slashes: string) => `${slashes}${slashes}\\|`).replace(/\r\n|\r|\n/g, '<br>')
}
