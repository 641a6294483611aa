import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config.js';

/** The folder of one app's uploads: `<DATA_DIR>/media/<appId>/`. */
export function mediaDirOf(config: Pick<Config, 'dataDir'>, appId: string): string {
  return join(config.dataDir, 'media', encodeURIComponent(appId));
}

/** A random file name (never the uploader's): 48 hex characters. */
export function newStorageKey(): string {
  return randomBytes(24).toString('hex');
}

function pathOf(config: Pick<Config, 'dataDir'>, appId: string, storageKey: string): string {
  if (!/^[0-9a-f]{16,64}$/.test(storageKey)) throw new Error('Invalid media storage key');
  return join(mediaDirOf(config, appId), storageKey);
}

/** Writes new bytes under a fresh key (never overwrites) and returns the key. */
export async function writeMediaFile(
  config: Pick<Config, 'dataDir'>,
  appId: string,
  data: Buffer,
): Promise<string> {
  await mkdir(mediaDirOf(config, appId), { recursive: true });
  const storageKey = newStorageKey();
  await writeFile(pathOf(config, appId, storageKey), data, { flag: 'wx', mode: 0o640 });
  return storageKey;
}

export async function readMediaFile(
  config: Pick<Config, 'dataDir'>,
  appId: string,
  storageKey: string,
): Promise<Buffer | null> {
  try {
    return await readFile(pathOf(config, appId, storageKey));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Removes stored bytes; a file already gone is fine. */
export async function removeMediaFiles(
  config: Pick<Config, 'dataDir'>,
  appId: string,
  storageKeys: readonly string[],
): Promise<void> {
  await Promise.all(
    storageKeys.map(async (key) => {
      try {
        await unlink(pathOf(config, appId, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }),
  );
}
