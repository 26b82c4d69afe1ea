import { crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { TEST_BASE_URL } from '../setup/test-app.ts';
import type { TestUser } from './users.ts';

/** A JPEG of `width` × `height` with a camera's EXIF (GPS included) and an orientation tag. */
export function cameraJpeg(width = 2400, height = 1200, orientation?: number) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 30, g: 120, b: 110 } },
  })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: {
        Make: 'PhoneCo',
        Model: 'Pocket 12',
        Artist: 'Pat Private',
      },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '45/1 45/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '4/1 50/1 0/1',
      },
    })
    .withMetadata(orientation ? { orientation } : {})
    .toBuffer();
}

/** A PNG of `width` × `height`, one colour. */
export function plainPng(width = 64, height = 64) {
  return sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A few hundred bytes that claim to be a PNG of `width` × `height`: a decompression bomb's
 * header, refused before anything is decoded.
 */
export function hugePngHeader(width = 100_000, height = 100_000) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An upload as the web app sends it: the file as the body, with its type. */
export function uploadPhoto(
  app: FastifyInstance,
  method: 'PUT' | 'POST',
  url: string,
  user: Pick<TestUser, 'cookie'> | undefined,
  bytes: Buffer,
  type = 'image/jpeg',
) {
  return app.inject({
    method,
    url,
    headers: {
      origin: TEST_BASE_URL,
      'content-type': type,
      ...(user ? { cookie: user.cookie } : {}),
    },
    payload: bytes,
  });
}
