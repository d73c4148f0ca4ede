// The library's text functions, for pipelines that check sources rather than files: `auditMarkdown` (a
// Markdown string in, every citation judged) and `verifySources` (a list of sources in, the seed's
// `{results, summary}` out). Both run the bin's pipeline (src/cli/engine.ts), so every rule applies.

import {relative, resolve} from 'node:path'
import {VFile} from 'vfile'
import {configFailure} from './cli/config-error.js'
import {runEngine} from './cli/engine.js'
import {firstOfKind, stopOf} from './cli/outcome.js'
import {parseSources, sourceRecords, sourcesDocument, SOURCES_FILE, type Source} from './cli/sources.js'
import {isFolder} from './is-folder.js'
import {OptionsError, type Options} from './options.js'
import {recordsOf} from './report/collect.js'
import {jsonReport, type JsonReport} from './report/json.js'
import type {RulesRun} from './report/reason.js'
import type {CitationRecord} from './report/record.js'
import {boolean, oneOf, optionsObject, show, type Given} from './validate.js'

export type {Source} from './cli/sources.js'

/** How the text is checked: by default with the `recommended` preset (and remark-gfm), as the bin does without a config. */
export interface PipelineOptions {
  /** Settings for `configure` (`timeout`, `cache`, `offline`, …), over what the config gives it. */
  configure?: Options | null | undefined
  /** A remark config file to use instead of the preset (`.remarkrc.mjs`, `.remarkrc.json`, a `package.json`). */
  rcPath?: string | null | undefined
  /** Look for the project's remark config from `cwd` up, as the bin does (default `false`: the preset). */
  detectConfig?: boolean | null | undefined
  /** The folder relative paths are resolved from, which must exist (default `process.cwd()`). */
  cwd?: string | null | undefined
}

export interface AuditOptions extends PipelineOptions {
  /**
   * Whether a citation that is only flagged fails: `'flagged'` (default) fails any citation a rule
   * flags or removes; `'removed'` only those that must be removed (dead, unsafe, certain soft 404s).
   */
  failOn?: 'flagged' | 'removed' | null | undefined
  /**
   * The document's path from `cwd`, or absolute (default `document.md`): its name in the records, where `detectConfig`
   * looks for the config from, and `.mdx` is parsed as MDX. One outside `cwd` is named `../…`, as the bin names it.
   */
  path?: string | null | undefined
}

/** A citation with what the rules said (`CitationRecord`) and whether it passed. */
export interface AuditedCitation extends CitationRecord {
  /** False when the citation fails (see `AuditOptions.failOn`). */
  verified: boolean
}

/** The citation-verifier seed's report. */
export interface AuditReport {
  /** Every citation, in document order. */
  citations: AuditedCitation[]
  /** True when no citation failed (also when there are none). */
  allCitationsVerified: boolean
  /** The citations that failed, in document order. */
  failedCitations: AuditedCitation[]
  /** When the check finished (ISO 8601). */
  verifiedAt: string
}

const pipelineKeys = ['configure', 'rcPath', 'detectConfig', 'cwd'] as const

/**
 * Extract and verify every citation of a Markdown (or MDX) string. A citation fails when a rule that is on
 * flags or removes it, as the seed asks: dead, unsafe, below the credibility threshold (0.8 by default),
 * weakly supporting its claim (below 0.5), mistitled, not independent… `failOn: 'removed'` fails only
 * the citations that must be removed. Throws `OptionsError` for invalid options or an unusable config, and
 * the parser's `VFileMessage` (`file`, `line`, `column`, `reason`) for a document it cannot parse.
 */
export async function auditMarkdown(text: string, options: AuditOptions = {}): Promise<AuditReport> {
  const given = optionsObject(options, [...pipelineKeys, 'failOn', 'path'])
  const failOn = oneOf(given, 'failOn', ['flagged', 'removed'] as const, 'flagged')
  const path = optionalString(given, 'path') ?? 'document.md'
  if (typeof text !== 'string') throw new OptionsError(`Unexpected text \`${show(text)}\`, expected a Markdown string`)
  const {records} = await checkDocument(text, path, pipeline(given))
  const citations = records.map((record) => ({
    ...record,
    // An ignored citation passes, as its silenced messages let `remark` pass.
    verified: record.action !== 'removed' && (failOn === 'removed' || record.action !== 'flagged')
  }))
  return {
    citations,
    allCitationsVerified: citations.every((citation) => citation.verified),
    failedCitations: citations.filter((citation) => !citation.verified),
    verifiedAt: new Date().toISOString()
  }
}

