import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { namespacesUsedIn, splitNamespaces } from '../build/locale-namespaces';
import { routes } from '../src/app/router';
import { createI18n, loadedNamespaces } from '../src/lib/i18n';

const known = splitNamespaces();
const testDir = dirname(fileURLToPath(import.meta.url));

describe('namespacesUsedIn (build/locale-namespaces.ts)', () => {
  it('finds the namespaces of useTranslation and of prefixed keys, not common', () => {
    const code = `
      const { t } = useTranslation(['user', 'common', 'notifications']);
      const { t: tt } = useTranslation('tasks');
      const other = useTranslation();
      const link = { labelKey: 'feedback:titles.mine' };
      t(\`events:places.left\`);
      const url = 'https://example.org'; const time = '12:30';`;
    expect([...namespacesUsedIn(code, known)].sort()).toEqual([
      'events',
      'feedback',
      'notifications',
      'tasks',
      'user',
    ]);
  });

  it('refuses a namespace it cannot read', () => {
    expect(() => namespacesUsedIn('useTranslation(area)', known)).toThrow(/cannot follow/);
    expect(() => namespacesUsedIn("useTranslation(['tasks', area])", known)).toThrow(/cannot follow/);
  });

  it('knows every namespace of the complete locale but common', () => {
    const files = readdirSync(join(testDir, '../src/locales/nl-be/')).map((f) => f.replace('.json', ''));
    expect(known).toEqual(files.filter((ns) => ns !== 'common').sort());
  });
});

function lazyRoutes(list: RouteObject[]): RouteObject[] {
  return list.flatMap((route) => [...(route.lazy ? [route] : []), ...lazyRoutes(route.children ?? [])]);
}

describe('locale namespaces arrive with the screens', () => {
  it('every screen brings the namespace of its title and of its texts', async () => {
    for (const route of lazyRoutes(routes)) {
      const loaded = await (route.lazy as () => Promise<{ Component?: unknown }>)();
      expect(loaded.Component, route.path).toBeTruthy();
      const titleKey = (route.handle as { titleKey?: string } | undefined)?.titleKey ?? '';
      const ns = titleKey.includes(':') ? titleKey.split(':')[0]! : 'common';
      expect(loadedNamespaces(), `${route.path}: ${titleKey}`).toContain(ns);
    }
    // Every namespace is used by some screen, and an instance made now has all of them.
    expect([...loadedNamespaces()].sort()).toEqual(['common', ...known].sort());
    const i18n = createI18n();
    expect(i18n.t('tasks:titles.list')).not.toBe('titles.list');
    expect(i18n.t('tasks:titles.list')).toBe(
      (
        JSON.parse(readFileSync(join(testDir, '../src/locales/nl-be/tasks.json'), 'utf8')) as {
          titles: { list: string };
        }
      ).titles.list,
    );
  });

  it('adds a namespace that arrives later to instances made before', async () => {
    const early = createI18n('nl-be-cooperative');
    const { registerNamespace } = await import('../src/lib/i18n');
    registerNamespace('later-test', { 'nl-be': { hello: 'Dag' }, 'nl-be-cooperative': { hello: 'Hallo' } });
    expect(early.t('later-test:hello' as 'titles.home')).toBe('Hallo');
  });
});
