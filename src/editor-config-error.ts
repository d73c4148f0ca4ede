// The editor's word for a remark config that does not load, or that gives an invalid option: the bin's one line
// (cli/config-error.ts, cli/option-error.ts), `.remarkrc.json:4:3: Cannot load remark config: Invalid JSON: …`.
// unified-language-server publishes the engine's message as it is: `Cannot process file` and the first frames of
// a stack, with neither the reason nor the place; and an invalid option at the document's start, naming no config.

import {dirname} from 'node:path'
import {Configuration} from 'unified-engine'
import {VFile} from 'vfile'
import {configFailure, missingPlugin, type ConfigContext} from './cli/config-error.js'
import {isOptionFailure, optionFailure} from './cli/option-error.js'
import {causes, type Message} from './cli/outcome.js'

/** Where remark's config is found: the server's engine settings, and this module's. */
export const remarkConfigNames = {rcName: '.remarkrc', packageField: 'remarkConfig', pluginPrefix: 'remark'} as const

/** What a published diagnostic says, as far as this reads it. */
export interface Said {
  message: string
  code?: string | number | undefined
  source?: string | undefined
  range: {start: {line: number; character: number}; end: {line: number; character: number}}
}

/**
 * The bin's line for a diagnostic of the document at `path` that says its config failed or gave an invalid option,
 * files named from `cwd`, the folder the server checks the document from (its workspace folder), as the bin names
 * them from where it runs: `docs/.remarkrc.json:4:3: …`, not `../.remarkrc.json` for a document in `docs/guide/`, nor
 * `.remarkrc.json` for one in `docs/`, which reads as the workspace's. Undefined, at once, for any other diagnostic.
 */
export function configLine(diagnostic: Said, path: string, cwd: string): Promise<string | undefined> | undefined {
  const failed = diagnostic.code === undefined && diagnostic.message.startsWith('Cannot process file\n')
  const file = new VFile({path, cwd})
  const {start, end} = diagnostic.range
  const option =
    !failed && typeof diagnostic.code === 'string' && start.line + start.character + end.line + end.character === 0
      ? file.message(diagnostic.message, {ruleId: diagnostic.code, source: diagnostic.source})
      : undefined
  // A message placed at the start is placed all the same: only one without a place is an option's.
  if (option) option.place = undefined
  if (failed || (option && isOptionFailure(option))) return said(diagnostic, file, option)
  return undefined
}

/**
 * Lines said for a JavaScript config's failure, by Node's error and the folder they name files from: Node keeps the
 * error, so every check of every document gets it again, and a syntax error's place costs a `node --check` (0.3 s).
 */
const saidBefore = new WeakMap<Error, Map<string, Promise<string | undefined>>>()

async function said(diagnostic: Said, file: VFile, option: Message | undefined): Promise<string | undefined> {
  const configs = new Map<string, string>()
  const context: ConfigContext = {cwd: file.cwd, configs}
  const error = await loadAgain(file, configs)
  if (option) return optionFailure(option, file, context)
  if (error) {
    const innermost = causes(error).at(-1)!
    const lines = saidBefore.get(innermost) ?? new Map<string, Promise<string | undefined>>()
    saidBefore.set(innermost, lines)
    if (!lines.has(file.cwd)) lines.set(file.cwd, configFailure(error, context).then((line) => line && line + restart(error)))
    return lines.get(file.cwd)
  }
  // Plugins are looked up as the processor is made, not as the config loads: from the folder of the config loaded.
  const missing = /^Error: Cannot find module `(.+)`$/m.exec(diagnostic.message)?.[1]
  return missing === undefined ? undefined : missingPlugin(missing, [...configs.keys()][0], context)
}

/**
 * What to do about a JavaScript config that failed: Node loads a module once, so the server keeps the failure however
 * the file is fixed since (its line names the place as it was).
 */
function restart(error: Error): string {
  return /^Cannot parse file `.+\.[cm]?js`$/.test(error.message) ? ' (a JavaScript config is loaded once: restart the server after editing it)' : ''
}

/**
 * The config of the document `file`, loaded again as the engine loads it (from the same `cwd`, which its errors
 * name files from), noting its file in `configs`; the error it fails with, the engine's own (a JavaScript module
 * that failed stays failed: Node keeps its error).
 */
function loadAgain({path, cwd}: VFile, configs: Map<string, string>): Promise<Error | undefined> {
  const configuration = new Configuration({
    ...remarkConfigNames,
    cwd,
    detectConfig: true,
    configTransform: (config, file) => {
      configs.set(dirname(file), file)
      return config
    }
  })
  return new Promise((done) =>
    configuration.load(path, (error) => {
      done(error)
      return undefined
    })
  )
}
