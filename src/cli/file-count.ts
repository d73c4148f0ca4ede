// A quick count of the files a run may check, before remark's engine loads: enough to know whether the run is
// large (see lint.ts). The engine finds the files itself; this count ignores `.remarkignore` and so may be higher.

import {readdirSync, statSync, type Stats} from 'node:fs'
import {extname, resolve} from 'node:path'

/**
 * Files under `paths` (files, folders, or globs, whose folder before the first pattern is walked) with one of
 * `extensions`, counted up to `limit`. Like the engine, folders skip `node_modules` and hidden entries.
 */
export function countFiles(paths: readonly string[], extensions: readonly string[], cwd: string, limit: number): number {
  const wanted = new Set(extensions.map((extension) => `.${extension.replace(/^\./, '')}`))
  let count = 0
  const folders: string[] = []
  for (const path of paths) {
    const base = resolve(cwd, globBase(path))
    const stats = statOf(base)
    if (stats?.isDirectory()) folders.push(base)
    else if (stats) count++
    if (count >= limit) return limit
  }
  while (folders.length > 0) {
    const folder = folders.pop()!
    let entries
    try {
      entries = readdirSync(folder, {withFileTypes: true})
    } catch {
      // Unreadable here is the engine's to report.
      continue
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
      if (entry.isDirectory()) folders.push(resolve(folder, entry.name))
      else if (wanted.has(extname(entry.name)) && ++count >= limit) return limit
    }
  }
  return count
}

/** Undefined for a path that cannot be looked at (below a file, a symlink loop, a name too long): the engine's to report. */
function statOf(path: string): Stats | undefined {
  try {
    return statSync(path)
  } catch {
    return undefined
  }
}

/** Characters that may make a path a glob (`*`, `?`, `[…]`, `{…}`, extglobs such as `@(…)`); more is harmless. */
export const globSyntax = /[*?[\]{}()!+@]/

/** The part of a glob before its first segment with a pattern in it (the path itself when it has none). */
function globBase(path: string): string {
  const segments = path.split('/')
  const first = segments.findIndex((segment) => globSyntax.test(segment))
  if (first === -1) return path
  return segments.slice(0, first).join('/') || '.'
}
