import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { adminLimits, createAppFieldsSchema, splitHostNames, type CreatedApp } from '@pluk/contract';
import type { z } from 'zod';
import type { Transaction } from '../../db/client.js';
import { appHosts, apps, userRoles, users } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { inTransaction } from '../../db/transaction.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError } from '../../lib/http-error.js';
import { assertPasswordAllowed } from '../../lib/password-policy.js';
import { hashPassword } from '../../lib/passwords.js';
import { publicUrlOf } from '../../lib/public-url.js';
import type { RequestAuth, Tenant } from '../../types.js';
import { audit } from '../audit.js';
import { readMultipartUpload, type MultipartUpload } from '../media/upload.js';
import { createHousehold } from '../user/household.js';
import { queueWelcomeEmails } from '../auth/account-mails.js';
import { insertInstallation } from './installation.js';

type CreateAppInput = z.output<typeof createAppFieldsSchema>;

export const onlyDefaultFarmMessage =
  'Alleen een Admin van de hoofdboerderij van deze server kan een nieuwe boerderij maken.';

const appIdTaken = () =>
  new HttpError(409, 'APP_ID_TAKEN', undefined, {
    appId: 'Er bestaat al een boerderij met deze app-id. Kies een andere.',
  });
const hostTaken = (host?: string) => {
  const message = host
    ? `Een andere boerderij gebruikt ${host} al. Kies een andere hostnaam.`
    : 'Een andere boerderij gebruikt een van deze hostnamen al. Kies een andere.';
  return new HttpError(409, 'HOST_TAKEN', message, { hosts: message });
};

/** Per-field Dutch messages of a failed contract schema, as the API's 400. */
function invalidFields(issues: readonly { path: readonly PropertyKey[]; message: string }[]): HttpError {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[String(issue.path[0] ?? '_')] ??= issue.message;
  return new HttpError(400, 'VALIDATION_ERROR', undefined, fields);
}

/** The form's text fields checked with the contract's schema; host names may come one per field or several in one. */
export function createAppInputOf(upload: MultipartUpload): CreateAppInput {
  const first = (name: string) => upload.fields.get(name)?.[0];
  const result = createAppFieldsSchema.safeParse({
    name: first('name'),
    appId: first('appId'),
    hosts: (upload.fields.get('hosts') ?? []).flatMap(splitHostNames),
    colorPrimary: first('colorPrimary'),
    colorSecondary: first('colorSecondary'),
    colorBackground: first('colorBackground'),
    localeVariant: first('localeVariant'),
    adminUsername: first('adminUsername'),
    adminEmail: first('adminEmail'),
    adminPassword: first('adminPassword'),
    adminFirstName: first('adminFirstName'),
    adminLastName: first('adminLastName'),
  });
  if (!result.success) throw invalidFields(result.error.issues);
  return result.data;
}

/** The optional logo: one image judged by its bytes, at most `adminLimits.logoMaxBytes`. */
function logoOf(upload: MultipartUpload): { data: Buffer; mime: string } | null {
  const [logo] = upload.files;
  if (!logo) return null;
  if (logo.kind !== 'image') {
    const message = `"${logo.fileName}" is geen afbeelding: kies een JPEG-, PNG-, WebP- of GIF-logo.`;
    throw new HttpError(415, 'FILE_TYPE_NOT_ALLOWED', message, { logo: message });
  }
  if (logo.data.length > adminLimits.logoMaxBytes) {
    const message = `Het logo is te groot: hoogstens ${adminLimits.logoMaxBytes / (1024 * 1024)} MB.`;
    throw new HttpError(413, 'FILE_TOO_LARGE', message, { logo: message });
  }
  return { data: logo.data, mime: logo.mime };
}

/** Making farms is a power over the whole server: only an Admin of the default farm has it (decision 084). */
async function assertDefaultFarm(app: FastifyInstance, tenant: Tenant): Promise<void> {
  const [row] = await app.db
    .select({ isDefault: apps.isDefault })
    .from(apps)
    .where(eq(apps.appId, tenant.appId));
  if (!row?.isDefault) throw new HttpError(403, 'FORBIDDEN', onlyDefaultFarmMessage);
}

/** The new farm's address: this farm's public address with the new farm's first host name. */
export function addressOnHost(base: string, host: string): string {
  const url = new URL(base);
  const port = url.port ? `:${url.port}` : '';
  return `${url.protocol}//${host}${port}${url.pathname.replace(/\/+$/, '')}`;
}

