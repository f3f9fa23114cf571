/**
 * Spec section 8: a screen that fails to load lazily raises 'Lazy import failed' with the missing export's name.
 * Wraps an `import()` so that a module without the expected export fails loudly instead of rendering nothing.
 */
export class LazyImportError extends Error {
  override name = 'LazyImportError';
  constructor(readonly exportName: string) {
    super(`Lazy import failed: missing export "${exportName}"`);
  }
}

export function lazyImport<M extends Record<string, unknown>, K extends keyof M & string>(
  importer: () => Promise<M>,
  exportName: K,
): () => Promise<M> {
  return async () => {
    const module = await importer();
    if (module[exportName] === undefined || module[exportName] === null) throw new LazyImportError(exportName);
    return module;
  };
}
