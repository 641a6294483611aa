import { api, type RouteDef } from '@pluk/contract';
import * as contract from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import { browserContractModule } from '../build/contract-for-browser';

/** The module the build puts in place of `@pluk/contract`, and its `export const` lines by name. */
function browserContract(): { code: string; consts: Map<string, string> } {
  const code = browserContractModule(contract as unknown as Record<string, unknown>);
  const consts = new Map(
    [...code.matchAll(/^export const (\w+) = (.*);$/gm)].map((match) => [match[1]!, match[2]!] as const),
  );
  return { code, consts };
}

describe('the contract in the browser build (decision 045, web round 10)', () => {
  it("gives every feature's route object as a plain table: method, path, public or not, file answers", () => {
    const { consts } = browserContract();
    const exported = contract as unknown as Record<string, Record<string, RouteDef>>;
    for (const [feature, routes] of Object.entries(api)) {
      const name = Object.keys(exported).find((key) => key !== 'api' && exported[key] === routes);
      expect(name, `api.${feature}`).toBeDefined();
      const table = JSON.parse(consts.get(name!) ?? 'null') as Record<string, Record<string, unknown>>;
      expect(Object.keys(table), name).toEqual(Object.keys(routes));
      for (const [route, def] of Object.entries(routes as Record<string, RouteDef>)) {
        // No schemas: those would bring zod into every chunk that calls the route.
        expect(table[route], `${name}.${route}`).toEqual({
          method: def.method,
          path: def.path,
          ...(def.permission === 'public' ? { permission: 'public' } : {}),
          ...(def.response === 'file' ? { response: 'file' } : {}),
        });
      }
    }
  });

  it('builds `api` from the same tables and keeps the rest of the contract', () => {
    const { code, consts } = browserContract();
    const pairs = [...(consts.get('api') ?? '').matchAll(/"(\w+)": (\w+)/g)];
    expect(pairs.map((pair) => pair[1])).toEqual(Object.keys(api));
    for (const pair of pairs) expect(consts.has(pair[2]!), pair[2]).toBe(true);
    expect(code).toMatch(/^export \* from ".*contract\/src\/index\.ts";$/m);
  });
});
