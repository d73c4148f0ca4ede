// undici's Agent and connector, loaded without the rest of undici.
//
// Why: the verifier thread's start-up is on every cold run's critical path (see verify/thread.ts), and undici's
// entry loads all of it (fetch, WebSocket, caches, mocks): 130 ms of a 185 ms start. The Agent and its connector
// take 40. Their files are not undici's public interface, so a layout they are not found in loads the whole
// package instead: slower, never broken. `loadedAlone` tells the tests which happened. With `require`, as
// undici is CommonJS (see cjs.ts).
//
// What the entry adds to Dispatcher.prototype (request, stream, connect, …) is not here: fetch-hop.ts uses
// `dispatch` only, and the ProxyAgent, which tunnels with `connect`, comes from the package (proxy.ts).

import type * as Undici from 'undici'
import {cjs} from '../cjs.js'

type Core = Pick<typeof Undici, 'Agent' | 'buildConnector'>

function loadCore(): Core & {loadedAlone: boolean} {
  try {
    const Agent = cjs<Core['Agent'] | undefined>('undici/lib/dispatcher/agent.js')
    const buildConnector = cjs<Core['buildConnector'] | undefined>('undici/lib/core/connect.js')
    if (typeof Agent === 'function' && typeof Agent.prototype.dispatch === 'function' && typeof buildConnector === 'function') {
      return {Agent, buildConnector, loadedAlone: true}
    }
  } catch {
    // Moved or renamed in this version of undici: the package's entry has them.
  }
  const {Agent, buildConnector} = cjs<typeof Undici>('undici')
  return {Agent, buildConnector, loadedAlone: false}
}

export const {Agent, buildConnector, loadedAlone} = loadCore()
export type Agent = Undici.Agent