/** A taken app id or host said before anything is written (the unique indexes still decide a race). */
async function assertFree(app: FastifyInstance, input: CreateAppInput): Promise<void> {
  const [sameId] = await app.db.select({ appId: apps.appId }).from(apps).where(eq(apps.appId, input.appId));
  if (sameId) throw appIdTaken();
  const [sameHost] = await app.db
    .select({ host: appHosts.host })
    .from(appHosts)
    .where(inArray(appHosts.host, input.hosts));
  if (sameHost) throw hostTaken(sameHost.host);
}

/** The first Admin: approved and active, with a household of one. */
async function insertFirstAdmin(tx: Transaction, input: CreateAppInput, passwordHash: string) {
  const farm = tenantDb(tx, input.appId);
  const [user] = await farm
    .insert(users)
    .values({
      appId: input.appId,
      username: input.adminUsername,
      email: input.adminEmail,
      passwordHash,
      firstName: input.adminFirstName,
      lastName: input.adminLastName,
      isApproved: true,
      isActive: true,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert returned nothing');
  await createHousehold(
    tx,
    { appId: input.appId, userId: user.id, name: `${input.adminFirstName} ${input.adminLastName}` },
    [],
  );
  await farm.insert(userRoles).values({ appId: input.appId, userId: user.id, role: 'Admin' });
  return user.id;
}

/**
 * `POST Admin/AdminAction/createApp`: a new farm that answers on its host names at once, with its
 * first Admin (who chose a password in the form and gets the welcome e-mail with the new farm's login
 * link). The farm, its hosts, its address (`publicUrl`), the Admin and the e-mail's job commit together.
 */
export async function createApp(
  app: FastifyInstance,
  tenant: Tenant,
  auth: RequestAuth,
  request: FastifyRequest,
): Promise<CreatedApp> {
  await assertDefaultFarm(app, tenant);
  const upload = await readMultipartUpload(request, {
    fileFields: new Set(['logo']),
    maxFiles: 1,
    tooManyFiles: () => new HttpError(400, 'VALIDATION_ERROR', 'Kies één logo.', { logo: 'Kies één logo.' }),
  });
  const input = createAppInputOf(upload);
  const logo = logoOf(upload);
  assertPasswordAllowed(input.adminPassword, 'adminPassword');
  await assertFree(app, input);
  const address = addressOnHost(await publicUrlOf(app, tenant.appId), input.hosts[0]!);
  const passwordHash = await hashPassword(input.adminPassword);
  const newFarm: Tenant = {
    appId: input.appId,
    name: input.name,
    localeVariant: input.localeVariant,
    colors: {
      primary: input.colorPrimary,
      secondary: input.colorSecondary,
      background: input.colorBackground,
    },
    membershipExplanation: '',
    customRegistrationQuestion: null,
    logoVersion: null,
    hasLogo: logo !== null,
  };
  let adminUserId: number;
  try {
    adminUserId = await inTransaction(app.db, async (tx) => {
      await insertInstallation(tx, {
        appId: input.appId,
        name: input.name,
        hosts: input.hosts,
        colors: newFarm.colors,
        localeVariant: input.localeVariant,
        logo,
        settings: [{ key: 'publicUrl', value: address }],
      });
      const userId = await insertFirstAdmin(tx, input, passwordHash);
      await queueWelcomeEmails(
        tx,
        newFarm,
        `${address}/login`,
        [
          {
            id: userId,
            email: input.adminEmail,
            firstName: input.adminFirstName,
            lastName: input.adminLastName,
            username: input.adminUsername,
          },
        ],
        () => 'new-farm',
      );
      await audit(tx, tenant.appId, auth, 'admin.createApp', { appId: input.appId, hosts: input.hosts });
      return userId;
    });
  } catch (err) {
    // Two Admins making the same farm at once: the unique indexes let one win.
    if (isUniqueViolation(err, 'apps_pkey')) throw appIdTaken();
    if (isUniqueViolation(err, 'app_hosts_pkey')) throw hostTaken();
    throw err;
  }
  // A host that answered as the default farm until now answers as the new farm from the next request.
  await app.caches.farmChanged(input.appId);
  // A new account has nothing cached yet; forgetting it keeps the rule "every write of roles forgets".
  await app.caches.usersChanged(input.appId, adminUserId);
  app.jobs.wake();
  return { appId: input.appId, name: input.name, hosts: input.hosts, address, adminUserId };
}
