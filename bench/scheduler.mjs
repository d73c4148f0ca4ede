// The scheduler's own cost, with no network: how long handing out slots takes for many hosts.
// `node bench/scheduler.mjs` (after `npx tsc -p tsconfig.json`). A corpus may cite 20,000 hosts once each; the
// dispatcher must stay linear in requests, not hosts × requests.

import {Scheduler} from '../dist/src/verify/scheduler.js'

async function time(label, hosts, perHost, interval) {
  const scheduler = new Scheduler({concurrency: 192, host: {concurrency: 4, interval}, hosts: {}, wait: true})
  const started = performance.now()
  const tick = () => new Promise((resolve) => setImmediate(resolve))
  await Promise.all(Array.from({length: hosts * perHost}, (_, index) => scheduler.run(`host-${index % hosts}`, tick)))
  console.log(`${label}: ${(performance.now() - started).toFixed(0)} ms`)
}

await time('1,000 hosts × 1 request', 1000, 1, 0)
await time('20,000 hosts × 1 request', 20000, 1, 0)
await time('200 hosts × 30 requests, 2 ms apart (≥ 60 ms by the gaps)', 200, 30, 2)
