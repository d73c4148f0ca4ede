// The Action: pick the files, run the bin on them, keep the citations the PR touched, annotate, summarise.

import {existsSync} from 'node:fs'
import {mkdtemp, readFile, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join, relative, resolve} from 'node:path'
import {githubTokenVariable} from '../cli/env.js'
import {annotations, escapeData, jobSummary} from '../report/github.js'
import {jsonReportText} from '../report/json.js'
import {reportPath} from '../report/order.js'
import {sarifReportText} from '../report/sarif.js'
import {countActions} from '../report/sources.js'
import {ReportWriteError, writeReport} from '../report/write.js'
import {OptionsError} from '../validate.js'
import {binPath, isCancelled, runBin} from './bin.js'
import {configAnnotations} from './config-annotations.js'
import {changeOf} from './event.js'
import {appendSummary, setOutputs} from './files.js'
import {changesSince, GitError, hasCommit, hasForkPoint, isAncestor, repoPrefix, type Changes} from './git.js'
import {readInputs, type Env, type FailOn, type Inputs, type ReportFormat} from './inputs.js'
import {recordsFromJsonl, type JsonlContents} from './records.js'
import {prefixSarifPaths} from './sarif.js'
import {filesMatcher} from './match.js'
import {changedTargets, checkedHere, modeNote, selectRecords} from './select.js'

/** Exit codes, as the bin's: 0 pass, 1 `fail-on` met, 2 configuration error, 3 internal failure; cancelled, 128 + the signal. */
export const exitCodes = {pass: 0, fail: 1, config: 2, internal: 3} as const

/** Every output action.yml declares; a test holds the two lists equal. */
export const outputNames = ['removed', 'flagged', 'ok', 'ignored', 'report-json', 'report-jsonl', 'report-sarif', 'exit-code'] as const
type Outputs = Record<(typeof outputNames)[number], string | number>

/**
 * One run of the Action in `env` (the runner's variables: `INPUT_*`, `GITHUB_*`), writing workflow
 * commands and the bin's report to `log`. Resolves to the exit code; never throws.
 */
export async function run(env: Env, log: NodeJS.WritableStream = process.stdout): Promise<number> {
  const outputs: Outputs = {removed: 0, flagged: 0, ok: 0, ignored: 0, 'report-json': '', 'report-jsonl': '', 'report-sarif': '', 'exit-code': 0}
  let code: number
  try {
    code = await check(env, log, outputs)
  } catch (error) {
    // What the user can fix (an input, the checkout, a report path) is a configuration error, as in the bin.
    const expected = error instanceof OptionsError || error instanceof GitError || error instanceof ReportWriteError
    const message = error instanceof Error ? error.message : String(error)
    log.write(`::error::${escapeData(expected ? message : `Internal failure: ${message}`)}\n`)
    code = expected ? exitCodes.config : exitCodes.internal
  }
  outputs['exit-code'] = code
  try {
    await setOutputs(env.GITHUB_OUTPUT, outputs)
  } catch (error) {
    log.write(`::error::${escapeData(`Cannot write the step outputs: ${(error as Error).message}`)}\n`)
    return exitCodes.internal
  }
  return code
}

