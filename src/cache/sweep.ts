// Keeps the file cache's folder to what is still worth reading: entries past their time, which are
// otherwise deleted only when read (a URL no longer cited is never read again), temporary files a
// killed writer left, and the folders of older schema versions. Without it, a folder kept between
// CI runs grows with every URL the docs ever cited.
//
// Run on the cache writer's thread at most once per `everyMs` (a `.swept` file in the store's folder
// records the last whole sweep), so it costs the main thread nothing: ~90 ms of that thread for
// 3,000 entries, reading only each file's head, where `expires` is. One shard a turn: a write that
// arrives meanwhile waits for one shard, not the whole folder.
//
// Self-contained, its file system passed in: the writer's thread is built from function source text.

export interface SweepSystem {
  readdirSync(path: string): string[]
  statSync(path: string): {mtimeMs: number; ino: number}
  openSync(path: string, flags: 'r'): number
  readSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): number
  fstatSync(fd: number): {ino: number}
  closeSync(fd: number): void
  rmSync(path: string, options: {force: true; recursive?: boolean}): void
  writeFileSync(path: string, text: string): void
}

export interface SweepOptions {
  /** Milliseconds between two sweeps of one folder. */
  everyMs: number
  /** Temporary files older than this (ms) are a killed writer's. */
  staleTempMs: number
  now: number
}

/**
 * The sweep of the store folder `dir` (`…/v<N>`) as steps of one shard each, to run one per turn so that writes
 * queued meanwhile are not held up; none when the folder was swept within `everyMs`.
 */
export function sweepCache(
  dir: string,
  options: SweepOptions,
  fs: SweepSystem,
  path: {join(...parts: string[]): string; dirname(path: string): string; basename(path: string): string}
): Array<() => void> {
  const marker = path.join(dir, '.swept')
  try {
    if (options.now - fs.statSync(marker).mtimeMs < options.everyMs) return []
  } catch {
    // Never swept.
  }
  const remove = (file: string, recursive = false): void => {
    try {
      fs.rmSync(file, {force: true, recursive})
    } catch {
      // Housekeeping only: the next sweep tries again.
    }
  }
  const list = (folder: string): string[] => {
    try {
      return fs.readdirSync(folder)
    } catch {
      return []
    }
  }

  // Folders of older schema versions are never read again.
  const olderVersions = (): void => {
    const version = /^v(\d+)$/.exec(path.basename(dir))
    if (!version) return
    for (const name of list(path.dirname(dir))) {
      const other = /^v(\d+)$/.exec(name)
      if (other && Number(other[1]) < Number(version[1])) remove(path.join(path.dirname(dir), name), true)
    }
  }

  const head = new Uint8Array(512)
  const decoder = new TextDecoder()
  /** The entry's `expires` (ms since the epoch), null for never, undefined when the head does not say. */
  const expiresOf = (file: string): {expires: number | null | undefined; ino: number} | undefined => {
    let fd: number | undefined
    try {
      fd = fs.openSync(file, 'r')
      const length = fs.readSync(fd, head, 0, head.length, 0)
      const found = /"expires":\s*(null|\d+)/.exec(decoder.decode(head.subarray(0, length)))
      return {expires: found ? (found[1] === 'null' ? null : Number(found[1])) : undefined, ino: fs.fstatSync(fd).ino}
    } catch {
      return undefined
    } finally {
      if (fd !== undefined) fs.closeSync(fd)
    }
  }

  const sweepShard = (folder: string): void => {
    for (const name of list(folder)) {
      const file = path.join(folder, name)
      if (name.endsWith('.tmp')) {
        try {
          if (fs.statSync(file).mtimeMs < options.now - options.staleTempMs) remove(file)
        } catch {}
        continue
      }
      if (!name.endsWith('.json')) continue
      const entry = expiresOf(file)
      // A corrupt entry is left to the read that finds it, which says so.
      if (!entry || typeof entry.expires !== 'number' || entry.expires >= options.now) continue
      // Not if a writer has just renamed a fresh entry into place.
      try {
        if (fs.statSync(file).ino === entry.ino) remove(file)
      } catch {}
    }
  }

  const shards = list(dir).filter((name) => /^[\da-f]{2}$/.test(name))
  // From a random shard: a sweep cut short by the process ending covers another part next time.
  const first = Math.floor(Math.random() * shards.length)
  const markSwept = (): void => {
    try {
      fs.writeFileSync(marker, '')
    } catch {}
  }
  return [
    olderVersions,
    ...[...shards.slice(first), ...shards.slice(0, first)].map((shard) => () => sweepShard(path.join(dir, shard))),
    markSwept
  ]
}
