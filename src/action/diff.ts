// Which lines a change added or changed, from `git diff --unified=0` output: the new side of each hunk header.

/** Changed lines per file (repository-relative path of the new side), as inclusive ranges in file order. */
export type ChangedLines = Map<string, Array<[number, number]>>

/**
 * Reads `+++ b/<path>` in each file's header and `@@ -a,b +c,d @@` for each hunk: lines c … c+d-1 of the new file
 * are added or changed (`d` defaults to 1; `d = 0` is a pure deletion, which adds no line). Deleted files
 * (`+++ /dev/null`), files without hunks (pure renames, mode changes, binaries) and symbolic links (mode 120000:
 * their one line is the target's path, not a line of the file the checker reads through them) have no entry.
 */
export function parseDiff(patch: string): ChangedLines {
  const changed: ChangedLines = new Map()
  let file: string | undefined
  // A header runs from `diff --git` to the first hunk; in a hunk, `+++ x` is the added line `++ x`.
  let inHeader = true
  for (const line of patch.split('\n')) {
    if (line.startsWith('diff --git ')) {
      file = undefined
      inHeader = true
    } else if (inHeader && /^(?:new file mode|new mode|index [\da-f]+\.\.[\da-f]+) 120000$/.test(line)) {
      // A symbolic link: its `+++` is left unread, so its hunks go to no file.
      inHeader = false
    } else if (inHeader && line.startsWith('+++ ')) file = newPath(line.slice(4))
    else if (line.startsWith('@@ ')) {
      inHeader = false
      if (file !== undefined) addHunk(changed, file, line)
    }
  }
  return changed
}

/** The new side of a hunk header, added to the file's ranges. */
function addHunk(changed: ChangedLines, file: string, line: string): void {
  const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line)
  if (!hunk) return
  const start = Number(hunk[1])
  const count = hunk[2] === undefined ? 1 : Number(hunk[2])
  if (count === 0) return
  const ranges = changed.get(file) ?? []
  ranges.push([start, start + count - 1])
  changed.set(file, ranges)
}

/** The files of a change, and which of them git took for binary (`-diff` in .gitattributes, a NUL byte). */
export interface ChangedFiles {
  /** Repository-relative paths of the new side. */
  files: Set<string>
  /** Each binary file as its old and new path (the same but for a rename). */
  binary: Array<[string, string]>
}

/**
 * Reads `git diff --numstat -z`: `<added>\t<deleted>\t<path>\0` per file, `<added>\t<deleted>\t\0<old>\0<new>\0`
 * for a rename; the counts are `-` for a binary file.
 */
export function parseNumstat(output: string): ChangedFiles {
  const changed: ChangedFiles = {files: new Set(), binary: []}
  const fields = output.split('\0')
  for (let index = 0; index < fields.length; index++) {
    const entry = /^(\S+)\t(\S+)\t([\s\S]*)$/.exec(fields[index]!)
    if (!entry) continue
    const [old, path] = entry[3] === '' ? [fields[++index]!, fields[++index]!] : [entry[3]!, entry[3]!]
    changed.files.add(path)
    if (entry[1] === '-' && entry[2] === '-') changed.binary.push([old, path])
  }
  return changed
}

/** Reads `git diff --name-status -z --diff-filter=R`: `R<score>\0<old>\0<new>\0` per rename, each as its old and new path. */
export function parseRenames(output: string): Array<[string, string]> {
  const fields = output.split('\0')
  const renames: Array<[string, string]> = []
  for (let index = 0; index + 2 < fields.length; index += 3) if (fields[index]!.startsWith('R')) renames.push([fields[index + 1]!, fields[index + 2]!])
  return renames
}

/** True when any line from `start` to `end` is in `ranges`. */
export function touches(ranges: ReadonlyArray<[number, number]> | undefined, start: number, end: number): boolean {
  return (ranges ?? []).some(([from, to]) => from <= end && to >= start)
}

/** The path of a `+++` line without its `b/` prefix; undefined for `/dev/null`. */
function newPath(raw: string): string | undefined {
  // Git ends the line with a tab when the path holds a space, so that patch(1) reads it whole.
  const text = raw.endsWith('\t') ? raw.slice(0, -1) : raw
  if (text === '/dev/null') return undefined
  const path = text.startsWith('"') ? unquote(text) : text
  return path.startsWith('b/') ? path.slice(2) : path
}

const escapes: Record<string, number> = {a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92}

/**
 * A path git quoted C-style (`"b/caf\303\251 \"x\".md"`): control characters, quotes and backslashes are
 * escaped, and with `core.quotePath` every byte above 0x7f as octal; the bytes are UTF-8.
 */
export function unquote(quoted: string): string {
  const body = quoted.slice(1, quoted.endsWith('"') ? -1 : undefined)
  const bytes: number[] = []
  // Split with a capture: odd parts are the escapes, even parts the plain text between them.
  body.split(/(\\(?:[0-3][0-7]{2}|[\s\S]))/).forEach((part, index) => {
    if (index % 2 === 0) bytes.push(...Buffer.from(part, 'utf8'))
    else if (part.length === 4) bytes.push(parseInt(part.slice(1), 8))
    else bytes.push(escapes[part[1]!] ?? part.charCodeAt(1))
  })
  return Buffer.from(bytes).toString('utf8')
}
