// Pure tables: address classification, the pre-connection URL policy, special-use names and redaction.

import {describe, expect, it} from 'vitest'
import {AddressPolicy, isIpLiteral} from '../src/net/address.js'
import {isLocalhostName, isUnresolvableName} from '../src/net/names.js'
import {checkHop, checkUrl} from '../src/net/policy.js'
import {isSecretParam, redactUrl, secretFragmentParams, secretParams} from '../src/net/redact.js'

const strict = new AddressPolicy([])

describe('AddressPolicy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['169.254.169.254', 'linkLocal'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'linkLocal'],
    ['[::ffff:7f00:1]', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'], // NAT64 (RFC 6052): checked as the IPv4 address it reaches
    ['64:ff9b::a9fe:a9fe', 'linkLocal'],
    ['64:ff9b:1::7f00:1', 'rfc6052'], // NAT64's local-use prefix: where the address sits is the operator's choice
    ['2002:7f00:1::', '6to4'],
    ['2001:0:4136:e378::1', 'teredo'],
    ['2001:db8::1', 'reserved'],
    ['::7f00:1', 'reserved'], // IPv4-compatible (deprecated): outside 2000::/3
    ['0x7f.0.0.1', 'invalid'], // only canonical spellings are parsed
    ['017700000001', 'invalid'],
    ['not an ip', 'invalid'],
  ])('refuses %s (%s)', (ip, range) => {
    expect(strict.check(ip)).toEqual({ok: false, range})
  })

  // 64:ff9b::5db8:d822 is 93.184.216.34 through NAT64: what a DNS64 resolver answers on an IPv6-only network.
  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:93.184.216.34', '64:ff9b::5db8:d822'])('accepts public %s', (ip) => {
    expect(strict.check(ip)).toEqual({ok: true})
  })

  it('lets addresses inside an allowed CIDR pass, and only those', () => {
    const policy = new AddressPolicy(['127.0.0.0/8', '::1/128', '10.1.2.3'])
    // Let through, saying from which range (a report keeps it: see Hop.address).
    expect(policy.check('127.0.0.1')).toEqual({ok: true, allowed: 'loopback'})
    expect(policy.check('127.9.9.9')).toEqual({ok: true, allowed: 'loopback'})
    expect(policy.check('::ffff:127.0.0.1')).toEqual({ok: true, allowed: 'loopback'})
    expect(policy.check('::1')).toEqual({ok: true, allowed: 'loopback'})
    expect(policy.check('10.1.2.3')).toEqual({ok: true, allowed: 'private'})
    expect(policy.check('8.8.8.8')).toEqual({ok: true})
    expect(policy.check('10.1.2.4')).toEqual({ok: false, range: 'private'})
    expect(policy.check('169.254.169.254')).toEqual({ok: false, range: 'linkLocal'})
    expect(policy.check('::2')).toEqual({ok: false, range: 'reserved'})
  })

  it('matches an IPv4-mapped CIDR as the IPv4 network it maps', () => {
    const policy = new AddressPolicy(['::ffff:127.0.0.0/104'])
    expect(policy.check('127.0.0.1')).toEqual({ok: true, allowed: 'loopback'})
    expect(policy.check('10.0.0.1')).toEqual({ok: false, range: 'private'})
  })

  it.each([['127.0.0.0/33'], ['localhost'], ['127.1/8'], ['0x7f000001/8'], [''], ['::1/129'], ['10.0.0.0/-1']])(
    'rejects the bad entry %j with a clear error',
    (entry) => {
      expect(() => new AddressPolicy(['127.0.0.0/8', entry])).toThrow(/allowPrivate\[1\].*not a valid CIDR/)
    },
  )

  it('rejects non-string entries', () => {
    expect(() => new AddressPolicy([42 as unknown as string])).toThrow(/allowPrivate\[0\] 42/)
  })

  it('recognises IP literals', () => {
    expect(isIpLiteral('127.0.0.1')).toBe(true)
    expect(isIpLiteral('[::1]')).toBe(true)
    expect(isIpLiteral('example.com')).toBe(false)
    expect(isIpLiteral('127.1')).toBe(false)
  })

  // Host names take a shortcut past ipaddr.js (only digits and dots can be a dotted quad): the answers stay its own.
  it.each([
    ['93.184.216.34', true],
    [' 10.0.0.1 ', true],
    ['[127.0.0.1]', true],
    ['[2001:db8::1]', true],
    ['::ffff:127.0.0.1', true],
    ['0177.0.0.1', false],
    ['2130706433', false],
    ['127.0.0.1.', false],
    ['0x7f.1', false],
    ['deadbeef', false],
    ['cafe.example', false],
    ['1.2.3.4.example', false]
  ])('isIpLiteral(%j) is %s', (host, literal) => {
    expect(isIpLiteral(host)).toBe(literal)
  })
})

