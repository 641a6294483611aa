import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { compileHint, compileHints } from '../build/compile-hints';

type Bundle = Record<string, Rollup.OutputChunk | Rollup.OutputAsset>;

/** Runs the plugin's generateBundle on a bundle of plain objects (only the fields it reads). */
function generate(bundle: Bundle): void {
  const hook = compileHints().generateBundle as {
    handler: (this: unknown, options: unknown, bundle: Bundle) => void;
  };
  hook.handler.call({}, {}, bundle);
}

function chunk(fileName: string, isEntry: boolean, code: string, mappings?: string): Rollup.OutputChunk {
  const map =
    mappings === undefined
      ? null
      : {
          mappings,
          toString() {
            return JSON.stringify({ mappings: this.mappings });
          },
        };
  return { type: 'chunk', fileName, isEntry, code, map } as unknown as Rollup.OutputChunk;
}

describe('compile hints (web round 10)', () => {
  it("puts V8's hint on the entry's first line and shifts its source map by that line", () => {
    const entry = chunk('assets/index-a.js', true, 'const a=1;\nexport{a};', 'AAAA;AACA');
    const mapFile = { type: 'asset', fileName: 'assets/index-a.js.map', source: '{}' } as Rollup.OutputAsset;
    generate({ [entry.fileName]: entry, [mapFile.fileName]: mapFile });
    expect(compileHint).toBe('//# allFunctionsCalledOnLoad');
    expect(entry.code.split('\n')).toEqual([compileHint, 'const a=1;', 'export{a};']);
    // The first generated line has no mappings now; the code's own start one line lower.
    expect(entry.map?.mappings).toBe(';AAAA;AACA');
    expect(JSON.parse(String(mapFile.source))).toEqual({ mappings: ';AAAA;AACA' });
  });

  it('leaves every other chunk as it is (screens run only part of their functions at first)', () => {
    const screen = chunk('assets/home-b.js', false, 'export const b=2;');
    const entry = chunk('assets/index-a.js', true, 'import"./home-b.js";');
    generate({ [screen.fileName]: screen, [entry.fileName]: entry });
    expect(screen.code).toBe('export const b=2;');
    expect(entry.code).toBe(`${compileHint}\nimport"./home-b.js";`);
  });
});
