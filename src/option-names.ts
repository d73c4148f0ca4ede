// The names of `configure`'s options, apart from options.ts (which loads the cache, network and registry code), so
// that a rule's option check can say where a fetching option given to it belongs.

export const configureOptionNames = [
  'timeout',
  'maxRedirects',
  'maxBodySize',
  'concurrency',
  'hostConcurrency',
  'hostInterval',
  'hosts',
  'retries',
  'cache',
  'cacheTtl',
  'cacheOnly',
  'confirmDead',
  'timeoutAction',
  'skip',
  'jsxAttributes',
  'redirectResolvers',
  'allowPrivateAddresses',
  'offline',
  'resolve',
  'proxy',
  'registries',
  'archive',
  'github'
] as const
