// Network failure codes: one closed set, so liveness classification never guesses from messages.

export type NetErrorCode =
  | 'ENOTFOUND' // no such host name
  | 'EDNS' // the resolver failed for now (EAI_AGAIN: unreachable, timed out, SERVFAIL): says nothing of the host
  | 'ECONNREFUSED' // nothing listens there
  | 'ETIMEDOUT' // no answer within the per-hop limit (connect, headers or body before any byte)
  | 'ECONNRESET' // the connection broke
  | 'EPRIVATE' // the target address is not globally routable and was refused by the URL policy
  | 'ETLS' // the TLS handshake or certificate failed
  | 'EPROTOCOL' // the server spoke broken HTTP
  | 'EPROXY' // the proxy could not be reached, or would not open a tunnel to the target
  | 'EONION' // a Tor onion service: reachable only through Tor, so not checked (never dead)
  | 'EPAUSED' // not sent: the host answered a 429 asking for a longer pause than retries wait, which has not ended
  | 'EOTHER' // anything else; the message says what

/** Every code (the record makes the compiler check the list is whole), to check one read from a file. */
const codes: Record<NetErrorCode, true> = {
  ENOTFOUND: true,
  EDNS: true,
  ECONNREFUSED: true,
  ETIMEDOUT: true,
  ECONNRESET: true,
  EPRIVATE: true,
  ETLS: true,
  EPROTOCOL: true,
  EPROXY: true,
  EONION: true,
  EPAUSED: true,
  EOTHER: true
}

export function isNetErrorCode(value: unknown): value is NetErrorCode {
  return typeof value === 'string' && Object.hasOwn(codes, value)
}

export class NetError extends Error {
  readonly code: NetErrorCode
  constructor(code: NetErrorCode, message: string, options?: {cause?: unknown}) {
    super(message, options)
    this.name = 'NetError'
    this.code = code
  }
}
