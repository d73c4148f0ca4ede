// Command-line arguments of `remark-lint-citations` and of its `verify` command. A bad one is a
// `UsageError` that names it and what is allowed.

import {resolve} from 'node:path'
import {parseArgs, type ParseArgsConfig} from 'node:util'
import {resolveSettings, type Options} from '../options.js'
import {OptionsError, show} from '../validate.js'
import {defaultExtensions} from './extensions.js'
import {parseReport, type ReportSpec} from './report-spec.js'
import {UsageError} from './usage-error.js'

interface Common {
  reports: ReportSpec[]
  frail: boolean
  /** Undefined: colour when stderr is a terminal and `NO_COLOR` is not set. */
  color: boolean | undefined
  rcPath: string | undefined
}

export interface LintArgs extends Common {
  command: 'lint'
  files: string[]
  extensions: string[]
  quiet: boolean
  fix: boolean
  /** `--cache <folder|redis-url>` or `--no-cache` (false); undefined: what the config says. */
  cache: string | false | undefined
  /** `--silently-ignore`: a given file that `.remarkignore` lists is skipped, not an error. */
  silentlyIgnore: boolean
}

export interface VerifyArgs extends Common {
  command: 'verify'
  /** `--options`: settings for `configure`. */
  options: Options | undefined
}

export type Args = LintArgs | VerifyArgs | {command: 'help'; topic: 'lint' | 'verify'} | {command: 'version'}

const common = {
  report: {type: 'string', multiple: true},
  frail: {type: 'boolean'},
  color: {type: 'boolean'},
  'rc-path': {type: 'string'},
  help: {type: 'boolean', short: 'h'}
} as const

const lintOptions = {
  ...common,
  quiet: {type: 'boolean', short: 'q'},
  ext: {type: 'string', multiple: true, short: 'e'},
  fix: {type: 'boolean'},
  cache: {type: 'string'},
  'no-cache': {type: 'boolean'},
  'silently-ignore': {type: 'boolean'},
  version: {type: 'boolean', short: 'v'}
} as const

const verifyOptions = {...common, options: {type: 'string'}} as const

export function parseArguments(argv: readonly string[]): Args {
  if (argv[0] === 'verify') return parseVerify(argv.slice(1))
  const {values, positionals} = parse(argv, lintOptions)
  if (values.help) return {command: 'help', topic: 'lint'}
  if (values.version) return {command: 'version'}
  return {
    command: 'lint',
    ...commonArgs(values),
    files: positionals.length > 0 ? positionals : ['.'],
    extensions: values.ext ? values.ext.flatMap(extensions) : [...defaultExtensions],
    quiet: values.quiet ?? false,
    fix: values.fix ?? false,
    // `allowNegative` reads `--no-cache` as `cache: false`, before the `no-cache` flag could see it.
    cache: cacheArgument(values.cache, values['no-cache'] === true || (values.cache as unknown) === false),
    silentlyIgnore: values['silently-ignore'] ?? false
  }
}

function cacheArgument(given: string | undefined, none: boolean): string | false | undefined {
  const cache = typeof given === 'string' ? given : undefined
  if (none && cache !== undefined) throw new UsageError('Unexpected `--cache` with `--no-cache`, expected one of them')
  if (none) return false
  if (cache === undefined) return undefined
  try {
    return resolveSettings({cache}).cache || undefined
  } catch (error) {
    if (error instanceof OptionsError) throw new UsageError(`${error.message} (in \`--cache\`)`)
    throw error
  }
}

function parseVerify(argv: readonly string[]): Args {
  const {values, positionals} = parse(argv, verifyOptions, 'verify')
  if (values.help) return {command: 'help', topic: 'verify'}
  if (positionals.length > 0) {
    throw new UsageError(`Unexpected argument \`${positionals[0]}\` to \`verify\`, expected the sources as JSON on stdin`)
  }
  const args = commonArgs(values)
  const toStdout = args.reports.find((spec) => spec.path === undefined)
  if (toStdout) {
    throw new UsageError(
      `Unexpected \`--report ${toStdout.format}\` without a path: \`verify\` writes its JSON to stdout, expected \`--report ${toStdout.format}=<path>\``
    )
  }
  return {command: 'verify', ...args, options: values.options === undefined ? undefined : configureOptions(values.options)}
}

