// The verifier: one per settings per process, shared by every rule and file; each URL inspected once.

import {setTimeout as delay} from 'node:timers/promises'
import {resolve as resolvePath} from 'node:path'
import pLimit from 'p-limit'
import {AddressPolicy} from '../net/address.js'
import {createAgent} from '../net/agent.js'
import {defaultResolve} from '../net/lookup.js'
import type {Settings} from '../options.js'
import type {SourceReport} from '../types.js'
import {readFixtures, recordTransport, replayTransport} from './fixtures.js'
import {inspect, type InspectDeps} from './inspect.js'
import {liveTransport, type Transport} from './transport.js'

export interface Verifier {
  /** The report for a normalised URL; concurrent and repeated asks share one inspection. */
  verify(url: string): Promise<SourceReport>
  /** Release sockets (tests, long-lived hosts). */
  close(): Promise<void>
}

export function createVerifier(settings: Settings): Verifier {
  const addresses = new AddressPolicy(settings.allowPrivateAddresses)
  const {transport, close} = makeTransport(settings, addresses)
  const deps: InspectDeps = {
    transport,
    addresses,
    maxRedirects: settings.maxRedirects,
    timeoutMs: settings.timeout,
    // Replays answer at once, so they do not wait for Retry-After either: same verdict, no delay.
    sleep: settings.offline && !settings.offline.record ? async () => {} : (ms) => delay(ms)
  }
  const limit = pLimit(settings.concurrency)
  const reports = new Map<string, Promise<SourceReport>>()
  return {
    verify(url) {
      let report = reports.get(url)
      if (!report) {
        report = limit(() => inspect(url, deps))
        reports.set(url, report)
      }
      return report
    },
    close
  }
}

function makeTransport(settings: Settings, addresses: AddressPolicy): {transport: Transport; close: () => Promise<void>} {
  const offline = settings.offline
  if (offline && !offline.record) {
    return {transport: replayTransport(readFixtures(resolvePath(offline.fixtures), false)), close: async () => {}}
  }
  const agent = createAgent({resolve: settings.resolve ?? defaultResolve, addresses, connectTimeoutMs: settings.timeout})
  let transport = liveTransport(agent, settings.timeout, settings.maxBodySize)
  if (offline) {
    const path = resolvePath(offline.fixtures)
    transport = recordTransport(transport, path, readFixtures(path, true))
  }
  return {transport, close: () => agent.close()}
}
