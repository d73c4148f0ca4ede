// The bin's report, and the library's `OptionsError` (audit.ts): a remark config (or a plugin it names) that cannot
// be loaded is said once, in one line: the file, the line and column where Node or the parser tells them, and why.
// unified-engine's own message is, for each file, a chain of errors with their stacks, and an ES module's
// SyntaxError there names no place at all.

import {execFile} from 'node:child_process'
import {readFile} from 'node:fs/promises'
import {dirname, relative, resolve} from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {VFile} from 'vfile'
import {location} from 'vfile-location'
import type {Options} from 'vfile-reporter'
import {optionFailure, isOptionFailure} from './option-error.js'
import {causes, type Message} from './outcome.js'
import {remarkReport} from './reporter.js'

interface Place {
  line: number
  column?: number | undefined
}

/** What a failure is told from: the bin's working directory, and the folder of each config loaded to its file. */
export interface ConfigContext {
  cwd: string
  configs: ReadonlyMap<string, string>
  /** The config given (`--rc-path`), from `cwd`: every file's. */
  rcPath?: string | undefined
}

/** remark's report of the files checked, after a line for each config failure (its files were not checked). */
export async function binReport(files: VFile[], options: Options, context: ConfigContext): Promise<string> {
  // One line per failure, however many files its config covers: the same chain of errors is the same failure.
  const lines = new Map<string, Promise<string | undefined>>()
  const failures = await Promise.all(
    files.map(async (file) => {
      for (const message of file.messages) {
        if (message.fatal !== true || !(message.cause instanceof Error)) continue
        const key = causes(message.cause).map((error) => error.message).join('\n')
        // A failure that cannot be said plainly is left to remark's report, as it was.
        if (!lines.has(key)) lines.set(key, configFailure(message.cause, context).catch(() => undefined))
        const line = await lines.get(key)
        if (line) return line
      }
      return undefined
    })
  )
  const optionsSaid = await Promise.all(files.map(async (file) => optionLines(file, context)))
  const reported = files.flatMap((file, index) => {
    if (failures[index] !== undefined) return []
    const said = optionsSaid[index]!
    if (said.size === 0) return [file]
    // A file whose checks never ran (`configure` failed) has nothing else to say; a rule's bad option leaves the rest.
    const rest = file.messages.filter((message) => !said.has(message))
    return rest.length === 0 ? [] : [Object.assign(new VFile({path: file.path, cwd: file.cwd}), {messages: rest})]
  })
  const report = await remarkReport(reported, options)
  const optionFailures = optionsSaid.flatMap((said) => [...said.values()])
  return [...new Set([...failures, ...optionFailures]), report].filter(Boolean).join('\n')
}

/** Each invalid-option message of `file` with its line in the config, where a config is known. */
async function optionLines(file: VFile, context: ConfigContext): Promise<Map<Message, string>> {
  const said = new Map<Message, string>()
  for (const message of file.messages.filter(isOptionFailure)) {
    const line = await optionFailure(message, file, context)
    if (line !== undefined) said.set(message, line)
  }
  return said
}

/**
 * The line for a message's cause that says a config or a plugin it names could not be read or loaded, or undefined
 * for any other: `.remarkrc.mjs:2:7: Cannot load remark config: SyntaxError: …`.
 */
export async function configFailure(cause: unknown, context: ConfigContext): Promise<string | undefined> {
  const chain = cause instanceof Error ? causes(cause) : []
  const innermost = chain.at(-1)
  const given = matchOf(chain, /^Cannot (read|parse) (?:given )?file `(.+)`$/)
  const missing = matchOf(chain, /^Cannot find module `(.+)`$/)
  const show = (file: string, place?: Place): string => shown(context, file, place)

  // The resolver says where it looked from: the folder of the config that names the plugin.
  if (innermost && missing) return missingPlugin(missing[1]!, / imported from (.+?)[\\/]?$/.exec(innermost.message)?.[1], context)
  if (!innermost || !given) return undefined
  const config = resolve(context.cwd, given[2]!)
  if (given[1] === 'read') return `${show(config)}: Cannot read remark config: ${said(innermost)}`
  // `Cannot import` names the config itself (from the working directory) or a plugin module (from the config's folder).
  const imported = matchOf(chain, /^Cannot import `(.+)`$/)?.[1]
  const module = imported === undefined || imported === given[2] ? config : resolve(dirname(config), imported)
  const {file = module, place, reason} = await failureOf(innermost, module)
  return module === config
    ? `${show(file, place)}: Cannot load remark config: ${reason}`
    : `${show(config)}: Cannot load plugin \`${show(file, place)}\`: ${reason}`
}

/** The line for a plugin that cannot be found, looked up from `folder`: at its name in the config loaded there. */
export async function missingPlugin(id: string, folder: string | undefined, context: ConfigContext): Promise<string> {
  const config = folder === undefined ? undefined : context.configs.get(resolve(folder))
  const text = config === undefined ? undefined : await readText(config)
  return `${shown(context, config ?? folder ?? context.cwd, text === undefined ? undefined : quotedPlace(text, id))}: Cannot find plugin \`${id}\``
}

/** A file from the working directory, with a place in it: `.remarkrc.json:4:3`. */
function shown(context: ConfigContext, file: string, place?: Place): string {
  return (relative(context.cwd, file) || '.') + (place ? `:${place.line}${place.column === undefined ? '' : `:${place.column}`}` : '')
}