async function check(env: Env, log: NodeJS.WritableStream, outputs: Outputs): Promise<number> {
  const inputs = readInputs(env)
  if (!existsSync(binPath)) throw new Error(`\`${binPath}\` is missing: the package is not built`)
  const change = await changeOf(env.GITHUB_EVENT_PATH)
  const mode = change ? inputs.onlyChanged : 'all'
  const cwd = inputs.workingDirectory
  const workspace = env.GITHUB_WORKSPACE || process.cwd()
  const inRepository = await repoPrefix(cwd)
  // Annotations name files from the repository's root; the bin names them from `cwd`.
  const prefix = inRepository ?? withSlash(relative(workspace, cwd))

  // The Action's own warnings are annotations too: GitHub counts them in the same 10 per level.
  const written = {warning: 0}
  let changes: Changes | undefined
  let targets = inputs.files
  if (change && mode !== 'all') {
    if (inRepository === undefined) {
      throw new GitError(`Unexpected \`${cwd}\` outside a git repository, expected the ${change.name}'s checkout (\`actions/checkout\`) for the diff`)
    }
    if (!(await hasCommit(cwd, change.base))) {
      throw new GitError(
        `Unexpected shallow clone: the ${change.name}'s base commit \`${change.base}\` is not in it, expected its history for the diff (\`actions/checkout\` with \`fetch-depth: 0\`)`
      )
    }
    if (!(await hasForkPoint(cwd, change.base))) {
      throw new GitError(
        `Unexpected shallow clone: it holds the ${change.name}'s base commit \`${change.base}\` but not the commit where the checkout's history meets it, expected the history between them for the diff (\`actions/checkout\` with \`fetch-depth: 0\`)`
      )
    }
    if (change.head && !(await isAncestor(cwd, change.head, 'HEAD'))) {
      // The base branch checked out (what `pull_request_target` gets): the diff is empty, and a pass would have checked nothing.
      if (await isAncestor(cwd, 'HEAD', change.base)) {
        throw new GitError(
          `Unexpected checkout of the base branch: it holds none of the ${change.name}'s changes (its head is \`${change.head}\`), expected them checked out for the diff (\`actions/checkout\` does on \`pull_request\`; on \`pull_request_target\` it checks out the base branch)`
        )
      }
      log.write(`::warning::${escapeData(`The checked-out commit does not contain the ${change.name}'s head \`${change.head}\`: changed lines are taken from the checkout`)}\n`)
      written.warning++
    }
    // Everything changed under the working directory; the bin's own reading of `files` then picks from it.
    const wanted = checkedHere(prefix, filesMatcher(cwd, inputs.files))
    changes = await changesSince(cwd, change.base, wanted)
    // A changed file the checkout lacks (outside a sparse checkout's folders) is not checked, as on a push: no missing-file error.
    targets = changedTargets(changes, prefix, wanted).filter((target) => existsSync(join(cwd, target)))
  }

  const reports = new Map([...inputs.reports].map(([format, path]) => [format, resolve(cwd, path)] as const))
  const contents = targets.length === 0 ? await emptyRun(reports, log) : await binRun(inputs, targets, reports, env, log, prefix)
  if (typeof contents === 'number') return contents
  // Only once written, so that a later step never looks for a report a failed run did not write.
  for (const [format, path] of reports) outputs[`report-${format}`] = path

  const {records, unchecked} = contents
  const selected = selectRecords(records, mode, changes)
  const note = modeNote(mode, change?.name)
  log.write(`Annotating ${selected.length} of ${records.length} citations: ${note}.\n`)
  // A file the bin could not check is reported whatever `only-changed` says: none of its citations were seen.
  for (const line of annotations(selected, {unchecked, written})) log.write(line + '\n')
  await appendSummary(env.GITHUB_STEP_SUMMARY, `${jobSummary(selected, {unchecked})}\n_Shown: ${note}; ${selected.length} of ${records.length} citations checked._\n`)

  // An ignored citation (its findings silenced by a lint comment) fails nothing, whatever `fail-on` says.
  const {removed, flagged, ok, ignored} = countActions(selected)
  Object.assign(outputs, {removed, flagged, ok, ignored})
  return verdict({removed, flagged, unchecked: unchecked.length}, inputs.failOn, log)
}

/** Nothing to check (no Markdown file changed): empty reports still, so later steps find their files. */
async function emptyRun(reports: Map<ReportFormat, string>, log: NodeJS.WritableStream): Promise<JsonlContents> {
  log.write('No Markdown file to check.\n')
  const empty: Record<ReportFormat, string> = {json: jsonReportText([]), jsonl: '', sarif: sarifReportText([])}
  for (const [format, path] of reports) await writeReport(path, empty[format])
  return {records: [], unchecked: []}
}

/** The bin over `targets`; its report's contents, or its exit code when it could not check (2, 3). */
async function binRun(
  inputs: Inputs,
  targets: string[],
  reports: Map<ReportFormat, string>,
  env: Env,
  log: NodeJS.WritableStream,
  prefix: string
): Promise<JsonlContents | number> {
  const scratch = await mkdtemp(join(env.RUNNER_TEMP || tmpdir(), 'citations-'))
  try {
    // The Action reads the JSONL report: the user's, or one of its own.
    const jsonl = reports.get('jsonl') ?? join(scratch, 'citations.jsonl')
    const args = [
      ...[...new Map(reports).set('jsonl', jsonl)].flatMap(([format, path]) => ['--report', `${format}=${path}`]),
      ...(inputs.configPath === undefined ? [] : ['--rc-path', inputs.configPath]),
      ...cacheArgs(inputs.cache),
      // A changed file that `.remarkignore` lists is the user's choice, not a configuration error.
      '--silently-ignore',
      // A file named `-x.md` is a file, not an option.
      '--',
      ...targets
    ]
    const {code, stderr} = await runBin({args, cwd: inputs.workingDirectory, env: childEnv(env, inputs.githubToken), log})
    if (isCancelled(code)) {
      log.write('Cancelled: remark-lint-citations was stopped, nothing is reported.\n')
      return code
    }
    if (code !== exitCodes.pass && code !== exitCodes.fail) {
      log.write(`::error::${escapeData(`remark-lint-citations exited with ${code} (${code === exitCodes.config ? 'configuration error' : 'internal failure'}): see its report above`)}\n`)
      if (code === exitCodes.config) for (const line of configAnnotations(stderr, prefix)) log.write(line + '\n')
      return code === exitCodes.config ? code : exitCodes.internal
    }
    const sarif = reports.get('sarif')
    if (sarif !== undefined) await prefixSarifPaths(sarif, prefix)
    return recordsFromJsonl(await readFile(jsonl, 'utf8'), prefix)
  } finally {
    await rm(scratch, {recursive: true, force: true})
  }
}

function cacheArgs(cache: Inputs['cache']): string[] {
  if (cache === undefined) return []
  return cache === false ? ['--no-cache'] : ['--cache', cache]
}

/** The runner's environment without the inputs; the token goes to the bin in the one variable it reads. */
function childEnv(env: Env, token: string | undefined): Env {
  const child = Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('INPUT_')))
  return token ? {...child, [githubTokenVariable]: token} : child
}

/** Fails on the citations `failOn` names, and on any file that could not be checked (unless `never`). */
function verdict(counts: Record<'removed' | 'flagged' | 'unchecked', number>, failOn: FailOn, log: NodeJS.WritableStream): number {
  if (failOn === 'never') return exitCodes.pass
  const citations = counts.removed + (failOn === 'flagged' ? counts.flagged : 0)
  const reasons = [
    citations === 0 ? '' : `${citations} citation${citations === 1 ? '' : 's'} ${failOn === 'flagged' ? 'removed or flagged' : 'removed'}`,
    counts.unchecked === 0 ? '' : `${counts.unchecked} file${counts.unchecked === 1 ? '' : 's'} not checked`
  ].filter(Boolean)
  if (reasons.length === 0) return exitCodes.pass
  log.write(`Failing: ${reasons.join(', ')} (\`fail-on: ${failOn}\`).\n`)
  return exitCodes.fail
}

function withSlash(path: string): string {
  return path === '' ? '' : reportPath(path) + '/'
}
