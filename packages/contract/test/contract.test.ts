import { describe, expect, it } from 'vitest';
import { passesRoleCheck, roles, routePath, routeTable, managerRoles } from '../src/index.js';

describe('passesRoleCheck', () => {
  it('lets Admin pass every check', () => {
    for (const role of roles) expect(passesRoleCheck(['Admin'], role)).toBe(true);
  });
  it('lets ApplicationManager pass every manager check but not Analyst or Admin', () => {
    for (const role of managerRoles) expect(passesRoleCheck(['ApplicationManager'], role)).toBe(true);
    expect(passesRoleCheck(['ApplicationManager'], 'ApplicationManager')).toBe(true);
    expect(passesRoleCheck(['ApplicationManager'], 'Analyst')).toBe(false);
    expect(passesRoleCheck(['ApplicationManager'], 'Admin')).toBe(false);
  });
  it('lets a specific manager pass only its own check', () => {
    expect(passesRoleCheck(['TaskManager'], 'TaskManager')).toBe(true);
    expect(passesRoleCheck(['TaskManager'], 'EventManager')).toBe(false);
    expect(passesRoleCheck(['TaskManager'], 'ApplicationManager')).toBe(false);
  });
  it('lets Analyst pass only the Analyst check', () => {
    expect(passesRoleCheck(['Analyst'], 'Analyst')).toBe(true);
    expect(passesRoleCheck(['Analyst'], 'TaskManager')).toBe(false);
    expect(passesRoleCheck([], 'Analyst')).toBe(false);
  });
});

describe('route table', () => {
  it('has no two routes with the same method and path (case-insensitively)', () => {
    const keys = routeTable.map((r) => `${r.method} ${r.path.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('fills path parameters', () => {
    expect(routePath({ path: 'User/ContactData/:id' }, { id: 7 })).toBe('/api/User/ContactData/7');
    expect(() => routePath({ path: 'User/ContactData/:id' })).toThrow(/id/);
  });
});

describe('subscription price (decision 074)', () => {
  it('is adults × adult price + children × child price, in integer cents', async () => {
    const { householdPriceCents } = await import('../src/index.js');
    expect(
      householdPriceCents({ adultPriceCents: 12_550, childPriceCents: 4_025 }, { adults: 2, children: 3 }),
    ).toBe(2 * 12_550 + 3 * 4_025);
    expect(
      householdPriceCents({ adultPriceCents: 100, childPriceCents: 0 }, { adults: 1, children: 0 }),
    ).toBe(100);
  });
});
