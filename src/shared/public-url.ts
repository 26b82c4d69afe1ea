/**
 * Whether an address others' browsers may be sent to: no user name or password in it, and
 * a host on the public internet (not this machine, not a private or link-local network).
 * Numeric hosts are judged after the URL parser has normalised them (`0x7f.1` is 127.0.0.1).
 */
export function isPublicUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  return isPublicHost(url.hostname.toLowerCase().replace(/\.$/, ''));
}

const PRIVATE_NAMES = /(^|\.)(localhost|local|internal|home\.arpa)$/;

function isPublicHost(host: string): boolean {
  if (host.startsWith('[')) return isPublicIpv6(host.slice(1, -1));
  const v4 = ipv4(host);
  if (v4) return isPublicIpv4(v4);
  return host.includes('.') && !PRIVATE_NAMES.test(host);
}

function ipv4(host: string): number[] | null {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  return parts.map(Number);
}

function isPublicIpv4([a = 0, b = 0]: number[]): boolean {
  return !(
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224
  );
}

function isPublicIpv6(host: string): boolean {
  if (host === '::' || host === '::1') return false;
  // IPv4-mapped (::ffff:7f00:1 once parsed) and IPv4-compatible forms: judge the IPv4 inside.
  const mapped = /^::(ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (mapped) {
    const high = parseInt(mapped[2]!, 16);
    const low = parseInt(mapped[3]!, 16);
    return isPublicIpv4([high >> 8, high & 255, low >> 8, low & 255]);
  }
  const first = parseInt(host.split(':')[0] || '0', 16);
  // fc00::/7 unique local, fe80::/10 link-local, ff00::/8 multicast.
  return !((first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || first >= 0xff00);
}
