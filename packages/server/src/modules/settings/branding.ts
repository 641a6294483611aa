import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  pricesNoteSettingKey,
  settingLimits,
  type AppColors,
  type LogoUpload,
  type MembershipSettings,
  type SettingsOverview,
} from '@pluk/contract';
import type { Database } from '../../db/client.js';
import { apps, settings } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { inTransaction } from '../../db/transaction.js';
import { settingValue } from '../../lib/app-settings.js';
import { HttpError } from '../../lib/http-error.js';
import { assertImageDimensions, detectImageType } from '../../lib/image-type.js';
import { readUploadedFile } from '../../lib/uploaded-file.js';
import type { SharedCaches } from '../../plugins/shared-caches.js';
import type { RequestAuth } from '../../types.js';
import { audit } from '../audit.js';
import { logoUrlOf } from '../info/service.js';

/**
 * The farm's own row in `apps` (a server table: every statement names the app itself) — its name,
 * harvest-year start, colours, membership texts and logo (decision 081). Every change forgets the
 * cached tenant on every process (ADR 099), so the next request (app info, colours, manifest) answers
 * the new one.
 */
export class Branding {
  constructor(
    private readonly db: Database,
    private readonly caches: SharedCaches,
  ) {}

  private async farm(appId: string) {
    const [row] = await tenantDb(this.db, appId).select().from(apps).where(eq(apps.appId, appId));
    if (!row) throw new HttpError(404, 'E001');
    return row;
  }

  private async change(
    appId: string,
    auth: RequestAuth,
    action: string,
    values: Partial<typeof apps.$inferInsert>,
    details: Record<string, unknown>,
    more?: (tx: Parameters<Parameters<typeof inTransaction>[1]>[0]) => Promise<void>,
  ): Promise<void> {
    await inTransaction(this.db, async (tx) => {
      await tenantDb(tx, appId).update(apps).set(values).where(eq(apps.appId, appId));
      await more?.(tx);
      await audit(tx, appId, auth, action, details);
    });
    await this.caches.farmChanged(appId);
  }

  async overview(appId: string): Promise<SettingsOverview> {
    const row = await this.farm(appId);
    return {
      appName: row.name,
      harvestYearStartMonth: row.harvestYearStartMonth,
      harvestYearStartDay: row.harvestYearStartDay,
    };
  }

  async saveOverview(appId: string, auth: RequestAuth, input: SettingsOverview): Promise<SettingsOverview> {
    await this.change(
      appId,
      auth,
      'settings.overview',
      {
        name: input.appName,
        harvestYearStartMonth: input.harvestYearStartMonth,
        harvestYearStartDay: input.harvestYearStartDay,
      },
      { ...input },
    );
    return this.overview(appId);
  }

  async colors(appId: string): Promise<AppColors> {
    const row = await this.farm(appId);
    return { primary: row.colorPrimary, secondary: row.colorSecondary, background: row.colorBackground };
  }

  /**
   * Stores the colours in lower case. Low contrast is accepted (decision 081): the web picks black or
   * white text by contrast on every brand surface, and the colours screen warns before saving.
   */
  async saveColors(appId: string, auth: RequestAuth, input: AppColors): Promise<AppColors> {
    const colors = {
      primary: input.primary.toLowerCase(),
      secondary: input.secondary.toLowerCase(),
      background: input.background.toLowerCase(),
    };
    await this.change(
      appId,
      auth,
      'settings.colors',
      { colorPrimary: colors.primary, colorSecondary: colors.secondary, colorBackground: colors.background },
      colors,
    );
    return colors;
  }

  async membership(appId: string): Promise<MembershipSettings> {
    const [row, pricesNote] = await Promise.all([
      this.farm(appId),
      settingValue(this.db, appId, pricesNoteSettingKey),
    ]);
    return {
      membershipExplanation: row.membershipExplanation,
      customRegistrationQuestion: row.customRegistrationQuestion ?? '',
      pricesNote: pricesNote ?? '',
    };
  }

  /** The explanation and question live on the app (app info); the prices note is a public setting. */
  async saveMembership(
    appId: string,
    auth: RequestAuth,
    input: MembershipSettings,
  ): Promise<MembershipSettings> {
    await this.change(
      appId,
      auth,
      'settings.membership',
      {
        membershipExplanation: input.membershipExplanation,
        customRegistrationQuestion: input.customRegistrationQuestion || null,
      },
      { customRegistrationQuestion: input.customRegistrationQuestion },
      async (tx) => {
        await tenantDb(tx, appId)
          .insert(settings)
          .values({ appId, key: pricesNoteSettingKey, value: input.pricesNote, isPublic: true })
          .onConflictDoUpdate({
            target: [settings.appId, settings.key],
            set: { value: input.pricesNote, isPublic: true },
          });
      },
    );
    return this.membership(appId);
  }

  /**
   * A new logo: one image (PNG, JPEG, WebP or GIF, judged by its first bytes, its header readable and
   * within the pixel limits), at most 1 MB. Its version changes, so `info`, the header and the
   * manifest point browsers at the new one.
   */
  async uploadLogo(request: FastifyRequest, appId: string, auth: RequestAuth): Promise<LogoUpload> {
    const megabytes = settingLimits.logoMaxBytes / (1024 * 1024);
    const chooseFile = 'Kies een afbeelding (PNG, JPEG, WebP of GIF) als logo.';
    const file = await readUploadedFile(request, {
      maxBytes: settingLimits.logoMaxBytes,
      tooLarge: () =>
        new HttpError(
          413,
          'FILE_TOO_LARGE',
          `Het logo is groter dan ${megabytes} MB; kies een kleinere afbeelding.`,
        ),
      chooseFile,
    });
    const mime = detectImageType(file.data);
    if (!mime) {
      throw new HttpError(415, 'FILE_TYPE_NOT_ALLOWED', chooseFile, { file: chooseFile });
    }
    assertImageDimensions(file.data, 'file', 'Het logo');
    const logoVersion = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
    await this.change(
      appId,
      auth,
      'settings.logo',
      { logo: file.data, logoMime: mime, logoVersion },
      { mime, bytes: file.data.length },
    );
    return { logoUrl: logoUrlOf(logoVersion), logoVersion };
  }
}
