// A simulated Actions runner: a git repository with commits, a pull_request event file, the output and
// summary files, and the built Action entry run as a child process with `INPUT_*` variables.

import {execFileSync, spawn} from 'node:child_process'
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join, resolve} from 'node:path'

const root = resolve(import.meta.dirname, '..', '..')
export const actionEntry = join(root, 'dist', 'src', 'action', 'index.js')

export function gitIn(cwd: string, args: string[]): string {
  return execFileSync('git', args, {cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']}).trim()
}

export interface Repo {
  dir: string
  /** Renames files (`git mv`), writes files, and commits; the new commit's sha. */
  commit(files: Record<string, string>, message: string, renames?: Array<[string, string]>): string
  remove(): void
}

/** A fresh repository in a temporary folder, with its own identity (never the machine's git config). */
export function makeRepo(): Repo {
  const dir = mkdtempSync(join(tmpdir(), 'action-repo-'))
  gitIn(dir, ['init', '--quiet', '--initial-branch=main'])
  gitIn(dir, ['config', 'user.name', 'Test'])
  gitIn(dir, ['config', 'user.email', 'test@example.com'])
  gitIn(dir, ['config', 'commit.gpgsign', 'false'])
  return {
    dir,
    commit(files, message, renames = []) {
      for (const [from, to] of renames) {
        mkdirSync(dirname(join(dir, to)), {recursive: true})
        gitIn(dir, ['mv', from, to])
      }
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), {recursive: true})
        writeFileSync(join(dir, path), text)
      }
      gitIn(dir, ['add', '--all'])
      gitIn(dir, ['commit', '--quiet', '--message', message])
      return gitIn(dir, ['rev-parse', 'HEAD'])
    },
    remove: () => rmSync(dir, {recursive: true, force: true})
  }
}

export interface ActionRun {
  code: number
  stdout: string
  /** The workflow commands the runner would act on: lines outside `::stop-commands::` fences. */
  commands: string[]
  /** `::error` / `::warning` / `::notice` lines with a file (the annotations). */
  annotations: string[]
  outputs: Record<string, string>
  summary: string
}

export interface RunOptions {
  workspace: string
  /** Input values by name as action.yml spells them (`fail-on`); unset ones are not passed at all. */
  inputs: Record<string, string>
  /** The event payload; `pull_request` for a PR. */
  event: object
  eventName?: string
  /** Sends `signal` to the entry (alone, not its children) once `at` settles, as a runner cancelling the job does. */
  cancel?: {at: Promise<unknown>; signal: NodeJS.Signals}
}

/**
 * Runs the built entry as the runner would: cwd the workspace, inputs as `INPUT_<NAME>` (upper-cased,
 * hyphens kept), no variables of a real runner leaking in from the machine running the tests.
 */
export async function runAction(options: RunOptions): Promise<ActionRun> {
  const scratch = mkdtempSync(join(tmpdir(), 'action-runner-'))
  try {
    const files = {event: join(scratch, 'event.json'), output: join(scratch, 'output'), summary: join(scratch, 'summary.md')}
    writeFileSync(files.event, JSON.stringify(options.event))
    writeFileSync(files.output, '')
    writeFileSync(files.summary, '')
    const env: Record<string, string> = {}
    for (const [name, value] of Object.entries(process.env)) {
      if (value !== undefined && !/^(?:GITHUB_|INPUT_|RUNNER_)/.test(name)) env[name] = value
    }
    for (const [name, value] of Object.entries(options.inputs)) env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value
    Object.assign(env, {
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: options.workspace,
      GITHUB_EVENT_NAME: options.eventName ?? 'pull_request',
      GITHUB_EVENT_PATH: files.event,
      GITHUB_OUTPUT: files.output,
      GITHUB_STEP_SUMMARY: files.summary,
      RUNNER_TEMP: scratch
    })
    const {code, stdout} = await new Promise<{code: number; stdout: string}>((done) => {
      const child = spawn(process.execPath, [actionEntry], {cwd: options.workspace, env, stdio: ['ignore', 'pipe', 'ignore']})
      let out = ''
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
      const {cancel} = options
      if (cancel) void cancel.at.then(() => child.kill(cancel.signal))
      child.on('close', (status) => done({code: status ?? 3, stdout: out}))
    })
    const commands = workflowCommands(stdout)
    return {
      code,
      stdout,
      commands,
      annotations: commands.filter((line) => /^::(?:error|warning|notice) file=/.test(line)),
      outputs: parseOutputs(readFileSync(files.output, 'utf8')),
      summary: readFileSync(files.summary, 'utf8')
    }
  } finally {
    rmSync(scratch, {recursive: true, force: true})
  }
}

/** Lines starting with `::`, skipping what a `::stop-commands::<token>` … `::<token>::` fence holds. */
export function workflowCommands(stdout: string): string[] {
  const commands: string[] = []
  let stopped: string | undefined
  for (const line of stdout.split('\n')) {
    if (stopped !== undefined) {
      if (line === `::${stopped}::`) stopped = undefined
      continue
    }
    const stop = /^::stop-commands::(.+)$/.exec(line)
    if (stop) stopped = stop[1]
    else if (line.startsWith('::')) commands.push(line)
  }
  return commands
}

/**
 * `$GITHUB_OUTPUT` as the runner reads it: `name<<delimiter` … `delimiter` entries (and `name=value`
 * lines). Anything else is an error, as it is for the runner.
 */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {}
  const lines = text.split('\n')
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!
    if (line === '') continue
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line)
    if (heredoc) {
      const [, name, delimiter] = heredoc
      const end = lines.indexOf(delimiter!, index + 1)
      if (end === -1) throw new Error(`Unterminated output \`${name}\``)
      outputs[name!] = lines.slice(index + 1, end).join('\n')
      index = end
      continue
    }
    const plain = /^([^=]+)=(.*)$/.exec(line)
    if (!plain) throw new Error(`Unexpected line in GITHUB_OUTPUT: ${line}`)
    outputs[plain[1]!] = plain[2]!
  }
  return outputs
}
