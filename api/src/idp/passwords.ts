// Password hashes for the embedded identity provider: scrypt (memory-hard, in node:crypto) with a
// random 16-byte salt per hash. The stored text carries its own parameters
// (`scrypt$N$r$p$salt$hash`), so raising the cost later keeps old hashes verifiable.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const COST = 2 ** 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

const memoryFor = (n: number, r: number, p: number) => 128 * n * r * p + 16 * 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, KEY_LENGTH, {
    N: COST,
    r: BLOCK_SIZE,
    p: PARALLELISM,
    maxmem: memoryFor(COST, BLOCK_SIZE, PARALLELISM),
  });
  return ['scrypt', COST, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

/** True when `password` matches `stored`; the comparison takes the same time wherever they differ. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  if (![n, r, p].every((v) => Number.isInteger(v) && v > 0)) return false;
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  if (!salt.length || !expected.length) return false;
  const actual = await scrypt(password, salt, expected.length, { N: n, r, p, maxmem: memoryFor(n, r, p) });
  return timingSafeEqual(actual, expected);
}

/**
 * Password checks waiting for, or running on, Node's worker threads. scrypt runs on the same 4
 * libuv threads as file reads and compression, so a burst of sign-ins left unbounded would make
 * the portal's files and the API's compressed answers wait behind every hash. At most `running`
 * hash at once (leaving the other threads free); up to `waiting` more wait their turn (a few
 * hashes' time); beyond that run() answers BUSY at once, without hashing, and the caller sheds
 * the request.
 */
export const BUSY = Symbol('busy');

export class HashQueue {
  private active = 0;
  private readonly queue: Array<() => void> = [];

  constructor(
    readonly running: number,
    readonly waiting: number,
  ) {}

  /** True when a new check would be turned away. */
  get full(): boolean {
    return this.active >= this.running && this.queue.length >= this.waiting;
  }

  async run<T>(task: () => Promise<T>): Promise<T | typeof BUSY> {
    if (this.active >= this.running) {
      if (this.queue.length >= this.waiting) return BUSY;
      // The finishing task hands its place over directly, so `active` never drops in between.
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    }
  }
}

/** The sign-in page's queue: 2 of the 4 worker threads, and about four hashes' wait at most. */
export const passwordChecks = new HashQueue(2, 8);

/** A hash of a random password: verifying against it costs what a real check costs, so an
 * unknown username answers as slowly as a wrong password and does not reveal itself. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(18).toString('base64url'));
  return decoy;
}

/** A random password people can type: 20 characters without look-alikes (about 115 bits). */
export function randomPassword(length = 20): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(length * 2);
  let out = '';
  // Rejection sampling keeps every character equally likely.
  for (const byte of bytes) {
    if (byte < 256 - (256 % alphabet.length)) out += alphabet[byte % alphabet.length];
    if (out.length === length) break;
  }
  return out.length === length ? out : randomPassword(length);
}

export const MIN_PASSWORD_LENGTH = 8;
