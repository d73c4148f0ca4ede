// The `configure` plugin: validates settings once and hands them to every citation rule.

import type {Plugin} from 'unified'
import type {Root} from 'mdast'
import type {VFile} from 'vfile'
import {checkFile, prefetch} from './check.js'
import {enabledRules} from './rule.js'
import {OptionsError, resolveSettings, type Options, type Settings} from './options.js'
import {checkFixtures, FixturesError} from './verify/fixtures.js'
import {endRun, verifierForRun} from './verify/shared.js'


declare module 'unified' {
  interface Settings {
    /**
     * `configure` options the bin and the library API give over the config's own: option by option, an array
     * replacing the config's (see cli/engine.ts).
     */
    remarkLintCitations?: Options | undefined
  }
}

/**
 * `over` laid on `base` without changing either: objects (`github`, `hosts`, `cacheTtl`) key by key, anything else
 * (an array, a function, a value) replacing the base's.
 */
function overlay(base: object, over: object): Options {
  const laid: Record<string, unknown> = {...base}
  for (const [key, value] of Object.entries(over)) {
    const under = laid[key]
    laid[key] = isRecord(under) && isRecord(value) ? overlay(under, value) : value
  }
  return laid as Options
}

function isRecord(value: unknown): value is object {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
}

/** `fileSet` is given by unified-engine (one per run), to every plugin it attaches. */
const configure: Plugin<[(Options | null | undefined)?, unknown?], Root> = function (options, fileSet) {
  let settings: Settings | undefined
  let held: ReturnType<typeof verifierForRun> | undefined
  let problem: string | undefined
  try {
    const overrides = this.data('settings')?.remarkLintCitations
    const resolved = resolveSettings(overrides ? overlay(options ?? {}, overrides) : options)
    // Read now (once per process) so that an unreadable fixtures file is reported before any rule runs.
    if (resolved.offline) checkFixtures(resolved.offline)
    // Made now, so that a verifier thread loads while the files are read and parsed.
    const run = typeof fileSet === 'object' && fileSet !== null ? fileSet : undefined
    held = verifierForRun(resolved, run)
    // unified-engine calls a run's completers (each function once) when all of its files are done, those it could
    // not parse too, which never reach this plugin's transformer: their checks end there.
    if (run && 'use' in run && typeof run.use === 'function') run.use(endRun)
    settings = resolved
  } catch (error) {
    if (!(error instanceof OptionsError || error instanceof FixturesError)) throw error
    problem = error.message
  }
  // Every plugin of the processor is attached by now (presets are flattened first), rules after this one too.
  const rules = enabledRules(this.attachers)
  // Each file's links are asked for as soon as it is parsed, not once every file is (see verify/thread.ts).
  const parse = this.parser
  if (settings && parse) {
    const known = settings
    this.parser = (document, file) => {
      const tree = parse(document, file) as Root
      prefetch(tree, file, known, rules)
      return tree
    }
  }
  return (tree, file) => {
    if (settings) {
      file.data.citationSettings = settings
      file.data.citationRules = rules
      // All fetching happens here, before any rule, so that the rules report synchronously: see rule.ts.
      return checkFile(tree, file)
        .finally(holdErrors(file))
        .finally(() => held?.done(file.path))
        .then(() => undefined)
    }
    file.data.citationSettingsFailed = true
    const message = file.message(problem!, {ruleId: 'configure', source: 'remark-lint-citations'})
    message.fatal = true
  }
}

/**
 * unified-engine takes a file with an error (a fatal message) for a finished one: the other files go on without it,
 * and it then waits for them in vain. So an error from a plugin before this one (a stock rule set to `error`, listed
 * before the preset) while the checks were under way ended the run with no report at all, and `remark` exited 0. The
 * file's errors are warnings while its checks run; the returned function restores them.
 */
function holdErrors(file: VFile): () => void {
  const errors = file.messages.filter((message) => message.fatal === true)
  for (const message of errors) message.fatal = false
  return () => {
    for (const message of errors) message.fatal = true
  }
}

export default configure
