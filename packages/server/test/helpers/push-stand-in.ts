import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PushRequest {
  /** Path of the endpoint, e.g. `/push/lien-phone`. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A browser's side of a push subscription: real P-256 keys, so web-push can encrypt for it. */
export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** Decrypts a message the push service received for this subscription (aes128gcm, RFC 8291). */
  decrypt(body: Buffer): unknown;
}

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  const prk = createHmac('sha256', salt).update(ikm).digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([info, Buffer.from([1])]))
    .digest()
    .subarray(0, length);
}

/**
 * A local stand-in for a push service (FCM, Mozilla autopush): it records every message and answers
 * 201, or 410 Gone for endpoints marked gone. `subscription()` makes what a browser would hand the
 * app, with keys the test can decrypt with.
 */
export async function startPushStandIn() {
  const requests: PushRequest[] = [];
  const gone = new Set<string>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      requests.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = gone.has(path) ? 410 : 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  return {
    base,
    requests,
    /** Requests that reached one endpoint. */
    requestsFor: (subscription: { endpoint: string }) =>
      requests.filter((r) => `${base}${r.path}` === subscription.endpoint),
    /** From now on the push service answers 410 Gone for this subscription. */
    markGone: (subscription: { endpoint: string }) => gone.add(new URL(subscription.endpoint).pathname),
    subscription(name: string): BrowserSubscription {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      return {
        endpoint: `${base}/push/${name}`,
        keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
        decrypt(body: Buffer) {
          const salt = body.subarray(0, 16);
          const idLength = body.readUInt8(20);
          const serverKey = body.subarray(21, 21 + idLength);
          const cipherText = body.subarray(21 + idLength);
          const shared = ecdh.computeSecret(serverKey);
          const ikm = hkdf(
            auth,
            shared,
            Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, serverKey]),
            32,
          );
          const key = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
          const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
          const decipher = createDecipheriv('aes-128-gcm', key, nonce);
          decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
          const plain = Buffer.concat([
            decipher.update(cipherText.subarray(0, cipherText.length - 16)),
            decipher.final(),
          ]);
          // Strip the padding delimiter (0x02) and any zero padding after it.
          const end = plain.lastIndexOf(2);
          return JSON.parse(plain.subarray(0, end).toString('utf8'));
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushStandIn = Awaited<ReturnType<typeof startPushStandIn>>;
