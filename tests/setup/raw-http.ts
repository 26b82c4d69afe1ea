import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawRequest {
  method: string;
  /** The request target exactly as sent: origin-form, absolute-form, dot segments, `#`… */
  target: string;
  headers?: Record<string, string>;
  body?: string;
  /** A loopback address to send from (127.0.0.0/8 on Linux), so limits see distinct clients. */
  from?: string;
}

/**
 * One HTTP/1.1 request over a plain socket, byte for byte as given. `fetch` and `inject`
 * both normalise the target (dot segments, fragments, absolute-form) before it leaves, so
 * tests of what a hostile client can send go through here.
 */
export function rawRequest(port: number, request: RawRequest): Promise<RawResponse> {
  const body = request.body ?? '';
  const headers: Record<string, string> = {
    host: `127.0.0.1:${port}`,
    connection: 'close',
    ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
    ...request.headers,
  };
  const head = [
    `${request.method} ${request.target} HTTP/1.1`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect({
      port,
      host: '127.0.0.1',
      ...(request.from ? { localAddress: request.from } : {}),
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      try {
        resolve(parseResponse(Buffer.concat(chunks)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    socket.write(`${head}\r\n\r\n${body}`);
  });
}

function parseResponse(raw: Buffer): RawResponse {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) throw new Error(`no HTTP response: ${raw.toString('latin1').slice(0, 200)}`);
  const [statusLine = '', ...lines] = raw.subarray(0, split).toString('latin1').split('\r\n');
  const status = Number(statusLine.split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[key] = headers[key] ? `${headers[key]}, ${value}` : value;
  }
  let body = raw.subarray(split + 4);
  if (headers['transfer-encoding']?.includes('chunked')) body = dechunk(body);
  return { status, headers, body: body.toString('utf8') };
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const end = data.indexOf('\r\n', at);
    if (end < 0) break;
    const size = parseInt(data.subarray(at, end).toString('latin1'), 16);
    if (!size) break;
    parts.push(data.subarray(end + 2, end + 2 + size));
    at = end + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
