import type { Database } from '../db/client.js';
import { createApp, createUser } from './factories.js';

/** The second demo installation: where a second app on the same server can be tried out. */
export const secondDemoFarm = {
  appId: 'hetveld',
  name: 'Coöperatie Het Veld',
  host: 'hetveld.localhost',
} as const;

/**
 * A cooperative (the other locale variant) on its own host name. Browsers resolve every
 * `*.localhost` name to this machine, so `http://hetveld.localhost:3000` opens it next to De Plukhoeve,
 * with accounts of the same names that are nevertheless different people.
 */
export async function seedSecondDemoFarm(db: Database, password: string): Promise<{ appId: string }> {
  const { appId } = await createApp(db, {
    appId: secondDemoFarm.appId,
    name: secondDemoFarm.name,
    hosts: [secondDemoFarm.host],
    colors: { primary: '#7b3f00', secondary: '#e0a458', background: '#fbf6ee' },
    localeVariant: 'nl-be-cooperative',
    membershipExplanation:
      'Coöperatie Het Veld is een zelfoogsttuin in handen van haar leden. Je koopt een aandeel per ' +
      'volwassene en per kind; na goedkeuring door het bestuur oogst je mee.',
    customRegistrationQuestion: null,
    harvestYearStart: { month: 4, day: 1 },
    settings: [{ key: 'contactEmail', value: 'bestuur@hetveld.be', isPublic: true }],
  });
  const account = (username: string, firstName: string, lastName: string) => ({
    appId,
    username,
    email: `${username}@hetveld.be`,
    password,
    firstName,
    lastName,
  });
  await createUser(db, { ...account('admin', 'Hilde', 'Hoeve'), roles: ['Admin'] });
  await createUser(db, { ...account('beheerder', 'Koen', 'Kouter'), roles: ['ApplicationManager'] });
  await createUser(db, {
    ...account('lid', 'Lotte', 'Veldman'),
    household: [{ name: 'Mats Veldman', yearOfBirth: 2014, isAdult: false }],
  });
  return { appId };
}
