// One verifier per process for each distinct fetching setup, so files and rules share fetches.

import type {Settings} from '../options.js'
import {forgetCheckedFixtures} from './fixtures.js'
import {stopSpareThread, threadable, threadVerifier} from './thread.js'
import type {Verifier} from './verifier.js'
import {warnOnce, type Warn} from './warn.js'

const verifiers = new Map<string, Verifier>()
const resolverIds = new WeakMap<object, number>()
let resolverCount = 0

/** The verifier of each settings object seen: every file asks twice (parse, check), and the key costs 27 µs. */
let bySettings = new WeakMap<Settings, Verifier>()
/** Each verifier's warnings, said once a run. */
const warnings = new WeakMap<Verifier, Warn>()

export function sharedVerifier(settings: Settings): Verifier {
  const known = bySettings.get(settings)
  if (known) return known
  const key = fetchingKey(settings)
  let verifier = verifiers.get(key)
  if (!verifier) {
    const warn = warnOnce()
    const here = (): Verifier => loadedLater(import('./verifier.js').then(({createVerifier}) => createVerifier(settings, warn)))
    verifier = threadable(settings) ? threadVerifier(settings, here, warn) : here()
    verifiers.set(key, verifier)
    warnings.set(verifier, warn)
  }
  bySettings.set(settings, verifier)
  return verifier
}

/** The runs each verifier has served: unified-engine's file sets, one per run of `remark`, of its bin, of an editor's check. */
const runs = new WeakMap<Verifier, WeakSet<object>>()

/**
 * What keeps a verifier of a long-lived process open: the checks under way with it, and the files whose latest check
 * it served. A config edited under `remark --watch`, or re-read by an editor server at each check, gives a new
 * verifier when its fetching settings change: the old one, with its thread and sockets, is closed once no file is
 * checked with it any more and its last check is over.
 */
interface Use {
  checks: number
  files: number
  /** Whether a file was ever checked with it: one that only checks files without a path is kept, as before. */
  owned: boolean
}
const uses = new Map<Verifier, Use>()
/** The verifier of each file's latest check, and when that check began (a slower, older one ends after it). */
const byFile = new Map<string, {verifier: Verifier; began: number}>()
let began = 0
/** The checks of each run not ended yet (see endRun). */
const unended = new WeakMap<object, Set<(path?: string) => void>>()

/**
 * The shared verifier, for one file's check in `run`. A long-lived process (`remark --watch`, an editor server)
 * starts run after run: the first file of a new one tells the verifier, which then forgets what the cache would not
 * keep, and may say its warnings again. `done` ends the check, with the file's path when it has one.
 */
export function verifierForRun(settings: Settings, run: object | undefined): {verifier: Verifier; done: (path?: string) => void} {
  const verifier = sharedVerifier(settings)
  if (!run) return {verifier, done: () => {}}
  const served = runs.get(verifier)
  if (!served) runs.set(verifier, new WeakSet([run]))
  else if (!served.has(run)) {
    served.add(run)
    warnings.get(verifier)?.newRun()
    verifier.newRun()
  }
  const use = uses.get(verifier) ?? {checks: 0, files: 0, owned: false}
  uses.set(verifier, use)
  use.checks++
  const order = ++began
  const pending = unended.get(run) ?? new Set()
  unended.set(run, pending)
  const done = (path?: string): void => {
    if (!pending.delete(done)) return
    use.checks--
    const before = path === undefined ? undefined : byFile.get(path)
    if (path !== undefined && (!before || before.began < order)) {
      byFile.set(path, {verifier, began: order})
      use.files++
      use.owned = true
      if (before) closeIfUnused(before.verifier, -1)
    }
    closeIfUnused(verifier, 0)
  }
  pending.add(done)
  return {verifier, done}
}

/**
 * Ends the checks of `run` still under way once the run is over: those of files that could not be read or parsed (MDX
 * being typed), which never got to their check. Counted on, they kept their verifier open for good.
 */
export function endRun(run: object): void {
  for (const done of unended.get(run) ?? []) done()
  unended.delete(run)
}

/** Closes `verifier` if, `files` files later, none is checked with it and no check of it is under way. */
function closeIfUnused(verifier: Verifier, files: number): void {
  const use = uses.get(verifier)
  if (!use) return
  use.files += files
  if (!use.owned || use.files > 0 || use.checks > 0) return
  uses.delete(verifier)
  for (const [key, known] of verifiers) if (known === verifier) verifiers.delete(key)
  bySettings = new WeakMap()
  void verifier.close().catch(() => {})
}

/**
 * A verifier on this thread, its module loaded on first use: with the thread doing the work, this one never loads
 * the HTTP client, the cache stores or the page reader (a fifth of the rules' start-up).
 */
function loadedLater(made: Promise<Verifier>): Verifier {
  // Until a call comes, a failure is nobody's to report; each call reports it.
  made.catch(() => {})
  return {
    verify: async (url, depth) => (await made).verify(url, depth),
    snapshot: async (url, at) => (await made).snapshot(url, at),
    probeSibling: async (cited) => (await made).probeSibling(cited),
    deadSince: async (url, dead, keepMs) => (await made).deadSince(url, dead, keepMs),
    flush: async () => (await made).flush(),
    newRun: () => void made.then((verifier) => verifier.newRun(), () => {}),
    close: async () => (await made).close()
  }
}

/** Close and forget every shared verifier, and a thread started for one that none took (tests; long-lived hosts between runs; the bin). */
export async function closeSharedVerifiers(): Promise<void> {
  const all = [...verifiers.values()]
  verifiers.clear()
  uses.clear()
  byFile.clear()
  bySettings = new WeakMap()
  forgetCheckedFixtures()
  await Promise.all([...all.map((verifier) => verifier.close()), stopSpareThread()])
}

/** Only the settings that change what is fetched; judging settings do not split the verifier. */
function fetchingKey(settings: Settings): string {
  let resolver = 0
  if (settings.resolve) {
    resolver = resolverIds.get(settings.resolve) ?? ++resolverCount
    resolverIds.set(settings.resolve, resolver)
  }
  return JSON.stringify([
    settings.timeout,
    settings.maxRedirects,
    settings.maxBodySize,
    settings.concurrency,
    settings.hostConcurrency,
    settings.hostInterval,
    settings.hosts,
    settings.hostHeaders,
    settings.retries,
    settings.cache,
    settings.cacheTtl,
    settings.cacheOnly,
    settings.allowPrivateAddresses,
    settings.proxy,
    settings.offline,
    settings.registries,
    settings.github,
    resolver
  ])
}
