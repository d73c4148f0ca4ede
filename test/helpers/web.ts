// A tiny web on 127.0.0.1 for tests: routes by path (`*` for any other path), counts requests, closes cleanly.

import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import type {AddressInfo, Socket} from 'node:net'
import type {Resolve} from '../../src/net/lookup.js'

export type Handler = (request: IncomingMessage, response: ServerResponse) => void

export interface Web {
  port: number
  /** `http://<host>:<port>` for a host name the test resolver maps to 127.0.0.1. */
  origin(host?: string): string
  /** Requests seen per path. */
  hits(path: string): number
  close(): Promise<void>
}

export async function startWeb(routes: Record<string, Handler>, address = '127.0.0.1'): Promise<Web> {
  const counts = new Map<string, number>()
  const sockets = new Set<Socket>()
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    counts.set(path, (counts.get(path) ?? 0) + 1)
    const handler = routes[path] ?? routes['*']
    if (handler) handler(request, response)
    else response.writeHead(404, {'content-type': 'text/html'}).end('<title>Not found</title>')
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, address, resolve))
  const {port} = server.address() as AddressInfo
  return {
    port,
    origin: (host = address) => `http://${host}:${port}`,
    hits: (path) => counts.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      })
  }
}

/** Names under `.test` resolve to 127.0.0.1, except `nx.test`-like names: no such host. No DNS is asked. */
export const testResolve: Resolve = async (hostname) => {
  if (hostname.endsWith('.test') && !hostname.startsWith('nx')) return [{address: '127.0.0.1', family: 4}]
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND', hostname})
}

export function html(title: string, body = ''): Handler {
  return (_, response) => {
    response.writeHead(200, {'content-type': 'text/html; charset=utf-8'})
    response.end(`<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`)
  }
}

export function status(code: number, headers: Record<string, string> = {}, body = ''): Handler {
  return (_, response) => {
    response.writeHead(code, {'content-type': 'text/html; charset=utf-8', ...headers})
    response.end(body)
  }
}

export function redirect(code: number, location: string): Handler {
  return (_, response) => {
    response.writeHead(code, {location})
    response.end()
  }
}
