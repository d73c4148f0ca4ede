// A keyv 5 store adapter on the file system: one JSON file per entry, written atomically.
//
// Layout: `<dir>/<first 2 hex of sha256(key)>/<sha256(key)>.json`, one small human-readable
// JSON file per key (`{key, expires, data}`); no index file, so nothing has to be read,
// locked or rewritten as a whole.
//
// - Atomic: an entry is written to a unique temporary file in its own folder
//   (`<hash>.json.<pid>.<random>.tmp`) and renamed into place, so a reader sees the old entry
//   or the new one, never half of one, also when a writer is killed mid-write. Concurrent
//   writers of one key each rename a whole file: the last rename wins.
// - Leftover temporary files (a killed writer) are never read; a sweep removes those older than
//   an hour (see below).
// - An entry that does not parse, or is not an entry (garbage, a truncated or empty file), is
//   reported through `onUnreadable` (once per store), treated as missing and deleted; the next
//   `set` writes it again.
// - Expiry: `expires` (ms since the epoch, or null) is checked on read; Keyv checks its own
//   `expires` inside `data` too. Expired entries are deleted when read, and at most once a day by a
//   sweep on the writer's thread after a run's first write (sweep.ts), with the folders of older
//   schema versions: a URL no longer cited is never read again.
//
// Not fsync'd: a killed process cannot leave a partial file behind (rename), and a power cut
// that leaves an empty or partial file is handled as an unreadable entry.
//
// Reads are synchronous behind the async interface: a read of a few kB costs ~15 µs (a missing file, asked
// with a stat first, ~2 µs) and answers in the same turn, where a read through the thread pool costs a round
// trip and a callback for each of thousands of lookups, made while answers are read, when the thread
// is busiest.
// Writes happen on a thread of their own (file-writer.ts).

import {EventEmitter} from 'node:events'
import {readFileSync, statSync} from 'node:fs'
import {rm, unlink} from 'node:fs/promises'
import {join} from 'node:path'
import type {KeyvStoreAdapter, StoredData} from 'keyv'
import {temporaryFor} from '../replace-file.js'
import {sha256} from './entry.js'
import {FileWriter} from './file-writer.js'

export interface FileStoreOptions {
  /** Folder of the store; created on first write. */
  dir: string
  /** Told about the first unreadable entry of this store (later ones are only deleted). */
  onUnreadable?: ((file: string, problem: string) => void) | undefined
  /** Temporary files older than this (ms) are removed by a sweep (default one hour). */
  staleTempMs?: number | undefined
  /** Milliseconds between two sweeps of the folder (default a day); see sweep.ts. */
  sweepEveryMs?: number | undefined
}

/** One file on disk. */
interface FileEntry {
  key: string
  /** Milliseconds since the epoch, or null for "never". */
  expires: number | null
  data: unknown
}

export class FileStore extends EventEmitter implements KeyvStoreAdapter {
  readonly opts: {dir: string}
  namespace?: string | undefined
  readonly dir: string
  private readonly onUnreadable: ((file: string, problem: string) => void) | undefined
  private reportedUnreadable = false
  private readonly writer: FileWriter

  constructor(options: FileStoreOptions) {
    super()
    this.dir = options.dir
    this.opts = {dir: options.dir}
    this.onUnreadable = options.onUnreadable
    this.writer = new FileWriter({
      dir: options.dir,
      everyMs: options.sweepEveryMs ?? 24 * 60 * 60 * 1000,
      staleTempMs: options.staleTempMs ?? 60 * 60 * 1000
    })
  }

  /** The file holding `key`. */
  fileFor(key: string): string {
    const hash = sha256(key)
    return join(this.dir, hash.slice(0, 2), `${hash}.json`)
  }

  async get<Value>(key: string): Promise<StoredData<Value> | undefined> {
    const file = this.fileFor(key)
    let text: string
    try {
      // Most lookups of a cold run miss, and a failed read throws an error whose making costs ten times the stat.
      if (!statSync(file, {throwIfNoEntry: false})) return undefined
      text = readFileSync(file, 'utf8')
    } catch (error) {
      if (isMissing(error)) return undefined
      // EACCES, EISDIR, EIO…: not an entry we can use.
      this.reportUnreadable(file, describe(error), false)
      return undefined
    }
    let entry: unknown
    try {
      entry = JSON.parse(text)
    } catch (error) {
      this.reportUnreadable(file, text.trim() === '' ? 'empty file' : `not JSON (${describe(error)})`, true)
      return undefined
    }
    if (!isEntry(entry)) {
      this.reportUnreadable(file, 'not a cache entry', true)
      return undefined
    }
    // Another key with the same hash is not going to happen; a copied file might.
    if (entry.key !== key) return undefined
    if (entry.expires !== null && Date.now() > entry.expires) {
      await unlink(file).catch(() => {})
      return undefined
    }
    return entry.data as StoredData<Value>
  }

  async getMany<Value>(keys: string[]): Promise<Array<StoredData<Value | undefined>>> {
    return Promise.all(keys.map((key) => this.get<Value>(key)))
  }

  async has(key: string): Promise<boolean> {
    return (await this.get(key)) !== undefined
  }

  /** Writes `value` (anything JSON can hold) for `key`, kept `ttl` ms (none: forever). Throws when the disk refuses. */
  async set(key: string, value: unknown, ttl?: number): Promise<boolean> {
    const file = this.fileFor(key)
    const entry: FileEntry = {key, expires: typeof ttl === 'number' && ttl > 0 ? Date.now() + ttl : null, data: value}
    const text = JSON.stringify(entry, null, 2) + '\n'
    await this.writer.write(file, temporaryFor(file), text)
    return true
  }

  async delete(key: string): Promise<boolean> {
    try {
      await unlink(this.fileFor(key))
      return true
    } catch (error) {
      if (isMissing(error)) return false
      throw error
    }
  }

  async deleteMany(keys: string[]): Promise<boolean> {
    const results = await Promise.all(keys.map((key) => this.delete(key)))
    return results.every(Boolean)
  }

  /** Removes every entry of this store (its whole folder). */
  async clear(): Promise<void> {
    await rm(this.dir, {recursive: true, force: true})
  }

  /** Waits for the writes in flight, then stops the writer thread. */
  async disconnect(): Promise<void> {
    await this.writer.close()
  }

  /**
   * An entry that cannot be used: told to `onUnreadable` if it is the first of this store, and
   * (when `remove`) deleted, since it would be reported again on every run; the next `set`
   * writes a good one.
   */
  reportUnreadable(file: string, problem: string, remove = true): void {
    if (!this.reportedUnreadable) {
      this.reportedUnreadable = true
      this.onUnreadable?.(file, problem)
    }
    if (remove) unlink(file).catch(() => {})
  }
}

function isEntry(value: unknown): value is FileEntry {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const entry = value as Record<string, unknown>
  return (
    typeof entry.key === 'string' &&
    (entry.expires === null || (typeof entry.expires === 'number' && Number.isFinite(entry.expires))) &&
    'data' in entry &&
    entry.data !== undefined
  )
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  return code === 'ENOENT' || code === 'ENOTDIR'
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
