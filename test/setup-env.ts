// Every test talks to servers on loopback and nothing else: a proxy from the developer's or CI's environment would
// stand in between (the package honours `http_proxy`, `https_proxy` and `no_proxy`). Tests of proxies set their own.

for (const name of Object.keys(process.env)) {
  if (/^(?:http|https|all|no)_proxy$/i.test(name)) delete process.env[name]
}
