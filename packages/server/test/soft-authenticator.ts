/**
 * A software WebAuthn authenticator for tests, on node:crypto: one P-256 key, attestation `none`,
 * flags UP|UV (and AT when it registers), the AAGUID of no model unless it is given one. It answers the options a server gives (as JSON, or as
 * auth-js hands them to navigator.credentials, with ArrayBuffers) the way a browser's
 * navigator.credentials.create() and get() would, serialized as their toJSON() makes them.
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

type Binary = string | ArrayBuffer | Uint8Array;

export interface CreationOptions {
  challenge: Binary;
  user: { id: Binary };
}

export interface RequestOptions {
  challenge: Binary;
}

/** Minimal CBOR (RFC 8949): unsigned and negative integers, byte and text strings, maps. */
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function cborHead(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff]);
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(value, 1);
  return head;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  return Buffer.concat([cborHead(5, value.size), ...[...value].flatMap(([key, entry]) => [cbor(key), cbor(entry)])]);
}

const bytesOf = (value: Binary) =>
  typeof value === 'string' ? Buffer.from(value, 'base64url') : Buffer.from(value instanceof Uint8Array ? value : new Uint8Array(value));

const FLAGS = { userPresent: 0x01, userVerified: 0x04, attestedCredential: 0x40 };

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16).toString('base64url');
  /** The signature counter of the next assertion is this plus one; a test may wind it back. */
  counter = 0;
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private userHandle: Buffer | undefined;

  /** `origin` is the page's that calls the browser; `rpId` the relying party it signs for; `aaguid` the model it claims. */
  constructor(
    private readonly origin: string,
    private readonly rpId: string,
    private readonly aaguid = '00000000-0000-0000-0000-000000000000',
  ) {}

  /** navigator.credentials.create() answered: a new credential for the options' challenge. */
  create(options: CreationOptions) {
    this.userHandle = bytesOf(options.user.id);
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const coseKey = cbor(
      new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = Buffer.from(this.credentialId, 'base64url');
    const authData = Buffer.concat([
      this.rpIdHash(),
      Buffer.from([FLAGS.userPresent | FLAGS.userVerified | FLAGS.attestedCredential]),
      Buffer.alloc(4), // counter 0
      Buffer.from(this.aaguid.replaceAll('-', ''), 'hex'),
      Buffer.from([id.length >> 8, id.length & 0xff]),
      id,
      coseKey,
    ]);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge).toString('base64url'),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['usb'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'cross-platform',
    };
  }

  /** navigator.credentials.get() answered: an assertion over the options' challenge, the counter one up. */
  get(options: RequestOptions) {
    if (!this.userHandle) throw new Error('create() a credential before get()');
    this.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const authenticatorData = Buffer.concat([this.rpIdHash(), Buffer.from([FLAGS.userPresent | FLAGS.userVerified]), counter]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signed = Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()]);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authenticatorData.toString('base64url'),
        signature: sign('sha256', signed, this.keys.privateKey).toString('base64url'),
        userHandle: this.userHandle.toString('base64url'),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'cross-platform',
    };
  }

  private rpIdHash() {
    return createHash('sha256').update(this.rpId).digest();
  }

  private clientData(type: string, challenge: Binary) {
    return Buffer.from(
      JSON.stringify({ type, challenge: bytesOf(challenge).toString('base64url'), origin: this.origin, crossOrigin: false }),
    );
  }
}

/** What a browser's credential is to auth-js in Node: an object its serializers read through toJSON(). */
export const asBrowserCredential = <T>(json: T) => ({ ...json, toJSON: () => json });
