// One verifier per process for each distinct fetching setup, so files and rules share fetches.

import type {Settings} from '../options.js'
import {threadable, threadVerifier} from './thread.js'
import {createVerifier, warnOnce, type Verifier} from './verifier.js'

const verifiers = new Map<string, Verifier>()
const resolverIds = new WeakMap<object, number>()
let resolverCount = 0

export function sharedVerifier(settings: Settings): Verifier {
  const key = fetchingKey(settings)
  let verifier = verifiers.get(key)
  if (!verifier) {
    const warn = warnOnce()
    verifier = threadable(settings) ? threadVerifier(settings, () => createVerifier(settings, warn), warn) : createVerifier(settings, warn)
    verifiers.set(key, verifier)
  }
  return verifier
}

/** Close and forget every shared verifier (tests; long-lived hosts between runs). */
export async function closeSharedVerifiers(): Promise<void> {
  const all = [...verifiers.values()]
  verifiers.clear()
  await Promise.all(all.map((verifier) => verifier.close()))
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
