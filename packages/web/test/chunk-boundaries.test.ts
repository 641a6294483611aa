import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { isScreenModule, markIconPure } from '../build/chunk-boundaries';

const require = createRequire(import.meta.url);

describe('chunk boundaries (decision 073)', () => {
  it("marks a Tabler icon's one call pure, and nothing else", () => {
    const file = require.resolve('@tabler/icons-react/dist/esm/icons/IconClock.mjs');
    const code = readFileSync(file, 'utf8');
    const marked = markIconPure(code, file);
    expect(marked).toContain('= /* @__PURE__ */ createReactComponent(');
    // Only the comment is added: the lines stay where they were, so source maps still hold.
    expect(marked?.split('\n')).toHaveLength(code.split('\n').length);
    expect(markIconPure(code, '/repo/packages/web/src/components/clock.tsx')).toBeNull();
    expect(markIconPure('export const x = 1;', file)).toBeNull();
  });

  it('knows the screen modules, which stay chunks of their own', () => {
    expect(isScreenModule('/repo/packages/web/src/app/routes/home.tsx')).toBe(true);
    expect(isScreenModule('/repo/packages/web/src/app/routes/tasks/tasks-list.tsx')).toBe(true);
    expect(isScreenModule('/repo/packages/web/src/app/routes/home.test.tsx')).toBe(false);
    expect(isScreenModule('/repo/packages/web/src/features/home/components/home-card.tsx')).toBe(false);
    expect(isScreenModule('/repo/node_modules/x/src/app/routes/a.tsx')).toBe(false);
  });
});
