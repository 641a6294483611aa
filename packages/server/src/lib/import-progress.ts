/**
 * How far a running import is, by the key its browser chose (decision 094). The import writes all its
 * rows in one database transaction, which nobody else can look into until it commits; so the count lives
 * here, in this process, beside the transaction. An entry is kept a minute after it finished, so the
 * browser's last question still finds it, and is keyed by farm so another farm's key answers nothing.
 */
export interface ImportProgressEntry {
  done: number;
  total: number;
  finished: boolean;
}

const keepFinishedMs = 60_000;
/** A limit so keys nobody asks about again cannot grow the map without end. */
const maxEntries = 1000;

export class ImportProgressRegistry {
  private readonly entries = new Map<string, ImportProgressEntry & { expiresAt: number | null }>();

  private static id(appId: string, key: string) {
    return `${appId}\u0000${key}`;
  }

  /** Starts counting; returns the function the import calls after each step. */
  start(appId: string, key: string | undefined, total: number): Reporter {
    if (!key) return { step: () => undefined, finish: () => undefined };
    this.prune();
    const id = ImportProgressRegistry.id(appId, key);
    const entry = { done: 0, total, finished: false, expiresAt: null as number | null };
    this.entries.set(id, entry);
    return {
      step: (done) => {
        entry.done = Math.min(done, total);
      },
      finish: () => {
        entry.finished = true;
        entry.expiresAt = Date.now() + keepFinishedMs;
      },
    };
  }

  get(appId: string, key: string): ImportProgressEntry | null {
    const entry = this.entries.get(ImportProgressRegistry.id(appId, key));
    if (!entry) return null;
    return { done: entry.done, total: entry.total, finished: entry.finished };
  }

  private prune() {
    const now = Date.now();
    for (const [id, entry] of this.entries) {
      if (entry.expiresAt !== null && entry.expiresAt < now) this.entries.delete(id);
    }
    while (this.entries.size >= maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}

export interface Reporter {
  step: (done: number) => void;
  finish: () => void;
}

export const importProgress = new ImportProgressRegistry();
