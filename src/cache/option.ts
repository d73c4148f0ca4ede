// The `cache` option: which store it names, and what is wrong with a value given for it. Apart from the stores
// (index.ts), so that validating options loads neither Keyv nor a store.

import {resolve} from 'node:path'

/**
 * `undefined`: the default folder (see defaultCacheFolder); a path: that folder (relative to the
 * working directory); `redis://…` or `rediss://…`: a Redis server; `false`: no cache.
 */
export type CacheOption = false | string | undefined

/** `node_modules/.cache/remark-lint-citations` under `cwd`, where other tools keep theirs. */
export function defaultCacheFolder(cwd: string = process.cwd()): string {
  return resolve(cwd, 'node_modules', '.cache', 'remark-lint-citations')
}

/** What is wrong with a value given as the cache option, or undefined when it is fine. */
export function cacheOptionProblem(value: unknown): string | undefined {
  if (value === undefined || value === false) return undefined
  const expected = 'expected `false`, a folder path, or a `redis://` or `rediss://` URL'
  if (typeof value !== 'string' || value.trim() === '') return expected
  // ` redis://host` would be a folder named ` redis:`: a stray space (a YAML or shell quoting slip) is no name.
  if (value !== value.trim()) return 'expected no whitespace at its start or end'
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(value) && !isRedisUrl(value)) return expected
  // Also `redis:/host` and `redis:host`: a mistyped Redis URL (no host), not a folder named `redis:`.
  if (/^rediss?:/i.test(value)) {
    let url: URL | undefined
    try {
      url = new URL(value)
    } catch {}
    // A path, if any, is the database number.
    if (!url || !url.hostname || !/^\/?\d*$/.test(url.pathname)) {
      return 'expected a Redis URL such as `redis://host:6379` or `rediss://user:password@host:6380/0`'
    }
  }
  return undefined
}

export function isRedisUrl(value: string): boolean {
  return /^rediss?:\/\//i.test(value)
}
