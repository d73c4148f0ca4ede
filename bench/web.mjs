// The simulated web: one node:http server per host of the model, each bound to its own loopback address
// (127.0.1.1 … 127.0.1.200, never 0.0.0.0), answering after the host's latency. Counts every request, per URL and
// per host, and the most requests any host had in flight at once (politeness).

import http from 'node:http'
import {respond} from './model.mjs'

/**
 * Starts the servers of `world` on `world.port`. Resolves to a handle with `reset()` (new run: fresh counters and
 * fresh "first request" state), `stats()` and `close()`.
 */
export async function startWeb(world) {
  let state = freshState()
  const servers = []
  const sockets = new Set()

  for (const host of world.hosts) {
    const server = http.createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname
      const key = host.origin + path
      const run = state
      run.total++
      run.byMethod[request.method] = (run.byMethod[request.method] ?? 0) + 1
      const seen = (run.byUrl.get(key) ?? 0) + 1
      run.byUrl.set(key, seen)
      const inFlight = (run.inFlight.get(host.id) ?? 0) + 1
      run.inFlight.set(host.id, inFlight)
      if (inFlight > (run.maxInFlight.get(host.id) ?? 0)) run.maxInFlight.set(host.id, inFlight)
      if (path.startsWith('/never/')) run.codeUrlRequests++
      let done = false
      const finish = () => {
        if (done) return
        done = true
        run.inFlight.set(host.id, run.inFlight.get(host.id) - 1)
      }
      response.on('close', finish)
      const answer = respond(host, path, seen, inFlight)
      if (answer.status === 429) run.tooMany++
      const timer = setTimeout(() => {
        if (response.destroyed) return finish()
        const body = Buffer.from(answer.body)
        response.writeHead(answer.status, {...answer.headers, 'content-length': body.length})
        response.end(body)
      }, host.latency)
      timer.unref()
    })
    server.keepAliveTimeout = 5000
    server.on('connection', (socket) => {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
    })
    servers.push(server)
    try {
      await new Promise((resolve, reject) => {
        server.once('error', reject)
        server.listen(world.port, host.ip, () => {
          server.off('error', reject)
          resolve()
        })
      })
    } catch (error) {
      await Promise.all(servers.map((bound) => new Promise((resolve) => bound.close(() => resolve()))))
      throw error
    }
  }

  return {
    reset() {
      state = freshState()
    },
    stats() {
      return state
    },
    async close() {
      for (const socket of sockets) socket.destroy()
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(() => resolve()))))
    }
  }
}

function freshState() {
  return {total: 0, tooMany: 0, codeUrlRequests: 0, byMethod: {}, byUrl: new Map(), inFlight: new Map(), maxInFlight: new Map()}
}

/** Tries `port`, then the next ones, until every host can bind; returns the port used and the handle. */
export async function startWebOnFreePort(makeWorld, firstPort, tries = 20) {
  let lastError
  for (let port = firstPort; port < firstPort + tries; port++) {
    const world = makeWorld(port)
    try {
      const web = await startWeb(world)
      return {world, web}
    } catch (error) {
      lastError = error
      if (error.code !== 'EADDRINUSE') throw error
    }
  }
  throw lastError
}

// `node bench/web.mjs [seconds] [port]`: serve the simulated web alone (for poking at it by hand), then stop.
if (import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1] ?? '').href) {
  const {buildWorld, defaultPort} = await import('./model.mjs')
  const seconds = Math.min(Number(process.argv[2] ?? 120), 1800)
  const {world, web} = await startWebOnFreePort((port) => buildWorld({port}), Number(process.argv[3] ?? defaultPort))
  console.log(`simulated web on 127.0.1.1–127.0.1.${world.hosts.length}:${world.port} for ${seconds} s`)
  setTimeout(async () => {
    const stats = web.stats()
    console.log(`${stats.total} requests, ${stats.tooMany} answered 429`)
    await web.close()
  }, seconds * 1000)
}
