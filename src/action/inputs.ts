// The Action's inputs, read as the runner passes them (`INPUT_<NAME>`) and checked: a bad one names itself.

import {resolve} from 'node:path'
import {isFolder} from '../is-folder.js'
import {entryPattern} from './match.js'
import {OptionsError, oneOf} from '../validate.js'

export type Env = Record<string, string | undefined>

export const failOnValues = ['removed', 'flagged', 'never'] as const
export type FailOn = (typeof failOnValues)[number]

export const onlyChangedValues = ['lines', 'files', 'all'] as const
export type OnlyChanged = (typeof onlyChangedValues)[number]

/** What the bin can write (`--report <format>=<path>`). */
export const reportFormats = ['json', 'jsonl', 'sarif'] as const
export type ReportFormat = (typeof reportFormats)[number]

/** Every input action.yml declares; a test holds the two lists equal. */
export const inputNames = ['files', 'working-directory', 'config-path', 'fail-on', 'only-changed', 'report', 'github-token', 'cache'] as const

export interface Inputs {
  /** Files, folders or globs, relative to `workingDirectory`. */
  files: string[]
  /** Absolute. */
  workingDirectory: string
  configPath: string | undefined
  failOn: FailOn
  onlyChanged: OnlyChanged
  /** Report paths by format, relative to `workingDirectory` as given. */
  reports: Map<ReportFormat, string>
  /** For github.com URLs: the bin gets it in `REMARK_LINT_CITATIONS_GITHUB_TOKEN`. */
  githubToken: string | undefined
  /** A cache folder (relative to `workingDirectory`), or `false` for none; undefined: the checker's default. */
  cache: string | false | undefined
}

/** An input's value as @actions/core reads it: `INPUT_` and the name upper-cased, spaces as `_`, trimmed. */
export function input(env: Env, name: string): string {
  return (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim()
}

/** The inputs, with defaults for empty ones; throws OptionsError for a value that is not allowed. */
export function readInputs(env: Env): Inputs {
  const workspace = env.GITHUB_WORKSPACE || process.cwd()
  const given = (name: string) => input(env, name) || undefined
  const cache = given('cache')
  const directory = given('working-directory') ?? '.'
  const workingDirectory = folder(workspace, directory)
  return {
    files: fileList(given('files') ?? '.', workingDirectory, directory),
    workingDirectory,
    configPath: given('config-path'),
    failOn: oneOf({'fail-on': given('fail-on')}, 'fail-on', failOnValues, 'removed'),
    onlyChanged: oneOf({'only-changed': given('only-changed')}, 'only-changed', onlyChangedValues, 'lines'),
    reports: reportList(given('report') ?? ''),
    githubToken: given('github-token'),
    cache: cache?.toLowerCase() === 'false' ? false : cache
  }
}

/**
 * One entry a line when there are several lines, so a path may hold spaces; else space separated, as in a shell without
 * quotes. An entry outside the working directory (`cwd`, `given` as the user wrote it) is an input error on every event:
 * a push would check it where a pull request's diff, taken under that folder, never sees it.
 */
function fileList(text: string, cwd: string, given: string): string[] {
  const entries = (text.includes('\n') ? text.split('\n').map((line) => line.trim()) : text.split(/\s+/)).filter(Boolean)
  const outside = entries.find((entry) => /^\.\.(?:\/|$)/.test(entryPattern(cwd, entry)))
  if (outside !== undefined) {
    throw new OptionsError(`Unexpected \`files\` entry \`${outside}\` outside \`working-directory\` \`${given}\`, expected files in it (check others in a step with their own \`working-directory\`)`)
  }
  return entries
}

/** The working directory, absolute; a folder that is not there is an input error, not a git or spawn failure later. */
function folder(workspace: string, given: string): string {
  const path = resolve(workspace, given)
  if (!isFolder(path)) throw new OptionsError(`Unexpected \`working-directory\` \`${given}\`: no such folder`)
  return path
}

/** `sarif=citations.sarif,json=out/citations.json` (commas or newlines between entries). */
function reportList(text: string): Map<ReportFormat, string> {
  const reports = new Map<ReportFormat, string>()
  for (const entry of text.split(/[,\n]/).map((item) => item.trim()).filter(Boolean)) {
    const match = /^([^=]+)=(.+)$/.exec(entry)
    const format = match?.[1]!.trim() as ReportFormat
    if (!match || !reportFormats.includes(format)) {
      throw new OptionsError(`Unexpected \`report\` entry \`${entry}\`, expected \`<format>=<path>\` with a format of ${reportFormats.map((name) => '`' + name + '`').join(', ')}`)
    }
    if (reports.has(format)) throw new OptionsError(`Unexpected second \`${format}\` in \`report\`, expected one path per format`)
    reports.set(format, match[2]!.trim())
  }
  return reports
}
