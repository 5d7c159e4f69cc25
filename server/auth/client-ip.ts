import { BlockList, isIP } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * The client's address, for rate limits. With `trustProxy` = n > 0 proxies in front of the server, it is
 * the n-th X-Forwarded-For entry from the right: the one the outermost trusted proxy saw (entries to its
 * left are whatever the client chose to send). Otherwise it is the socket's peer. Requests that have no
 * socket (app.request in tests) and no trusted header share the address 'unknown'.
 */
export function clientIp(c: Context, trustProxy: number): string {
  if (trustProxy > 0) {
    const hops = (c.req.header('X-Forwarded-For') ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean)
    const hop = hops[Math.max(0, hops.length - trustProxy)]
    if (hop) return hop
  }
  return peerAddress(c)
}

/**
 * The address of the connection's other end itself, whatever any header says: the socket's peer ('unknown'
 * without a socket, as in app.request tests that give none).
 */
export function peerAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

const loopback = new BlockList()
loopback.addSubnet('127.0.0.0', 8, 'ipv4')
loopback.addAddress('::1', 'ipv6')

/**
 * Whether `address` (as clientIp gives it) is this machine's loopback: 127.0.0.0/8, ::1, or an IPv4 loopback
 * written as IPv6 (::ffff:127.0.0.1). 'unknown' and anything that is not an address are not.
 */
export function isLoopback(address: string): boolean {
  const version = isIP(address)
  return version !== 0 && loopback.check(address, version === 6 ? 'ipv6' : 'ipv4')
}
