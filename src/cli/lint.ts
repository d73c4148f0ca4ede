// The default command: lint files with remark, then print the summary and write the reports.

import {relative, resolve} from 'node:path'
import type {VFile} from 'vfile'
import type {RuleName} from '../judge/verdict.js'
import type {Options} from '../options.js'
import {recordsOf} from '../report/collect.js'
import {humanSummary} from '../report/summary.js'
import {ReportWriteError} from '../report/write.js'
import {prestartThread} from '../verify/thread.js'
import type {LintArgs} from './args.js'
import {githubTokenVariable} from './env.js'
import {countFiles} from './file-count.js'
import {registerHooks} from './hooks.js'
import {write, type Io} from './io.js'
import {exitCode, exitCodeOf, uncheckedFile, type ExitCode} from './outcome.js'
import {createProgress, progressWanted} from './progress.js'
import {emitReports} from './reports.js'

/**
 * Files from which remark's engine is loaded with the bin's hooks, for its queue step: the engine's own is
 * quadratic in the file count. Measured with the bin on files of one paragraph: at 1,000 files the hooks cost
 * 0.3 s more than they save, at 2,000 they save 0.4 s, at 4,000 2.5 s.
 */
export const manyFiles = 1500

export async function lint(args: LintArgs, io: Io): Promise<ExitCode> {
  // The verifier thread loads while this one loads remark's engine, the config and the rules.
  prestartThread()
  if (countFiles(args.files, args.extensions, io.cwd, manyFiles) >= manyFiles) registerHooks()
  // After the hooks, when they are wanted: they apply to what is loaded from then on.
  const {runEngine} = await import('./engine.js')
  const color = args.color ?? (io.stderr.isTTY === true && !io.env.NO_COLOR)
  const progress = createProgress(io.stderr, progressWanted(io.stderr, io.env))
  const files = await runEngine({
    cwd: io.cwd,
    files: args.files,
    extensions: args.extensions,
    rcPath: args.rcPath,
    silentlyIgnore: args.silentlyIgnore,
    configure: overrides(args, io.env),
    report: {stream: progress.stream, color, quiet: args.quiet, frail: args.frail},
    onFile: (file) => progress.fileDone(file.data.citationResults?.length ?? 0)
  })
  progress.clear()
  const code = exitCodeOf(files, args.frail)
  // A broken setup checked nothing worth summarising; remark's report above says what is wrong.
  if (code === exitCode.setup) return code

  const checked = files.map((file) => {
    const path = pathOf(file, io.cwd)
    return {file, path, records: recordsOf(file, path)}
  })
  const records = checked.flatMap((each) => each.records)
  const rules = rulesRun(files)
  const unchecked = checked.flatMap(({file, path}) => uncheckedFile(file, path) ?? [])

  try {
    // A report written over a file just checked (`--report sarif=README.md`) would destroy it.
    const checkedPaths = new Set(files.map((file) => resolve(io.cwd, file.path)))
    const overwritten = args.reports.find((spec) => spec.path !== undefined && checkedPaths.has(resolve(io.cwd, spec.path)))
    if (overwritten) throw new ReportWriteError(overwritten.path!, 'it is a file this run checks')
    // The exit code and the reports stay those of the check: they describe the files as they were.
    if (args.fix) {
      // Loaded only for `--fix`: it parses again, with remark-mdx among others.
      const {fixFiles, fixSummary} = await import('./fix.js')
      await write(io.stderr, fixSummary(await fixFiles(checked)))
    }
    const summary = humanSummary(records, {color, unchecked, ...(rules ? {rules} : {})})
    // A blank line after remark's report.
    await write(io.stderr, '\n' + (args.quiet ? withoutPassingSources(summary) : summary))
    await emitReports(args.reports, records, {rules, unchecked}, io.stdout)
  } catch (error) {
    if (!(error instanceof ReportWriteError)) throw error
    await write(io.stderr, `${error.message}\n`)
    return exitCode.setup
  }
  return code
}

/** The file's path from the working directory, as reports show it. */
function pathOf(file: VFile, cwd: string): string {
  return relative(cwd, resolve(file.cwd, file.path))
}

/** The citation rules that were on in any file, or undefined when `configure` never ran (no citation rules). */
function rulesRun(files: readonly VFile[]): Set<RuleName> | undefined {
  let rules: Set<RuleName> | undefined
  for (const file of files) {
    for (const rule of file.data.citationRules ?? []) (rules ??= new Set()).add(rule)
  }
  return rules
}

/**
 * `--quiet`: the summary without the line of each source that is fine or whose findings a lint comment silenced,
 * as remark leaves out files without messages (such lines have nothing under them).
 */
function withoutPassingSources(summary: string): string {
  return summary
    .split('\n')
    .filter((line) => !/^ {2}(?:\u001B\[\d+m)?[✓○]/.test(line))
    .join('\n')
}

/** `--cache`, and a GitHub token from the environment (the Action's `github-token`), over the config's settings. */
function overrides(args: LintArgs, env: NodeJS.ProcessEnv): Options | undefined {
  const token = env[githubTokenVariable]
  const options: Options = {
    ...(args.cache === undefined ? {} : {cache: args.cache}),
    ...(token ? {github: {token}} : {})
  }
  return Object.keys(options).length > 0 ? options : undefined
}
