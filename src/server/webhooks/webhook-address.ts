import { lookup } from 'node:dns/promises';
import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { messages } from '../../shared/messages';
import { DomainError } from '../http/domain-error';

/**
 * Where the shop may send a webhook (DESIGN §11): never into its own network. A receiver's address is a
 * customer's word, and an address inside (127.0.0.1, 10.x, 169.254.169.254's cloud metadata) would let
 * them make the shop call what only it can reach (SSRF). Checked when the webhook is registered, and
 * again on every connection of every delivery, after DNS and after each redirect: the connection is
 * made to the address that was checked (request-filtering-agent), so a name that resolves elsewhere the
 * second time gains nothing.
 */
export interface WebhookAddressPolicy {
  /** Private, loopback and link-local receivers allowed (WEBHOOK_ALLOW_PRIVATE: tests, a shop on a LAN). */
  allowPrivate: boolean;
  /** Plain http refused (in production, without WEBHOOK_ALLOW_PRIVATE). */
  requireHttps: boolean;
  /** Addresses allowed although private: a test's receiver beside the ones it must refuse. */
  allowAddresses?: readonly string[];
}

/** The policy of WEBHOOK_ALLOW_PRIVATE: allowed, any http(s) address; not, public https ones only. */
export const policyOf = (allowPrivate: boolean): WebhookAddressPolicy => ({
  allowPrivate,
  requireHttps: !allowPrivate,
});

/**
 * IPv4-compatible IPv6 addresses (::a.b.c.d, deprecated by RFC 4291): ipaddr.js calls them unicast,
 * yet `[::127.0.0.1]` reaches the machine itself on some stacks. No public receiver has one.
 */
const IPV4_COMPATIBLE = '::/96';
const [ipv4CompatibleNet, ipv4CompatibleBits] = ipaddr.parseCIDR(IPV4_COMPATIBLE);

/** Whether an address is IPv4-compatible IPv6 (::a.b.c.d). */
const ipv4Compatible = (address: string): boolean => {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  return parsed.kind() === 'ipv6' && parsed.match(ipv4CompatibleNet, ipv4CompatibleBits);
};

/** Whether an IP address is one the policy refuses: anything but public unicast. */
function refusedIp(address: string, policy: WebhookAddressPolicy): boolean {
  if (policy.allowPrivate || policy.allowAddresses?.includes(address)) return false;
  if (ipv4Compatible(address)) return true;
  return ipaddr.process(address).range() !== 'unicast';
}

/**
 * What request-filtering-agent does not refuse itself (it calls ::a.b.c.d unicast): a host written as
 * such an address, refused before any connection, and a name resolving to one, refused by the lookup the
 * connection makes (the agent's own checks follow it). Throws the agent's kind of refusal.
 */
export function guardIpv4Compatible(url: URL, policy: WebhookAddressPolicy): LookupFunction | undefined {
  if (policy.allowPrivate) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipv4Compatible(host)) throw new Error(`DNS lookup ${host}(host:${host}) is not allowed`);
  return (hostname, options, callback) => {
    dnsLookup(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const addresses = Array.isArray(address) ? address : [{ address, family }];
      const refused = addresses.find((entry) => ipv4Compatible(entry.address));
      if (refused) {
        return callback(
          new Error(`DNS lookup ${refused.address}(host:${hostname}) is not allowed`),
          address,
          family,
        );
      }
      callback(null, address, family);
    });
  };
}

/** The address a webhook is sent to, checked as a receiver's: a clear refusal, or the URL. */
export function parseWebhookUrl(value: string, policy: WebhookAddressPolicy): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new DomainError('VALIDATION_FAILED', messages.webhookUrlInvalid);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !policy.requireHttps)) {
    throw new DomainError(
      'VALIDATION_FAILED',
      policy.requireHttps ? messages.webhookHttpsOnly : messages.webhookUrlInvalid,
    );
  }
  if (url.username || url.password) throw new DomainError('VALIDATION_FAILED', messages.webhookNoCredentials);
  return url;
}

/**
 * Checks a receiver's address as it is registered: https (unless allowed otherwise), and a host that is,
 * or resolves only to, public addresses. Throws a refusal that says which.
 */
export async function assertWebhookAddress(value: string, policy: WebhookAddressPolicy): Promise<URL> {
  const url = parseWebhookUrl(value, policy);
  if (policy.allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true, verbatim: true }).then(
        (found) => found.map((entry) => entry.address),
        () => {
          throw new DomainError('VALIDATION_FAILED', messages.webhookHostUnknown(host));
        },
      );
  const refused = addresses.find((address) => refusedIp(address, policy));
  if (refused) throw new DomainError('VALIDATION_FAILED', messages.webhookPrivateAddress(host, refused));
  return url;
}

/** The agents every delivery connects through: each connection's address checked as it is made. */
export function guardedAgents(policy: WebhookAddressPolicy) {
  const options = {
    keepAlive: false,
    allowPrivateIPAddress: policy.allowPrivate,
    allowIPAddressList: [...(policy.allowAddresses ?? [])],
  };
  return { http: new RequestFilteringHttpAgent(options), https: new RequestFilteringHttpsAgent(options) };
}

/** request-filtering-agent's refusal ("DNS lookup 10.0.0.1(…) is not allowed…"), said plainly. */
export function plainRefusal(error: Error): string {
  const refused = /^DNS lookup (\S+?)\(.*is not allowed/.exec(error.message);
  return refused ? messages.webhookPrivateAddress('the receiver', refused[1] ?? '') : error.message;
}