/**
 * Verify a list of sources `[{url, title?, claim?}]`: the source-url-verification seed's `{results,
 * summary}`, one result per source (sources with the same normalised URL are one result), sorted by
 * normalised URL. Throws `InputError` (`INVALID_ARGS`) for a list it cannot check, `OptionsError` for
 * invalid options.
 */
export async function verifySources(sources: readonly Source[], options: PipelineOptions = {}): Promise<JsonReport> {
  const {records, rules} = await checkSources(sources, options)
  return jsonReport(records, rules ? {rules} : {})
}

/** The records of a source list (see `sourceRecords`), and the rules that ran. */
export async function checkSources(
  sources: unknown,
  options: PipelineOptions = {}
): Promise<{records: CitationRecord[]; rules: RulesRun | undefined}> {
  const settings = pipeline(optionsObject(options, pipelineKeys))
  const list = parseSources(sources)
  // An empty list still loads the config and the options, so that a bad one is said.
  const {records, rules} = await checkDocument(list.length === 0 ? '' : sourcesDocument(list), `${SOURCES_FILE}.md`, settings)
  return {records: sourceRecords(records, list), rules}
}

interface Pipeline {
  cwd: string
  rcPath: string | undefined
  detectConfig: boolean
  configure: Options | undefined
}

/** The pipeline options, checked, with their defaults. */
function pipeline(given: Given): Pipeline {
  const configure = given.configure
  if (configure !== undefined && configure !== null && (typeof configure !== 'object' || Array.isArray(configure))) {
    throw new OptionsError(`Unexpected \`configure\` \`${show(configure)}\`, expected an object of \`configure\` options`)
  }
  return {
    cwd: workingFolder(given),
    rcPath: optionalString(given, 'rcPath'),
    detectConfig: boolean(given, 'detectConfig'),
    configure: (configure ?? undefined) as Options | undefined
  }
}

/** `cwd`, absolute. A folder that is not there is refused: with a typo, `detectConfig` would silently find another config or none. */
function workingFolder(given: Given): string {
  const cwd = optionalString(given, 'cwd')
  if (cwd === undefined) return process.cwd()
  const path = resolve(cwd)
  if (!isFolder(path)) throw new OptionsError(`Unexpected \`cwd\` \`${cwd}\`, expected an existing folder`)
  return path
}

function optionalString(given: Given, name: string): string | undefined {
  const value = given[name]
  if (value === null || value === undefined) return undefined
  if (typeof value !== 'string' || value === '') throw new OptionsError(`Unexpected \`${name}\` \`${show(value)}\`, expected a path`)
  return value
}

/**
 * One in-memory document through the pipeline; a broken setup or a crash is thrown, not reported, and so is a
 * document that cannot be parsed (its parser's VFileMessage, at its place): none of its citations were read.
 */
async function checkDocument(
  value: string,
  path: string,
  {cwd, rcPath, detectConfig, configure}: Pipeline
): Promise<{records: CitationRecord[]; rules: RulesRun | undefined}> {
  const document = new VFile({path: resolve(cwd, path), value, cwd})
  const configs = new Map<string, string>()
  const files = await runEngine({cwd, files: [document], detectConfig, detectIgnore: false, rcPath, configure, configs})
  const setup = firstOfKind(files, 'setup')
  // A config that does not load is said as the bin says it: its file, and the line and column where it is known.
  if (setup) throw new OptionsError((await configFailure(setup.cause, {cwd, configs}).catch(() => undefined)) ?? setup.text)
  const internal = firstOfKind(files, 'internal')
  if (internal) throw new Error(internal.text, {cause: internal.cause})
  const file = files[0]
  if (!file) return {records: [], rules: undefined}
  const stop = stopOf(file)
  if (stop) throw stop
  // The engine makes the file's path relative to its own folder: the name is the one given, from `cwd`.
  return {records: recordsOf(file, relative(cwd, resolve(cwd, path))), rules: file.data.citationRules}
}