function commonArgs(values: {report?: string[]; frail?: boolean; color?: boolean; 'rc-path'?: string}): Common {
  const reports = (values.report ?? []).map(parseReport)
  const toStdout = reports.filter((spec) => spec.path === undefined)
  if (toStdout.length > 1) {
    throw new UsageError(
      `Unexpected second report to stdout (\`--report ${toStdout[1]!.format}\`), expected a path for all reports but one, such as \`--report ${toStdout[1]!.format}=report.${toStdout[1]!.format}\``
    )
  }
  sharedPath(reports)
  const rcPath = values['rc-path']
  if (rcPath === '') throw new UsageError('Unexpected empty `--rc-path`, expected the path of a remark config file')
  return {reports, frail: values.frail ?? false, color: values.color, rcPath}
}

/** Two reports to one file: the last written would silently replace the other. */
function sharedPath(reports: readonly ReportSpec[]): void {
  const taken = new Map<string, ReportSpec>()
  for (const spec of reports) {
    if (spec.path === undefined) continue
    const first = taken.get(resolve(spec.path))
    if (first) {
      throw new UsageError(
        `Unexpected second report to \`${spec.path}\` (\`--report ${spec.format}=${spec.path}\`), expected a path of its own: it would replace the \`${first.format}\` report`
      )
    }
    taken.set(resolve(spec.path), spec)
  }
}

/** `--ext md,mdx` and `--ext .md --ext .mdx` alike. */
function extensions(value: string): string[] {
  const list = value.split(',').map((item) => item.trim().replace(/^\./, ''))
  const bad = list.find((item) => !/^[\w-]+(?:\.[\w-]+)*$/.test(item))
  if (bad !== undefined) throw new UsageError(`Unexpected \`--ext\` \`${value}\`, expected file extensions such as \`md,markdown,mdx\``)
  return list
}

function configureOptions(text: string): Options {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new UsageError(`Unexpected \`--options\` \`${text}\`, expected a JSON object such as \`{"timeout": 5000}\` (${(error as Error).message})`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UsageError(`Unexpected \`--options\` \`${show(value)}\`, expected a JSON object such as \`{"timeout": 5000}\``)
  }
  try {
    resolveSettings(value)
  } catch (error) {
    if (error instanceof OptionsError) throw new UsageError(`${error.message} (in \`--options\`)`)
    throw error
  }
  return value as Options
}

/**
 * `-q=1` or `-e=md`: `parseArgs` reads a short group there (`-q -= -1`) and names `-=` as the unknown option.
 */
function shortWithValue(argv: readonly string[], options: NonNullable<ParseArgsConfig['options']>): void {
  for (const arg of argv) {
    if (arg === '--') return
    const short = /^-([^-=])=/.exec(arg)?.[1]
    if (short === undefined) continue
    const [long, option] = Object.entries(options).find(([, value]) => value.short === short) ?? []
    if (option?.type === 'boolean') throw new UsageError(`Unexpected value for \`-${short}\` in \`${arg}\`, expected none (it is a flag)`)
    if (option) throw new UsageError(`Unexpected \`${arg}\`, expected \`-${short} ${arg.slice(3)}\` or \`--${long}=${arg.slice(3)}\``)
  }
}

/** `parseArgs`, strict, with its errors in our words: the argument, then what is allowed. */
function parse<O extends NonNullable<ParseArgsConfig['options']>>(argv: readonly string[], options: O, command?: string) {
  shortWithValue(argv, options)
  try {
    return parseArgs({args: [...argv], options, allowPositionals: true, allowNegative: true, strict: true})
  } catch (error) {
    const code = (error as {code?: string}).code
    const message = (error as Error).message
    // The option as `parseArgs` quotes it: `'--report <value>'`, `'-e'`, or with its short name first, `'-e, --ext <value>'`.
    const name = /'(?:-[^-' ], )?(-{1,2}[^' ]+)/.exec(message)?.[1]
    const known = Object.entries(options)
      .map(([key, option]) => `\`--${key}\`${option.type === 'string' ? ' <value>' : ''}`)
      .join(', ')
    const where = command ? ` of \`${command}\`` : ''
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && name) {
      throw new UsageError(`Unexpected option \`${name}\`${where}, expected one of ${known}, \`--no-color\``)
    }
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && name) {
      const option = options[name.replace(/^-+/, '')] ?? Object.entries(options).find(([, value]) => `-${value.short}` === name)?.[1]
      throw new UsageError(
        option?.type === 'string'
          ? `Unexpected \`${name}\` without a value, expected \`${name} <value>\``
          : `Unexpected value for \`${name}\`, expected none (it is a flag)`
      )
    }
    throw new UsageError(`Unexpected arguments: ${message}`)
  }
}
