import type { Plugin, Rollup } from 'vite';

/** V8's explicit compile hint (Chrome 136+): compile every function of this file as it streams in. */
export const compileHint = '//# allFunctionsCalledOnLoad';

/**
 * The entry chunk compiled off the main thread (web round 10). V8 compiles a function the first time
 * it is called, on the main thread; the entry's functions (Preact, the router, Mantine's provider,
 * i18next, the start-up) are nearly all called before the first screen, so on a phone start-up paid for
 * their compilation in the very tasks that delay it. With the hint at the top of the file, Chromium
 * compiles them on a background thread while the file downloads. Only the entry: a screen's chunk or a
 * library loaded later (the post editor) runs a small part of its functions at first.
 */
export function compileHints(): Plugin {
  return {
    name: 'pluk-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite's own (it puts `__vite__mapDeps` at the top of the entry): the hint must be line 1.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
          chunk.code = `${compileHint}\n${chunk.code}`;
          if (!chunk.map) continue;
          // One more generated line at the top: the code's mappings start one line lower.
          chunk.map.mappings = `;${chunk.map.mappings}`;
          // Rollup has already put the map in the bundle as a file of its own: that one is written.
          const mapFile = bundle[`${chunk.fileName}.map`] as Rollup.OutputAsset | undefined;
          if (mapFile) mapFile.source = chunk.map.toString();
        }
      },
    },
  };
}
