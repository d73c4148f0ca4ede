// What a pull request changed, asked of git: its files and lines, numbered as in the checked-out commit.

import {execFile} from 'node:child_process'
import {parseDiff, parseNumstat, parseRenames, type ChangedLines} from './diff.js'

export interface Changes {
  /** Repository-relative paths of the files added, changed or renamed (deleted ones are gone). */
  files: Set<string>
  /** The lines added or changed in them. */
  lines: ChangedLines
}

/** Git could not answer: not a repository, or a commit the clone does not have. */
export class GitError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'GitError'
  }
}

/** Runs git in `cwd` and gives its stdout; a failure is a GitError with git's own complaint. */
export function git(args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // Paths as UTF-8, not octal escapes; big diffs fit.
    execFile('git', ['-c', 'core.quotePath=false', ...args], {cwd, maxBuffer: 1 << 28, encoding: 'utf8'}, (error, stdout, stderr) => {
      if (error) reject(new GitError(`\`git ${args.join(' ')}\` failed: ${(stderr || error.message).trim()}`))
      else resolve(stdout)
    })
  })
}

/** The folder's path inside its repository (`docs/`, or `` at the top), or undefined outside a repository. */
export async function repoPrefix(cwd: string): Promise<string | undefined> {
  try {
    return (await git(['rev-parse', '--show-prefix'], cwd)).trim()
  } catch {
    return undefined
  }
}

/** True when the clone has `sha` as a commit. */
export async function hasCommit(cwd: string, sha: string): Promise<boolean> {
  return git(['cat-file', '-e', `${sha}^{commit}`], cwd).then(
    () => true,
    () => false
  )
}

/** True when the clone's history joins `sha` and `HEAD` at a commit (a shallow one may hold both yet not that one). */
export async function hasForkPoint(cwd: string, sha: string): Promise<boolean> {
  return git(['merge-base', sha, 'HEAD'], cwd).then(
    () => true,
    () => false
  )
}

/** True when `ancestor` is `commit` or one of its ancestors (`HEAD` holds the PR's head: it, or a merge of it, is checked out). */
export async function isAncestor(cwd: string, ancestor: string, commit: string): Promise<boolean> {
  return git(['merge-base', '--is-ancestor', ancestor, commit], cwd).then(
    () => true,
    () => false
  )
}

/**
 * What changed from the fork point with `base` to the checked-out commit (`git diff <base>...HEAD`), under
 * `cwd`. Against `HEAD` rather than the event's head so that line numbers are
 * those of the files being checked, also when the runner checked out the PR's merge commit. Renames are
 * followed, and paths named from the repository's root, whatever the user's git config says (`diff.renames`,
 * `diff.relative`), so a moved file's old lines do not count as new and every path is the repository's. `wanted`
 * (repository-relative paths) says which files will be checked: only those are diffed as text when git takes
 * them for binary, where a PDF or a video would make a diff of hundreds of megabytes.
 */
export async function changesSince(cwd: string, base: string, wanted: (file: string) => boolean): Promise<Changes> {
  // `diff.relative` set off rather than `--no-relative`, which git before 2.28 (Ubuntu 20.04's 2.25) refuses. `-l0`: past
  // 1,000 moved files (its default limit) git stops pairing edited ones, and each would be new from its first line.
  const diff = (options: string[], paths: string[]) =>
    git(['-c', 'diff.relative=false', 'diff', ...options, '--no-color', '--no-ext-diff', '--find-renames', '-l0', '--diff-filter=d', `${base}...HEAD`, '--', ...paths], cwd)
  const patch = ['--unified=0', '--src-prefix=a/', '--dst-prefix=b/']
  const paths = ['.', ...(await movedIn(cwd, base, wanted)).map((path) => `:(top,literal)${path}`)]
  const [stats, text] = await Promise.all([diff(['--numstat', '-z'], paths), diff(patch, paths)])
  const {files, binary} = parseNumstat(stats)
  const lines = parseDiff(text)
  // Both sides of a rename, so that it stays one; pathspecs from the top, as numstat writes the paths.
  const texts = binary.filter(([, path]) => wanted(path)).flatMap((paths) => paths.map((path) => `:(top,literal)${path}`))
  if (texts.length > 0) for (const [file, ranges] of parseDiff(await diff([...patch, '--text'], texts))) lines.set(file, ranges)
  return {files, lines}
}

/** The pathspecs one git command is given at most, in bytes: Linux refuses a command line past 2 MB, macOS 1 MB. */
const listedBytes = 256 * 1024

/**
 * Where the files moved into `cwd` from outside it came from: git pairs a rename only when both sides are in the
 * pathspec, and a file moved in from beside the folder would be new from its first line. Renames are looked for
 * between the files to check added under `cwd` and those deleted outside it only: a monorepo's other folders may
 * move thousands of files, and pairing edited ones takes time in the product of the two counts.
 */
async function movedIn(cwd: string, base: string, wanted: (file: string) => boolean): Promise<string[]> {
  const prefix = await repoPrefix(cwd)
  if (!prefix) return []
  const named = async (filter: string, paths: string[]) =>
    (await git(['-c', 'diff.relative=false', 'diff', '--name-only', '-z', '--no-renames', `--diff-filter=${filter}`, `${base}...HEAD`, '--', ...paths], cwd)).split('\0').filter(Boolean)
  const added = (await named('A', ['.'])).filter(wanted)
  const deleted = added.length === 0 ? [] : (await named('D', [':(top)'])).filter((path) => !path.startsWith(prefix))
  if (deleted.length === 0) return []
  const listed = [...added, ...deleted].map((path) => `:(top,literal)${path}`)
  // A monorepo deleting a vendored folder can name more files than a command line holds (git is not started: E2BIG):
  // then every rename of the repository is asked for, slower, and those into `cwd` kept.
  const paths = listed.reduce((bytes, path) => bytes + Buffer.byteLength(path) + 1, 0) <= listedBytes ? listed : [':(top)']
  const output = await git(['-c', 'diff.relative=false', 'diff', '--name-status', '-z', '--find-renames', '-l0', '--diff-filter=R', `${base}...HEAD`, '--', ...paths], cwd)
  return parseRenames(output)
    .filter(([old, path]) => !old.startsWith(prefix) && path.startsWith(prefix) && wanted(path))
    .map(([old]) => old)
}
