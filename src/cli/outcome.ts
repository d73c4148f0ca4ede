// What a run's messages mean: findings about citations (exit 1), a broken setup (2), or a crash (3).

import type {VFile} from 'vfile'
import type {UncheckedFile} from '../report/record.js'
import {ruleNames} from '../report/rules.js'

export type Message = VFile['messages'][number]

/** `finding`: a lint message; `setup`: a bad argument, option or config; `internal`: something threw. */
export type Kind = 'finding' | 'setup' | 'internal'

export const exitCode = {clean: 0, findings: 1, setup: 2, internal: 3} as const
export type ExitCode = (typeof exitCode)[keyof typeof exitCode]

const citationRules = new Set<string>(ruleNames)

/** The words for a path that names no file to check: the engine's (it could not find it, or was told to skip it) and the bin's. */
export const noSuchFile = 'No such file or folder'
export const noMatch = 'No file matches this glob'

/** Said of a path that names no file to check: the arguments are wrong. */
const badFileReasons = new Set([noSuchFile, noMatch, 'Cannot find file', 'Cannot process specified file: it’s ignored'])

/** unified-engine's errors for a config it cannot read, parse or load (and plugins it cannot find). */
const badConfig =
  /^(?:Cannot (?:read|parse) (?:given )?file|Cannot import|Cannot find module|Expected preset|Expected a list or object of plugins)/

export function kindOf(message: Message): Kind {
  // `configure`'s invalid options and no-rules config, and a rule's invalid options (see rule.ts).
  if (message.source === 'remark-lint-citations' && (message.ruleId === 'configure' || citationRules.has(message.ruleId ?? ''))) return 'setup'
  const cause = message.cause instanceof Error ? message.cause : undefined
  if (message.ruleId && citationRules.has(message.ruleId) && message.source === 'remark-lint') {
    // Every finding sits at its citation; without a place, the rule threw. Not `line`: lint comments' message
    // control gives a message without one line 1.
    return message.place ? 'finding' : 'internal'
  }
  if (badFileReasons.has(message.reason)) return 'setup'
  if (cause) {
    const chain = causes(cause)
    if (chain.some((error) => error.name === 'OptionsError' || badConfig.test(error.message))) return 'setup'
    // A parser's positioned message (an MDX syntax error): the document is at fault, not the checker.
    return chain.some(isPlacedInDocument) ? 'finding' : 'internal'
  }
  return 'finding'
}

/** A message about a place in the file (vfile-message), as parsers throw them; not a crash's error. */
export function isPlacedInDocument(error: Error): boolean {
  const placed = error as Partial<Message>
  return typeof placed.reason === 'string' && typeof placed.line === 'number'
}

/**
 * 2 when the setup is wrong anywhere (nothing else can be trusted then), else 3 when something crashed,
 * else 1 when a lint error remains (with `frail`, a warning too), else 0.
 */
export function exitCodeOf(files: readonly VFile[], frail: boolean): ExitCode {
  const messages = files.flatMap((file) => file.messages)
  const kinds = messages.map(kindOf)
  if (kinds.includes('setup')) return exitCode.setup
  if (kinds.includes('internal')) return exitCode.internal
  const failing = messages.some((message) => message.fatal === true || (frail && message.fatal === false))
  return failing ? exitCode.findings : exitCode.clean
}

/**
 * What stopped the file from being checked, when its parser stopped (an MDX syntax error, thrown at its place
 * by mdx.ts): a fatal message about the document that no lint rule gave. Undefined for a file that was checked.
 */
export function stopOf(file: VFile): Message | undefined {
  return file.messages.find((message) => message.fatal === true && message.source !== 'remark-lint' && kindOf(message) === 'finding')
}

/** The file as reports list one that could not be checked (see `stopOf`). */
export function uncheckedFile(file: VFile, path: string): UncheckedFile | undefined {
  const stop = stopOf(file)
  return stop && {file: path, line: stop.line ?? 1, column: stop.column ?? 1, message: stop.reason}
}

/** The first message of a kind, as one line: its reason and the chain of errors behind it. */
export function firstOfKind(files: readonly VFile[], kind: Exclude<Kind, 'finding'>): {text: string; cause: unknown} | undefined {
  for (const file of files) {
    for (const message of file.messages) {
      if (kindOf(message) !== kind) continue
      const behind = message.cause instanceof Error ? causes(message.cause).map((error) => error.message) : []
      return {text: [message.reason, ...behind.filter((text) => text !== message.reason)].join(': '), cause: message.cause}
    }
  }
  return undefined
}

/** An error and the errors it names as its cause, outermost first. */
export function causes(error: Error): Error[] {
  const chain: Error[] = []
  for (let current: unknown = error; current instanceof Error && chain.length < 10; current = current.cause) chain.push(current)
  return chain
}
