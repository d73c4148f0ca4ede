// A real redis-server for tests, on 127.0.0.1 and a free port; stopped by the test.

import {spawn, spawnSync, type ChildProcess} from 'node:child_process'
import {mkdtempSync, rmSync} from 'node:fs'
import {createServer, type AddressInfo} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'

export const hasRedis = !spawnSync('redis-server', ['--version']).error

/** A port nothing listens on (bound, then released). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

export interface Redis {
  url: string
  process: ChildProcess
  stop(): Promise<void>
}

/** `extra`: more redis-server arguments, such as `--replicaof 127.0.0.1 <port>`. */
export async function startRedis(extra: string[] = []): Promise<Redis> {
  const port = await freePort()
  // Its own folder: a replica writes the primary's data to `dump.rdb` there.
  const dir = mkdtempSync(join(tmpdir(), 'redis-'))
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, ...extra]
  const child = spawn('redis-server', args, {
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const started = Date.now()
  while (!/ready to accept connections/i.test(output)) {
    if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}):\n${output}`)
    if (Date.now() - started > 10_000) {
      child.kill()
      throw new Error(`redis-server did not start within 10 s:\n${output}`)
    }
    await sleep(20)
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    process: child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGKILL')
        await exited
      }
      rmSync(dir, {recursive: true, force: true})
    }
  }
}