describe('special-use names', () => {
  it.each(['localhost', 'LOCALHOST', 'localhost.', 'a.localhost', 'x.y.localhost.'])('%s is localhost', (name) => {
    expect(isLocalhostName(name)).toBe(true)
  })
  it.each(['localhost.com', 'mylocalhost', 'example.com'])('%s is not localhost', (name) => {
    expect(isLocalhostName(name)).toBe(false)
  })
  it.each(['a.invalid', 'x.test', 'test', 'www.example', 'printer.local', 'metadata.google.internal', 'nas.home.arpa', 'abc.onion', 'a.test.'])(
    '%s is never looked up',
    (name) => {
      expect(isUnresolvableName(name)).toBe(true)
    },
  )
  it.each(['example.com', 'example.org', 'testing.com', 'local.com', 'onion.net', 'home.arpa.example.com'])(
    '%s may be looked up',
    (name) => {
      expect(isUnresolvableName(name)).toBe(false)
    },
  )
})

describe('checkUrl', () => {
  it.each([
    ['http://2130706433/', '127.0.0.1', 'loopback'],
    ['http://0x7f.1/', '127.0.0.1', 'loopback'],
    ['http://017700000001/', '127.0.0.1', 'loopback'],
    ['http://127.1/', '127.0.0.1', 'loopback'],
    ['http://①②⑦.0.0.1/', '127.0.0.1', 'loopback'],
    ['http://0/', '0.0.0.0', 'unspecified'],
    ['http://0.0.0.0/', '0.0.0.0', 'unspecified'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1', 'loopback'],
    ['http://[0:0:0:0:0:ffff:169.254.169.254]/', '::ffff:a9fe:a9fe', 'linkLocal'],
    ['http://[::1]/', '::1', 'loopback'],
    ['http://[::]/', '::', 'unspecified'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254', 'linkLocal'],
    ['http://[fe80::1]/', 'fe80::1', 'linkLocal'],
    ['http://[fc00::1]/', 'fc00::1', 'uniqueLocal'],
    ['http://[::ffff:a9fe:a9fe]/', '::ffff:a9fe:a9fe', 'linkLocal'],
    ['http://[64:ff9b::7f00:1]/', '64:ff9b::7f00:1', 'loopback'],
    ['http://[2002:7f00:1::]/', '2002:7f00:1::', '6to4'],
    ['http://10.0.0.1/', '10.0.0.1', 'private'],
    ['https://172.16.0.1:8443/', '172.16.0.1', 'private'],
    ['http://192.168.0.1/', '192.168.0.1', 'private'],
    ['http://100.64.0.1/', '100.64.0.1', 'carrierGradeNat'],
    ['http://224.0.0.1/', '224.0.0.1', 'multicast'],
    ['http://255.255.255.255/', '255.255.255.255', 'broadcast'],
  ])('refuses %s as private-address', (raw, address, range) => {
    expect(checkUrl(raw, strict)).toEqual({ok: false, code: 'private-address', reason: `private address ${address} (${range})`})
  })

  it.each(['http://localhost/', 'http://LOCALHOST:8080/', 'http://localhost./', 'http://api.localhost/'])('refuses %s without a lookup', (raw) => {
    const verdict = checkUrl(raw, strict)
    expect(verdict.ok).toBe(false)
    if (verdict.ok) return
    expect(verdict.code).toBe('private-address')
    expect(verdict.reason).toMatch(/^private address 127\.0\.0\.1 \(loopback\) for host /)
  })

  it('lets localhost and loopback literals pass with the opt-in', () => {
    const optIn = new AddressPolicy(['127.0.0.0/8'])
    expect(checkUrl('http://localhost:8080/', optIn).ok).toBe(true)
    expect(checkUrl('http://127.1/', optIn).ok).toBe(true)
    expect(checkUrl('http://10.0.0.1/', optIn).ok).toBe(false)
  })

  it('accepts public literals and names (without fetching them)', () => {
    const verdict = checkUrl('http://93.184.216.34/', strict)
    expect(verdict).toEqual({ok: true, url: new URL('http://93.184.216.34/')})
    expect(checkUrl('https://example.com/a?q=1#x', strict).ok).toBe(true)
    expect(checkUrl('https://[2606:4700:4700::1111]/', strict).ok).toBe(true)
    // A public IPv4 address through NAT64, as a DNS64 resolver gives it on an IPv6-only network.
    expect(checkUrl('https://[64:ff9b::5db8:d822]/', strict).ok).toBe(true)
    // Names are checked after resolution, by the pinned lookup.
    expect(checkUrl('http://169.254.169.254.nip.io/', strict).ok).toBe(true)
  })

  it.each([
    ['javascript:alert(1)', 'javascript:'],
    ['file:///etc/passwd', 'file:'],
    ['ftp://example.com/x', 'ftp:'],
    ['data:text/html,hi', 'data:'],
    ['mailto:a@example.com', 'mailto:'],
  ])('refuses %s as scheme', (raw, scheme) => {
    expect(checkUrl(raw, strict)).toEqual({ok: false, code: 'scheme', reason: `scheme ${scheme} is not http(s)`})
  })

  it.each(['not a url', '', 'http://', '//example.com/', 'https://exa mple.com/', 'http://[::1/'])('refuses %j as malformed', (raw) => {
    expect(checkUrl(raw, strict)).toMatchObject({ok: false, code: 'malformed', reason: 'not a valid URL'})
  })

  it('refuses a host name longer than DNS holds (253 characters) as malformed', () => {
    const longest = `${'a'.repeat(63)}.`.repeat(3) + 'b'.repeat(56) + '.test'
    expect(longest).toHaveLength(253)
    expect(checkUrl(`https://${longest}/`, strict).ok).toBe(true)
    expect(checkUrl(`https://${longest}./`, strict).ok).toBe(true)
    expect(checkUrl(`https://b${longest}/`, strict)).toEqual({ok: false, code: 'malformed', reason: 'host name longer than 253 characters'})
    expect(checkUrl(`https://${'www.'.repeat(50_000)}example.com/`, strict)).toMatchObject({ok: false, code: 'malformed'})
  })

  it('refuses userinfo with a redacted reason', () => {
    const verdict = checkUrl('https://user:pw-s3cr3t@a.test/path', strict)
    expect(verdict).toEqual({ok: false, code: 'userinfo', reason: 'credentials in the URL'})
    expect(JSON.stringify(verdict)).not.toMatch(/s3cr3t|user:/)
    expect(checkUrl('https://user@a.test/', strict)).toMatchObject({ok: false, code: 'userinfo'})
    // The userinfo confusion trick: the host is evil.com, and the URL has credentials.
    expect(checkUrl('http://example.com%2F@evil.com/', strict)).toMatchObject({ok: false, code: 'userinfo'})
  })

  it('refuses secret query parameters, naming them', () => {
    expect(checkUrl('https://a.test/?token=abc', strict)).toEqual({
      ok: false,
      code: 'secret',
      reason: 'secret in query parameter token',
    })
    expect(checkUrl('https://a.test/?q=1&apiKey=x&sig=y', strict)).toEqual({
      ok: false,
      code: 'secret',
      reason: 'secret in query parameters apiKey, sig',
    })
    expect(checkUrl('https://a.test/cb#access_token=abc&state=1', strict)).toEqual({
      ok: false,
      code: 'secret',
      reason: 'secret in fragment parameter access_token',
    })
    expect(checkUrl('https://a.test/?token=', strict).ok).toBe(true)
    expect(checkUrl('https://a.test/?keywords=a&author=b', strict).ok).toBe(true)
  })

  it('refuses a secret nested in a parameter value as redaction finds it, naming the parameter only', () => {
    const nested = (reason: string) => ({ok: false, code: 'secret', reason})
    expect(checkUrl('https://a.test/?next=https://b.test/?token=abc', strict)).toEqual(nested('secret nested in query parameter next'))
    expect(checkUrl('https://a.test/?a=https%253A%252F%252Fb.test%252F%253Fapi_key%253Dx&b=https://u:p@c.test/', strict)).toEqual(
      nested('secret nested in query parameters a, b')
    )
    expect(checkUrl('https://a.test/#/cb?next=https%3A%2F%2Fb.test%2F%3Fsig%3Dx', strict)).toEqual(nested('secret nested in fragment parameter next'))
    // Redacted in reports though no name in the URL's parameters says so (`;` parts one pair for the URL parser).
    expect(checkUrl('https://a.test/?a=1;token=abc', strict)).toEqual(nested('secret in query'))
    // A redirect hop's nested secret was made by its server, as a signed URL is.
    expect(checkHop('https://a.test/?next=https://b.test/?token=abc', strict, false).ok).toBe(true)
    expect(checkUrl('https://a.test/?next=https%3A%2F%2Fb.test%2F%3Fpage%3D2&q=caf%C3%A9', strict).ok).toBe(true)
  })

  it('refuses a secret redaction hides in the path, naming where, not the secret', () => {
    const path = (reason: string) => ({ok: false, code: 'secret', reason})
    expect(checkUrl('https://a.test/app;jsessionid=ABC123', strict)).toEqual(path('secret in path'))
    expect(checkUrl('https://a.test/files/token=abc/report.pdf', strict)).toEqual(path('secret in path'))
    // A segment of its own, not a value nested in `a`'s.
    expect(checkUrl('https://a.test/a=1/token=abc/x', strict)).toEqual(path('secret in path'))
    expect(checkUrl('https://a.test/go/next=https%3A%2F%2Fb.test%2F%3Fsig%3Dx', strict)).toEqual(path('secret nested in path parameter next'))
    expect(checkUrl('https://a.test/list;page=2/sort=asc', strict).ok).toBe(true)
    // A session id a server puts in a redirect's path is its own doing.
    expect(checkHop('https://a.test/app;jsessionid=ABC123', strict, false).ok).toBe(true)
  })

  it('refuses a credential-shaped value under any name where redaction hides it, naming the query or fragment parameter', () => {
    // Built here, so no scanner reads a literal token in this file.
    const github = `ghp_${'aB3dE6gH9k'.repeat(4).slice(0, 36)}`
    const reason = (text: string) => ({ok: false, code: 'secret', reason: text})
    expect(checkUrl(`https://a.test/?q=1&t=${github}`, strict)).toEqual(reason('secret in query parameter t'))
    expect(checkUrl(`https://a.test/#/cb?x=${github}&y=1`, strict)).toEqual(reason('secret in fragment parameter x'))
    expect(checkUrl(`https://a.test/app;x=${github}`, strict)).toEqual(reason('secret in path'))
    // Nested and percent-encoded: a `%3D` before it separates it as `=` does.
    expect(checkUrl(`https://a.test/?next=https%3A%2F%2Fb.test%2F%3Fq%3D${github}`, strict)).toEqual(reason('secret in query parameter next'))
    expect(redactUrl(`https://a.test/?next=https%3A%2F%2Fb.test%2F%3Fq%3D${github}`)).toBe('https://a.test/?next=https%3A%2F%2Fb.test%2F%3Fq%3DREDACTED')
    expect(checkUrl(`https://${github}.a.test/`, strict)).toEqual(reason('secret in host'))
    expect(redactUrl(`https://${github}.a.test/`)).toBe('https://REDACTED.a.test/')
    // Inside a longer word it is not one.
    expect(checkUrl(`https://a.test/?t=x${github}`, strict).ok).toBe(true)
    expect(checkHop(`https://a.test/?t=${github}`, strict, false).ok).toBe(true)
  })

  it('lets a secret name with `true` or `false` through, and keeps any other value under it a secret', () => {
    for (const url of ['https://a.test/?auth=false', 'https://a.test/?session=TRUE&q=1', 'https://a.test/app;jsessionid=false', 'https://a.test/#access_token=false']) {
      expect(checkUrl(url, strict).ok).toBe(true)
      expect(redactUrl(url)).toBe(url)
    }
    expect(checkUrl('https://a.test/?auth=false&token=abc', strict)).toMatchObject({reason: 'secret in query parameter token'})
    expect(redactUrl('https://a.test/?auth=false&token=abc')).toBe('https://a.test/?auth=false&token=REDACTED')
    // A word, a date or a number may be a password or a session's id.
    for (const url of ['https://a.test/?key=Escape', 'https://a.test/?session=2024-spring', 'https://a.test/?auth=0', 'https://a.test/?password=falsehood']) {
      expect(checkUrl(url, strict)).toMatchObject({ok: false, code: 'secret'})
    }
  })

  it('judges a long nested value in linear time', () => {
    const value = `https%3A%2F%2Fb.test%2F%3Fa%3D1${'%26a%3D1'.repeat(10_000)}%26sig%3Dx`
    const started = performance.now()
    expect(checkUrl(`https://a.test/?next=${value}`, strict)).toMatchObject({reason: 'secret nested in query parameter next'})
    expect(checkUrl(`https://a.test/?${'next=https://b.test/?page=2&'.repeat(8_000)}`, strict).ok).toBe(true)
    expect(performance.now() - started).toBeLessThan(3000)
  })

  it('redacts and judges a long value of encoded credentials in linear time', () => {
    // 80 KB: 37 s per URL while each credential copied all those before it.
    const url = `https://a.test/?u=${'%2F%2Fa%40'.repeat(8_000)}`
    const started = performance.now()
    expect(redactUrl(url)).toBe(`https://a.test/?u=${'%2F%2FREDACTED%40'.repeat(8_000)}`)
    expect(checkUrl(url, strict)).toMatchObject({reason: 'secret nested in query parameter u'})
    expect(performance.now() - started).toBeLessThan(3000)
  })

  it('shows and judges a value of thousands of nested pairs: no secret in it, unless a name says so', () => {
    // One call per `=` overflowed the stack: redactUrl then gave `REDACTED` alone, and the policy a false secret.
    const url = `https://a.test/?q=${'a='.repeat(50_000)}a`
    expect(redactUrl(url)).toBe(url)
    expect(checkUrl(url, strict).ok).toBe(true)
    expect(redactUrl(`${url}=token=abc`)).toBe(`${url}=token=REDACTED`)
    expect(checkUrl(`${url}=token=abc`, strict)).toMatchObject({reason: 'secret nested in query parameter q'})
  })

  it('checkHop allows a server-issued signed URL on redirect hops, nothing else', () => {
    const signed = 'https://bucket.test/f.pdf?X-Amz-Signature=abc&X-Amz-Credential=k'
    expect(checkHop(signed, strict, true)).toMatchObject({ok: false, code: 'secret'})
    expect(checkHop(signed, strict, false)).toMatchObject({ok: true})
    expect(checkHop('http://127.0.0.1/', strict, false)).toMatchObject({ok: false, code: 'private-address'})
    expect(checkHop('https://u:p@a.test/', strict, false)).toMatchObject({ok: false, code: 'userinfo'})
    expect(checkHop('file:///etc/passwd', strict, false)).toMatchObject({ok: false, code: 'scheme'})
  })
})

describe('isSecretParam', () => {
  it.each([
    'token', 'TOKEN', 'key', 'apikey', 'api_key', 'apiKey', 'API-KEY', 'access_token', 'accessToken', 'auth',
    'authtoken', 'auth_token', 'authorization', 'session', 'sessionid', 'sessionId', 'PHPSESSID', 'jsessionid',
    'password', 'passwd', 'pwd', 'user_password', 'secret', 'client_secret', 'clientSecret', 'sig', 'signature',
    'X-Amz-Signature', 'X-Amz-Credential', 'X-Amz-Security-Token', 'credential', 'credentials', 'jwt', 'id_token',
    'refresh_token', 'oauth_token', 'oauth_signature', 'private_key', 'privateKey', 'x-api-key', 'subscription-key', 'monkey',
  ])('%s is secret', (name) => {
    expect(isSecretParam(name)).toBe(true)
  })

  it.each([
    'keywords', 'keyword', 'author', 'authors', 'design', 'signup', 'sign', 'passage', 'q', 'page', 'id', 'lang',
    'utm_source', 'ref', 'tokenize', 'sessions_list', 'pageToken', 'page_token', 'nextPageToken', 'sortKey', 'hl', '',
  ])('%j is not secret', (name) => {
    expect(isSecretParam(name)).toBe(false)
  })

  it('secretParams lists secret names with non-empty values, once each', () => {
    expect(secretParams(new URL('https://a.test/?token=1&token=2&q=x&key=&sig=s'))).toEqual(['token', 'sig'])
    expect(secretParams(new URL('https://a.test/'))).toEqual([])
    expect(secretFragmentParams(new URL('https://a.test/#/cb?id_token=x&x=1'))).toEqual(['id_token'])
    expect(secretFragmentParams(new URL('https://a.test/#section-2'))).toEqual([])
  })
})

describe('redactUrl', () => {
  it.each([
    ['https://user:pw@example.com/a?b=1', 'https://REDACTED@example.com/a?b=1'],
    ['https://user@example.com/', 'https://REDACTED@example.com/'],
    ['https://:pw@example.com/', 'https://REDACTED@example.com/'],
    ['https://example.com/?token=abc&q=1', 'https://example.com/?token=REDACTED&q=1'],
    ['https://example.com/?q=1&api_key=abc', 'https://example.com/?q=1&api_key=REDACTED'],
    ['https://example.com/?apiKey=abc#frag', 'https://example.com/?apiKey=REDACTED#frag'],
    ['https://s3.test/o?X-Amz-Signature=ab12&X-Amz-Date=2024', 'https://s3.test/o?X-Amz-Signature=REDACTED&X-Amz-Date=2024'],
    ['https://example.com/?client_secret=x&sig=y&keywords=z&author=w', 'https://example.com/?client_secret=REDACTED&sig=REDACTED&keywords=z&author=w'],
    ['https://example.com/?token=', 'https://example.com/?token='],
    ['https://example.com/?token', 'https://example.com/?token'],
    ['https://example.com/cb#access_token=abc&state=1', 'https://example.com/cb#access_token=REDACTED&state=1'],
    ['https://example.com/app;jsessionid=ABC123?x=1', 'https://example.com/app;jsessionid=REDACTED?x=1'],
    // In the path a value ends at `/`: the segments after it are shown. In a query (even one nested in a value) it
    // does not: a token may hold `/`.
    ['https://example.com/files/token=abc/report.pdf', 'https://example.com/files/token=REDACTED/report.pdf'],
    ['https://example.com/app;jsessionid=ABC/list/sort=asc#top', 'https://example.com/app;jsessionid=REDACTED/list/sort=asc#top'],
    ['https://example.com/s/token=abc/x?token=ab/cd&q=1', 'https://example.com/s/token=REDACTED/x?token=REDACTED&q=1'],
    ['https://example.com/r?next=https%3A%2F%2Fb.test%2F%3Fsig%3Dab%2Fcd', 'https://example.com/r?next=https%3A%2F%2Fb.test%2F%3Fsig%3DREDACTED'],
    ['https://example.com/?next=https://b.test/?token=abc', 'https://example.com/?next=https://b.test/?token=REDACTED'],
    // A nested URL percent-encoded in a value: its secrets redacted, its encoding kept as written.
    ['https://x.example/r?q=https://y.example/%3Ftoken%3Dabc', 'https://x.example/r?q=https://y.example/%3Ftoken%3DREDACTED'],
    ['https://x.example/r?q=https%3A%2F%2Fy.example%2F%3Fa%3D1%26Sig%3Dabc%23x', 'https://x.example/r?q=https%3A%2F%2Fy.example%2F%3Fa%3D1%26Sig%3DREDACTED%23x'],
    ['https://x.example/r?q=https%253A%252F%252Fy.example%252F%253Fapi_key%253Dabc', 'https://x.example/r?q=https%253A%252F%252Fy.example%252F%253Fapi_key%253DREDACTED'],
    ['https://x.example/r?q=https%3A%2F%2Fu%3Apw%40y.example%2F', 'https://x.example/r?q=https%3A%2F%2FREDACTED%40y.example%2F'],
    ['https://x.example/r?q=https%3A%2F%2Fy.example%2F%3Fpage%3D2%26sort%3Dasc', 'https://x.example/r?q=https%3A%2F%2Fy.example%2F%3Fpage%3D2%26sort%3Dasc'],
    ['https://x.example/?q=caf%C3%A9%20au%20lait', 'https://x.example/?q=caf%C3%A9%20au%20lait'],
    ['https://example.com/plain/path', 'https://example.com/plain/path'],
    ['https://u:p@example.com/?password=hunter2', 'https://REDACTED@example.com/?password=REDACTED'],
  ])('%s → %s', (input, output) => {
    expect(redactUrl(input)).toBe(output)
  })

  it.each([
    ['http://user:pass@exa mple.com/?token=abc', 'http://REDACTED@exa mple.com/?token=REDACTED'],
    ['//user:pass@host/x', '//REDACTED@host/x'],
    ['not a url token=abc', 'not a url token=REDACTED'],
    ['https://[bad/?apikey=1&q=2', 'https://[bad/?apikey=REDACTED&q=2'],
    ['', ''],
  ])('redacts the unparsable %j best-effort', (input, output) => {
    expect(redactUrl(input)).toBe(output)
  })

  it('never throws', () => {
    for (const input of [undefined, null, 42, {}, '%', '?%zz=1', 'http://%', '\u0000']) {
      expect(() => redactUrl(input as unknown as string)).not.toThrow()
    }
  })
})
