// An invalid option, of `configure` or of a rule, is the config's mistake, not each file's: remark's report said it
// once per file without a place (500 identical lines for a docs folder). The bin says it once, at the option in
// the config that gave it: `.remarkrc.yml:4:7: Unexpected `timeout` `-1`, … (configure)`.

import {readFile} from 'node:fs/promises'
import {dirname, relative, resolve} from 'node:path'
import type {VFile} from 'vfile'
import {location} from 'vfile-location'
import {escapeRegExp} from '../regexp.js'
import {ruleNames} from '../report/rules.js'
import type {ConfigContext} from './config-error.js'
import {kindOf, type Message} from './outcome.js'

const optionOwners = new Set<string>(['configure', ...ruleNames])

/** Whether `message` says an option is invalid: a setup message of `configure` or of a rule, at no place. */
export function isOptionFailure(message: Message): boolean {
  return message.place === undefined && message.ruleId !== undefined && optionOwners.has(message.ruleId) && kindOf(message) === 'setup'
}

/** The line for an invalid option, at its place in the config `file` was checked under; undefined when no config is known. */
export async function optionFailure(message: Message, file: VFile, context: ConfigContext): Promise<string | undefined> {
  const config = configOf(resolve(file.cwd, file.path), context)
  if (config === undefined) return undefined
  const text = await readFile(config, 'utf8').catch(() => undefined)
  const offset = text === undefined ? undefined : optionOffset(text, message)
  const point = text === undefined || offset === undefined ? undefined : location(text).toPoint(offset)
  const place = point === undefined ? '' : `:${point.line}:${point.column}`
  return `${relative(context.cwd, config) || config}${place}: ${message.reason} (${message.ruleId})`
}

/** unified-engine's config for a file: the one given (`--rc-path`), else the nearest above it; none for the default. */
function configOf(path: string, {cwd, configs, rcPath}: ConfigContext): string | undefined {
  if (rcPath !== undefined) return resolve(cwd, rcPath)
  for (let folder = dirname(path); ; folder = dirname(folder)) {
    const config = configs.get(folder)
    if (config !== undefined || dirname(folder) === folder) return config
  }
}

/**
 * Where the option is written: the key the message names first (`github.token` → `token`) as JSON, YAML and
 * JavaScript write keys (quoted or not, then `:`), looked for from where the plugin is named, so that another rule's
 * `threshold` before it is not taken; else, for options that are not an object, where the plugin is named.
 */
function optionOffset(text: string, message: Message): number | undefined {
  const named = pluginOffset(text, message.ruleId!)
  const key = /^Unexpected (?:option )?`([^`]+)`/.exec(message.reason)?.[1]?.split('.').at(-1)
  const pattern = key === undefined ? undefined : new RegExp(`(["'\`]?)\\b${escapeRegExp(key)}\\1\\s*:`, 'g')
  for (const from of pattern ? [named ?? 0, 0] : []) {
    pattern!.lastIndex = from
    const written = pattern!.exec(text)
    if (written) return written.index + written[1]!.length
  }
  return message.ruleId === 'configure' ? undefined : named
}

/**
 * Where a plugin is named: in a quoted module id (`"remark-lint-citations/citation-alive"`), else where a JavaScript
 * config uses its import (`[citationAlive, …]`, `[configure, …]`).
 */
function pluginOffset(text: string, name: string): number | undefined {
  const quoted = new RegExp(`["'\`][^"'\`\\n]*\\b${escapeRegExp(name)}\\b`).exec(text)
  if (quoted) return quoted.index + 1
  const imported = new RegExp(`\\[\\s*(${name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())})\\b`).exec(text)
  return imported ? imported.index + imported[0].length - imported[1]!.length : undefined
}
