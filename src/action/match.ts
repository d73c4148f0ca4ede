// Which changed files a pull request run checks: those the bin would find for the `files` input on a push, so that
// one input selects the same files on every event (git's pathspecs and the bin's finder disagree on both).

import {extname, isAbsolute, posix, relative} from 'node:path'
import {Minimatch} from 'minimatch'
import {defaultExtensions} from '../cli/extensions.js'
import {namesNodeModules} from '../cli/node-modules.js'
import {reportPath} from '../report/order.js'

/**
 * A test of a path relative to the working directory `cwd` (`/`-separated), as unified-engine's finder (the bin's)
 * reads `entries`: a path is that file, or every file under that folder; a glob (minimatch, as the finder's `glob`)
 * is every file it matches, and every file under a folder it matches (`docs/*` takes `docs/guide/x.md`, `docs/**`
 * the folder `docs` itself, hidden folders in it too), but nothing under `node_modules` unless it names one. Files
 * found under a folder are those with the bin's extensions, written as it writes them (`README.MD` is not one), and
 * not in a `node_modules` below that folder.
 */
export function filesMatcher(cwd: string, entries: readonly string[], extensions: readonly string[] = defaultExtensions): (file: string) => boolean {
  const tests = entries.map((entry) => {
    const pattern = entryPattern(cwd, entry)
    const glob = new Minimatch(pattern)
    if (glob.hasMagic()) {
      const anywhere = namesNodeModules(pattern)
      return (path: string) => glob.match(path) && (anywhere || !namesNodeModules(path))
    }
    // `.` is the working directory; a name may start with a dot (`.github`).
    const named = pattern.replace(/\/$/, '')
    const path = named === '.' ? '' : named
    return (file: string) => file === path
  })
  const foundIn = (folder: string, file: string) => extensions.includes(extname(file).slice(1)) && !namesNodeModules(file.slice(folder.length))
  // A folder is also tried as `docs/`: minimatch's `docs/**` matches no `docs`, which the finder's glob matches.
  const matchesFolder = (test: (path: string) => boolean, folder: string) => test(folder) || (folder !== '' && test(`${folder}/`))
  return (file) => {
    const folders = ancestors(file)
    return tests.some((test) => test(file) || folders.some((folder) => foundIn(folder, file) && matchesFolder(test, folder)))
  }
}

/**
 * An entry as a path or glob relative to `cwd`, `/`-separated. Paths here are written without `./`, so a glob written
 * with it (`./docs/*.md`) is read without it too; an absolute one (`${{ github.workspace }}/docs`), which the bin
 * takes as that path, is read from `cwd`. One outside `cwd` starts with `../`.
 */
export function entryPattern(cwd: string, entry: string): string {
  return posix.normalize(isAbsolute(entry) ? reportPath(relative(cwd, entry)) : entry)
}

/** `a/b/c.md` → `''`, `a`, `a/b`: the folders a file is found under (`''` is the working directory, `.`). */
function ancestors(file: string): string[] {
  const parts = file.split('/').slice(0, -1)
  return ['', ...parts.map((_, index) => parts.slice(0, index + 1).join('/'))]
}
