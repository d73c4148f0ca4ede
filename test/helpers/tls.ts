// Certificates for https servers on 127.0.0.1: a test CA and a server certificate for the address, made with the
// system's openssl (CI installs it), so that the checker's own TLS (certificate checks, SNI, a tunnel through a
// proxy) is exercised for real. A child process trusts the CA through NODE_EXTRA_CA_CERTS.

import {execFileSync, spawnSync} from 'node:child_process'
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

export const hasOpenssl = !spawnSync('openssl', ['version']).error

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
