// Makes a folder and its missing parents, for the cache, reports and recorded fixtures.
//
// Not `mkdir(folder, {recursive: true})`: Node's walks back to the parent on ENOENT and forward again once the
// parent exists, so where a parent exists but answers ENOENT for any child (a path under /proc) it spins
// forever (Node 20.20), and a run that writes its cache there never ends. Here a child that is still not found
// once its parent exists is an error.
//
// Self-contained, its file system passed in: the cache writer's thread is built from function source text and
// carries this function the same way.

export interface FolderSystem {
  mkdirSync(path: string): unknown
  statSync(path: string): {isDirectory(): boolean}
}

export function makeFolder(folder: string, fs: FolderSystem, dirname: (path: string) => string): void {
  /** Undefined when the folder is there now; the "not found" error when its parent is missing. */
  const make = (path: string): Error | undefined => {
    try {
      fs.mkdirSync(path)
    } catch (error) {
      const code = (error as {code?: string}).code
      if (code === 'ENOENT') return error as Error
      if (code !== 'EEXIST') throw error
      // Something is there: a folder, or a file or a dangling symlink (whose stat throws ENOENT).
      if (!fs.statSync(path).isDirectory()) throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${path}'`), {code: 'ENOTDIR'})
    }
    return undefined
  }
  const missing = make(folder)
  if (!missing) return
  const parent = dirname(folder)
  if (parent === folder) throw missing
  makeFolder(parent, fs, dirname)
  // The parent is there now: a second "not found" is final (/proc, a dangling symlink).
  const still = make(folder)
  if (still) throw still
}
