import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where the server may send web push (decision 044). A push endpoint comes from the member's browser,
 * so it is untrusted input the server POSTs to: without limits a member could make the server send
 * requests into its own network (127.0.0.1, the cloud metadata service at 169.254.169.254, a database
 * on 10.x). Real push services (FCM, Mozilla autopush, Apple, Windows) are public https hosts, so only
 * those are taken: an https URL whose host is no loopback, private, link-local or otherwise special
 * address and no local name, and which, when the message is sent, resolves only to public addresses.
 * The address check sits in the connection's own DNS lookup, so a name that answers a public address
 * when subscribed and 127.0.0.1 later (DNS rebinding) is still refused.
 */

const special = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  special.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64: an IPv4 address in disguise
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  special.addSubnet(net, prefix, 'ipv6');
}
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Whether an IP address is an ordinary public one (IPv4-mapped IPv6 is judged as its IPv4 address). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !special.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && loopback.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Names that never lead to a public push service. */
function isLocalName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return (
    !name.includes('.') ||
    /\.(localhost|local|internal|intranet|lan|home|corp|home\.arpa)$/.test(name) ||
    name === 'localhost'
  );
}

/**
 * Why the server will not send to this endpoint, or null when it may. `allowLoopback` (the test-only
 * `allowLoopbackPushEndpoints`) lets a local stand-in push service on a loopback address through, over
 * http too; nothing else private.
 */
export function pushEndpointProblem(endpoint: string, allowLoopback: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const isLoopbackHost = host === 'localhost' || isLoopbackAddress(host);
  if (allowLoopback && isLoopbackHost && (url.protocol === 'http:' || url.protocol === 'https:')) return null;
  if (url.protocol !== 'https:') return 'not https';
  if (url.username || url.password) return 'credentials in the URL';
  if (isIP(host) !== 0) return isPublicAddress(host) ? null : 'private address';
  return isLocalName(host) ? 'local name' : null;
}

/** A DNS lookup for the push connection that refuses names resolving to non-public addresses. */
export function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find(
        (a) => !isPublicAddress(a.address) && !(allowLoopback && isLoopbackAddress(a.address)),
      );
      if (refused || addresses.length === 0) {
        const err = Object.assign(new Error(`push endpoint ${hostname} resolves to a private address`), {
          code: 'EPUSHADDRESS',
        });
        return callback(err, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * POSTs one push message and answers the push service's status code. Refuses (rejects) an endpoint
 * that `pushEndpointProblem` refuses, or whose name resolves to a private address; never follows a
 * redirect; gives up after `timeoutMs`.
 */
export async function sendToPushService(
  endpoint: string,
  init: { method: string; headers: Record<string, string>; body: Buffer | null },
  options: { allowLoopback: boolean; timeoutMs: number },
): Promise<number> {
  const problem = pushEndpointProblem(endpoint, options.allowLoopback);
  if (problem) throw new Error(`push endpoint refused: ${problem}`);
  const url = new URL(endpoint);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<number>((resolve, reject) => {
    const request = send(
      url,
      {
        method: init.method,
        headers: init.headers,
        lookup: guardedLookup(options.allowLoopback),
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response: IncomingMessage) => {
        response.resume();
        response.on('error', reject);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('close', () => {
          if (!response.complete) reject(new Error('push answer cut off'));
        });
      },
    );
    request.on('error', reject);
    request.end(init.body ?? undefined);
  });
}
