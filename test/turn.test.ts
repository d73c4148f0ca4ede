// Files are extracted in slices of event-loop turns: answers to the first files' requests are read meanwhile.

import http from 'node:http'
import type {AddressInfo} from 'node:net'
import {afterEach, describe, expect, it} from 'vitest'
import {inTurn} from '../src/turn.js'

const servers: http.Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

/** Keeps the thread busy for `ms`, as extracting a long file does. */
function busy(ms: number): void {
  const end = performance.now() + ms
  while (performance.now() < end) {
    // Spinning on purpose.
  }
}

describe('inTurn', () => {
  it('reads an answer from the network while later files wait their turn', async () => {
    const server = http.createServer((_request, response) => response.end('ok'))
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const {port} = server.address() as AddressInfo

    const done: number[] = []
    let answeredAfter = -1
    // The request leaves, then 100 files of 3 ms each are queued (as `remark` queues them, all at once).
    http.get(`http://127.0.0.1:${port}/`, (response) => {
      response.resume()
      response.on('end', () => (answeredAfter = done.length))
    })
    await Promise.all(Array.from({length: 100}, (_, index) => inTurn(() => (busy(3), done.push(index)))))

    expect(done).toEqual(Array.from({length: 100}, (_, index) => index)) // first come, first served
    // Read after a slice or two, not after all 300 ms of work.
    expect(answeredAfter).toBeGreaterThan(0)
    expect(answeredAfter).toBeLessThan(50)
  })

  it('work queued from inside a turn runs too, in order', async () => {
    const order: string[] = []
    await inTurn(() => {
      order.push('outer')
      void inTurn(() => order.push('inner'))
    })
    await inTurn(() => order.push('after'))
    expect(order).toEqual(['outer', 'inner', 'after'])
  })

  it('a file whose work throws rejects alone; the others still run', async () => {
    const results = await Promise.allSettled([
      inTurn(() => 1),
      inTurn(() => {
        throw new Error('broken file')
      }),
      inTurn(() => 3)
    ])
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('broken file')
  })
})
