/**
 * Spec section 8: a screen that fails to load lazily raises 'Lazy import failed' with the missing export's name.
 * Wraps an `import()` so that both ways a screen can fail to load fail loudly, naming the export:
 * - the module loads but lacks the export ("missing export");
 * - the module cannot be downloaded (blocked, offline, or its chunk gone after a deploy). The page reloads once,
 *   which picks up a new deploy's chunk names; if the same download fails again, it raises.
 */
export class LazyImportError extends Error {
  override name = 'LazyImportError';
  constructor(
    readonly exportName: string,
    readonly reason: 'missing-export' | 'load-failed' = 'missing-export',
    options?: { cause?: unknown },
  ) {
    super(
      reason === 'missing-export'
        ? `Lazy import failed: missing export "${exportName}"`
        : `Lazy import failed: the screen "${exportName}" could not be loaded. Check the connection and try again.`,
      options,
    );
  }
}

/** The browsers' words for a module file that could not be fetched (Chromium, Firefox, Safari). */
const DOWNLOAD_FAILED = ['Failed to fetch dynamically imported module', 'error loading dynamically imported module', 'Importing a module script failed'];

export const isDownloadFailure = (error: unknown) =>
  error instanceof Error && DOWNLOAD_FAILED.some((start) => error.message.startsWith(start));

export interface LazyImportOptions {
  /** Remembers which downloads were already retried with a reload (sessionStorage in the browser). */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Reloads the page (window.location.reload in the browser). */
  reload?: () => void;
}

const RELOAD_KEY = 'leadloop.lazy-import-reload:';

function browserDefaults(): Required<LazyImportOptions> {
  if (typeof window === 'undefined') return { storage: null, reload: () => undefined };
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = null; // storage disabled: no reload, the error shows at once
  }
  return { storage, reload: () => window.location.reload() };
}

export function lazyImport<M extends Record<string, unknown>, K extends keyof M & string>(
  importer: () => Promise<M>,
  exportName: K,
  options: LazyImportOptions = {},
): () => Promise<M> {
  return async () => {
    let module: M;
    try {
      module = await importer();
    } catch (error) {
      if (!isDownloadFailure(error)) throw new LazyImportError(exportName, 'load-failed', { cause: error });
      const { storage, reload } = { ...browserDefaults(), ...options };
      // One reload per failing file (the message names its URL): a new deploy's chunks come with the new page.
      const key = `${RELOAD_KEY}${(error as Error).message}`;
      if (storage && !storage.getItem(key)) {
        storage.setItem(key, '1');
        reload();
        return new Promise<M>(() => undefined); // the page is going away
      }
      throw new LazyImportError(exportName, 'load-failed', { cause: error });
    }
    if (module[exportName] === undefined || module[exportName] === null) throw new LazyImportError(exportName);
    return module;
  };
}
