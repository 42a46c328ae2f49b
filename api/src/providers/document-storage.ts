import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where document images live. Keys are made here (random), never from anything the customer sent, so a key
 * cannot walk out of the store. A real object store (S3-like, encrypted at rest) implements the same three calls.
 */
export interface DocumentStorage {
  /** Stores the bytes under a new key and returns the key. */
  put(bytes: Buffer): Promise<string>;
  /** The bytes of a key, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const newKey = () => randomBytes(16).toString('hex');
const KEY = /^[0-9a-f]{32}$/;

/** Where a key's bytes live under a folder (the backup copies documents file by file in this layout). */
export function documentFile(folder: string, key: string): string {
  if (!KEY.test(key)) throw new Error('invalid document key');
  // Two-level fan-out keeps folders small.
  return path.join(folder, key.slice(0, 2), `${key}.jpg`);
}

/** The sandbox default: files in a folder outside any served folder (DOCUMENTS_DIR, default .data/documents). */
export class FileSystemDocumentStorage implements DocumentStorage {
  constructor(private readonly folder: string) {}

  private fileOf(key: string): string {
    return documentFile(this.folder, key);
  }

  async put(bytes: Buffer): Promise<string> {
    const key = newKey();
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(file, bytes, { mode: 0o600, flag: 'wx' });
    return key;
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.fileOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }
}

/** In the process only: tests (DOCUMENTS_DIR=memory://). */
export class MemoryDocumentStorage implements DocumentStorage {
  readonly files = new Map<string, Buffer>();

  async put(bytes: Buffer): Promise<string> {
    const key = newKey();
    this.files.set(key, Buffer.from(bytes));
    return key;
  }

  async get(key: string): Promise<Buffer | null> {
    return this.files.get(key) ?? null;
  }

  async delete(key: string): Promise<void> {
    this.files.delete(key);
  }
}

export function documentStorageFor(folder: string): DocumentStorage {
  return folder === 'memory://' ? new MemoryDocumentStorage() : new FileSystemDocumentStorage(folder);
}