/** Why a module (a config or a plugin) did not load, and where: in it, or in `file`, a module it imports. */
async function failureOf(error: Error, module: string): Promise<{file?: string; place?: Place | undefined; reason: string}> {
  // A plugin path that names no file: Node's own message names unified-engine as the importer.
  if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' && error.message.includes(`'${module}'`)) return {reason: 'no such file'}
  if (error.name === 'JSONError') {
    const json = await jsonFailure(module)
    if (json) return json
  }
  const linePos = (error as {linePos?: Array<{line: number; col: number}>}).linePos?.[0]
  if (error.name === 'YAMLParseError' && linePos) {
    const reason = firstLine(error.message).replace(/ at line \d+, column \d+:?$/, '')
    return {place: {line: linePos.line, column: linePos.col}, reason: `Invalid YAML: ${reason}`}
  }
  const stack = error.stack ?? ''
  const thrownAt = framePlace(stack, module)
  if (error.name === 'SyntaxError' && !thrownAt) {
    // The place of a syntax error is Node's "arrow" (`file:line`, the source line, `^`): on the error itself for a
    // CommonJS module or an import that is not there, else from `node --check`, which prints it and runs nothing.
    const arrow = arrowOf(stack) ?? (await checkedArrow(module))
    return arrow ? {...arrow, reason: said(error)} : {reason: `${said(error)} (in a module it imports)`}
  }
  return {place: thrownAt, reason: said(error)}
}

function matchOf(chain: readonly Error[], pattern: RegExp): RegExpExecArray | undefined {
  for (const error of chain) {
    const match = pattern.exec(error.message)
    if (match) return match
  }
  return undefined
}

/** An error as one line, with its kind: `SyntaxError: Unexpected identifier 'bar'`. */
function said(error: Error): string {
  return `${error.name}: ${firstLine(error.message)}`
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0]!.trim()
}

async function readText(path: string): Promise<string | undefined> {
  return readFile(path, 'utf8').catch(() => undefined)
}

/** Where a plugin's name is written in its config, in quotes as JSON, YAML and JavaScript may write it. */
function quotedPlace(text: string, id: string): Place | undefined {
  const offsets = ['"', "'", '`'].map((quote) => text.indexOf(quote + id + quote)).filter((offset) => offset >= 0)
  return offsets.length > 0 ? location(text).toPoint(Math.min(...offsets) + 1) : undefined
}

/**
 * Node's arrow: `file:///path:LINE` or `/path:LINE`, the source line, then `^` under the place. The column is
 * the caret's (Node copies the line's tabs into the indent, so characters count alike).
 */
function arrowOf(text: string): {file: string; place: Place} | undefined {
  const match = /^(.+):(\d+)\n.*\n([ \t]*)\^/.exec(text) ?? /^(.+):(\d+)\n/.exec(text)
  if (!match) return undefined
  const file = match[1]!.startsWith('file://') ? fileURLToPath(match[1]!) : match[1]!
  return {file, place: {line: Number(match[2]), column: match[3] === undefined ? undefined : match[3].length + 1}}
}

/** Node's arrow for a module that does not parse, without running it; undefined when the module itself parses. */
function checkedArrow(path: string): Promise<{file: string; place: Place} | undefined> {
  return new Promise((done) => {
    execFile(process.execPath, ['--check', path], {timeout: 10_000, encoding: 'utf8'}, (error, _stdout, stderr) => {
      done(error ? arrowOf(stderr) : undefined)
    })
  })
}

/** The place of the first stack frame in the module itself: where a config or plugin threw as it loaded. */
function framePlace(stack: string, module: string): Place | undefined {
  const href = pathToFileURL(module).href
  for (const [, file, row, column] of stack.matchAll(/^\s*at (?:.* \()?(.+?):(\d+):(\d+)\)?$/gm)) {
    if (file === href || file === module) return {line: Number(row), column: Number(column)}
  }
  return undefined
}

/** Where and why a JSON config does not parse: V8's reason, at the line and column of its position. */
async function jsonFailure(path: string): Promise<{place: Place; reason: string} | undefined> {
  const text = await readText(path)
  const reason = text === undefined ? undefined : jsonError(text)
  if (text === undefined || reason === undefined) return undefined
  const tidy = reason
    // The position is said as a line and column instead; the quoted stretch of the file is noise.
    .replace(/ in JSON at position \d+.*$/s, '')
    .replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, '')
    .replace(/'\uFEFF'/, 'U+FEFF (a byte order mark)')
  return {place: location(text).toPoint(jsonErrorOffset(text, reason))!, reason: `Invalid JSON: ${tidy}`}
}

function jsonError(text: string): string | undefined {
  try {
    JSON.parse(text)
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}

/**
 * Where JSON.parse stops: the position V8 names, else (`Unexpected token ']', "…" is not valid JSON`, a trailing
 * comma) the end of the longest start of the text that JSON.parse reads up to its end, found by halving.
 */
function jsonErrorOffset(text: string, reason: string): number {
  const named = / at position (\d+)/.exec(reason)
  if (named) return Math.min(Number(named[1]), text.length)
  if (readsToEnd(text)) return text.length
  let low = 0
  let high = text.length
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2)
    if (readsToEnd(text.slice(0, middle))) low = middle
    else high = middle
  }
  return high - 1
}

/** Whether JSON.parse finds nothing wrong in `start` before its end: it may begin a valid JSON text. */
function readsToEnd(start: string): boolean {
  const reason = jsonError(start)
  if (reason === undefined || reason.startsWith('Unexpected end of JSON input')) return true
  const named = / at position (\d+)/.exec(reason)
  return named !== null && Number(named[1]) >= start.length
}
