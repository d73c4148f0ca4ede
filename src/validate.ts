// Option checks shared by `configure` and the rules: each names the option and what it allows.

import type * as Levenshtein from 'fastest-levenshtein'
import {cjs} from './cjs.js'
import {configureOptionNames} from './option-names.js'

/** Thrown for an invalid option; the message names the option and what is allowed. */
export class OptionsError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'OptionsError'
  }
}

export type Given = Record<string, unknown>

/**
 * The options object itself: undefined/null mean `{}`; unknown keys are refused by name, with where the option
 * belongs when it is `configure`'s (given to a rule), else the name a typo most likely meant. `path` names a nested
 * object's keys in full (`offline.` for `offline.recrod`).
 */
export function optionsObject(value: unknown, allowed: readonly string[], owner = 'options', path = ''): Given {
  if (value === null || value === undefined) return {}
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new OptionsError(`Unexpected ${owner} \`${show(value)}\`, expected an object`)
  }
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      const near = nearest(key, allowed)
      const typo = near === undefined ? '' : ` (did you mean \`${path}${near}\`?)`
      // A rule given a fetching option: where it belongs says more than the nearest name the rule takes.
      const guess = (path === '' ? belongsToConfigure([key]) : '') || typo
      throw new OptionsError(`Unexpected option \`${path}${key}\`${guess}, expected one of ${allowed.map((name) => '`' + name + '`').join(', ')}`)
    }
  }
  return value as Given
}

/**
 * ` (it belongs to `configure`)` when `keys` (given to a rule, or to the API beside its `configure`) are `configure`'s
 * options, naming them when only some are; '' when none is.
 */
export function belongsToConfigure(keys: readonly string[]): string {
  const theirs = keys.filter((key) => (configureOptionNames as readonly string[]).includes(key))
  if (theirs.length === 0) return ''
  const named = theirs.length < keys.length ? theirs.map((key) => '`' + key + '`').join(', ') : theirs.length === 1 ? 'it' : 'they'
  return ` (${named} ${theirs.length === 1 ? 'belongs' : 'belong'} to \`configure\`)`
}

/** The allowed name closest to `key`, in another case or at most a third of its length in edits away. */
function nearest(key: string, allowed: readonly string[]): string | undefined {
  // Loaded only for a mistake: most runs never need it.
  const {distance} = cjs<typeof Levenshtein>('fastest-levenshtein')
  let best: string | undefined
  let fewest = Math.max(1, Math.floor(key.length / 3)) + 1
  for (const name of allowed) {
    const edits = distance(key.toLowerCase(), name.toLowerCase())
    if (edits < fewest) [best, fewest] = [name, edits]
  }
  return best
}

/** The longest a Node timer waits (2^31 − 1 ms, about 24.8 days): a longer one fires at once, with a warning. */
export const longestTimerMs = 2 ** 31 - 1

export function integer(given: Given, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = given[name]
  if (value === null || value === undefined) return fallback
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`
    throw new OptionsError(`Unexpected \`${name}\` \`${show(value)}\`, expected an integer ${range}`)
  }
  return value
}

/** A number in [min, max], such as a threshold. */
export function fraction(given: Given, name: string, fallback: number, min = 0, max = 1): number {
  const value = given[name]
  if (value === null || value === undefined) return fallback
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new OptionsError(`Unexpected \`${name}\` \`${show(value)}\`, expected a number from ${min} to ${max}`)
  }
  return value
}

export function oneOf<T extends string>(given: Given, name: string, allowed: readonly T[], fallback: T): T {
  const value = given[name]
  if (value === null || value === undefined) return fallback
  if (!allowed.includes(value as T)) {
    throw new OptionsError(
      `Unexpected \`${name}\` \`${show(value)}\`, expected ${allowed.map((item) => '`' + item + '`').join(' or ')}`
    )
  }
  return value as T
}

export function list(given: Given, name: string, check: (value: unknown) => boolean, what: string): unknown[] {
  const value = given[name]
  if (value === null || value === undefined) return []
  if (!Array.isArray(value)) {
    throw new OptionsError(`Unexpected \`${name}\` \`${show(value)}\`, expected an array of ${what}`)
  }
  value.forEach((item, index) => {
    if (!check(item)) {
      throw new OptionsError(`Unexpected \`${name}[${index}]\` \`${show(item)}\`, expected ${what}`)
    }
  })
  return value
}

/** A list of strings. */
export function strings(given: Given, name: string, what = 'a string'): string[] {
  return list(given, name, isString, what) as string[]
}

export function boolean(given: Given, name: string, fallback = false): boolean {
  const value = given[name]
  if (value === null || value === undefined) return fallback
  if (typeof value !== 'boolean') throw new OptionsError(`Unexpected \`${name}\` \`${show(value)}\`, expected \`true\` or \`false\``)
  return value
}

export function optionalFunction(given: Given, name: string): unknown {
  const value = given[name]
  if (value === null || value === undefined) return undefined
  if (typeof value !== 'function') {
    throw new OptionsError(`Unexpected \`${name}\` \`${show(value)}\`, expected a function`)
  }
  return value
}

export function isString(value: unknown): boolean {
  return typeof value === 'string'
}

/**
 * A value as it appears in a message. A string that would read as another value (`'5000'`, `'true'`, `''`) is
 * quoted: `timeout` `5000` refused as not an integer would read as a refused number.
 */
export function show(value: unknown): string {
  try {
    if (typeof value === 'string') return readsAsOther(value) ? JSON.stringify(value) : value
    // Numbers as written: JSON would show NaN and Infinity as `null`.
    return typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value))
  } catch {
    return String(value)
  }
}

/** Blank, or JSON of a number, boolean, null, array or object, or a number JSON cannot write (`NaN`, `-Infinity`). */
function readsAsOther(text: string): boolean {
  if (text.trim() === '' || /^\s*[-+]?(?:NaN|Infinity)\s*$/.test(text)) return true
  try {
    return typeof JSON.parse(text) !== 'string'
  } catch {
    return false
  }
}
