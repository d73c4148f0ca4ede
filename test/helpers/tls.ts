// Certificates for https servers on 127.0.0.1: a test CA and a server certificate for the address, made with the
// system's openssl (CI installs it), so that the checker's own TLS (certificate checks, SNI, a tunnel through a
// proxy) is exercised for real. A child process trusts the CA through NODE_EXTRA_CA_CERTS. And a TLS server Node's
// own cannot be: GnuTLS's gnutls-serv (CI installs it too), without secure renegotiation, as old load balancers are.

import {execFileSync, spawn, spawnSync} from 'node:child_process'
import {readFileSync, writeFileSync} from 'node:fs'
import {connect, createServer, type AddressInfo} from 'node:net'
import {join} from 'node:path'

export const hasOpenssl = !spawnSync('openssl', ['version']).error
export const hasGnutls = !spawnSync('gnutls-serv', ['--version']).error

export interface Certificates {
  /** The CA's certificate file, for NODE_EXTRA_CA_CERTS. */
  caFile: string
  key: string
  cert: string
}

export function makeCertificates(folder: string): Certificates {
  const at = (name: string) => join(folder, name)
  const openssl = (...args: string[]) => execFileSync('openssl', args, {stdio: 'pipe'})
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
  openssl('req', '-x509', ...ec, '-keyout', at('ca.key'), '-out', at('ca.pem'), '-days', '2', '-subj', '/CN=remark-lint-citations test CA')
  openssl('req', ...ec, '-keyout', at('server.key'), '-out', at('server.csr'), '-subj', '/CN=127.0.0.1')
  writeFileSync(at('server.ext'), 'subjectAltName=IP:127.0.0.1\n')
  openssl('x509', '-req', '-in', at('server.csr'), '-CA', at('ca.pem'), '-CAkey', at('ca.key'), '-CAcreateserial', '-out', at('server.pem'), '-days', '2', '-extfile', at('server.ext'))
  return {caFile: at('ca.pem'), key: readFileSync(at('server.key'), 'utf8'), cert: readFileSync(at('server.pem'), 'utf8')}
}

export interface LegacyTlsServer {
  port: number
  close(): void
}

/**
 * An https server on a free port that answers every request with `body` (200), in TLS 1.2 without the secure
 * renegotiation extension (RFC 5746), which OpenSSL servers always send. Its files go to `folder`.
 */
export async function startLegacyTls(folder: string, certificates: Certificates, body: string): Promise<LegacyTlsServer> {
  const at = (name: string) => join(folder, name)
  writeFileSync(at('legacy.key'), certificates.key)
  writeFileSync(at('legacy.pem'), certificates.cert)
  writeFileSync(at('legacy.html'), body)
  const free = createServer()
  const port = await new Promise<number>((done) => free.listen(0, '127.0.0.1', () => done((free.address() as AddressInfo).port)))
  await new Promise((done) => free.close(done))
  const priority = 'NORMAL:-VERS-TLS1.3:%DISABLE_SAFE_RENEGOTIATION'
  const args = ['-q', '--http', `--httpdata=${at('legacy.html')}`, `--port=${port}`, `--x509certfile=${at('legacy.pem')}`, `--x509keyfile=${at('legacy.key')}`, `--priority=${priority}`]
  const server = spawn('gnutls-serv', args, {stdio: 'ignore'})
  for (let tries = 0; !(await accepts(port)); tries++) {
    if (tries > 100 || server.exitCode !== null) {
      server.kill()
      throw new Error(`gnutls-serv did not start on port ${port}`)
    }
    await new Promise((done) => setTimeout(done, 50))
  }
  return {port, close: () => server.kill()}
}

/** Whether something listens on 127.0.0.1:`port`. */
function accepts(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1')
    socket.on('connect', () => {
      socket.destroy()
      done(true)
    })
    socket.on('error', () => done(false))
  })
}
