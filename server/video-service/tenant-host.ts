import { isIP } from 'node:net';

const dnsLabel = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The video tenant an address names: its first DNS label (`acme` in `acme.localhost`), or null. */
export function tenantOfHost(hostname: string): string | null {
  const host = hostname.toLowerCase();
  if (isIP(host) || host.startsWith('[')) return null;
  const [label, ...rest] = host.split('.');
  if (!label || rest.length === 0 || rest.some((part) => part === '')) return null;
  return dnsLabel.test(label) ? label : null;
}
