import { deflateSync, crc32 } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { tenantDb } from '../db/tenant.js';
import { comments, media, postMedia, posts, userRoles, users } from '../db/schema/index.js';
import { writeMediaFile } from '../modules/media/storage.js';
import { sanitizeRichText } from '../lib/rich-text.js';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

/**
 * A small PNG drawn in code: a sky, a green field and rows of red strawberries, so the demo post has a
 * real photo without shipping a binary file.
 */
export function demoFieldPng(width = 240, height = 135): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      let rgb: [number, number, number];
      if (y < height * 0.38) rgb = [170 + Math.round((y / height) * 60), 214, 240];
      else if ((x + Math.floor(y / 3) * 5) % 22 < 4 && y % 12 < 6) rgb = [200, 30, 45];
      else rgb = y % 12 < 6 ? [76, 150, 60] : [96, 170, 72];
      row.set(rgb, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

/**
 * Two news posts for the demo farm (the newest with a photo when `dataDir` is known, so its bytes can be
 * stored) and a member's comment. Called once, inside the demo seeding transaction.
 */
export async function seedDemoPosts(db: Database, appId: string, dataDir?: string): Promise<void> {
  const [author] = await tenantDb(db, appId)
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(users.appId, appId), eq(userRoles.role, 'ApplicationManager')))
    .limit(1);
  const [member] = await tenantDb(db, appId)
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.username, 'lid')));

  const [older] = await tenantDb(db, appId)
    .insert(posts)
    .values({
      appId,
      title: 'Welkom in het nieuwe seizoen',
      body: sanitizeRichText(
        '<p>Het veld is geploegd en de eerste plantjes staan in de grond. Dit jaar telen we <strong>meer ' +
          'bonen</strong> en een nieuwe rij <em>pompoenen</em>.</p><h3>Wat komt er aan?</h3><ul><li>Sla en radijsjes ' +
          'vanaf half mei</li><li>Aardbeien vanaf juni</li><li>Tomaten in de zomer</li></ul><p>Vragen? Mail ons op ' +
          '<a href="mailto:info@plukhoeve.example" rel="noopener noreferrer" target="_blank">info@plukhoeve.example</a>.</p>',
      ),
      publishedAt: daysAgo(12),
      createdByUserId: author?.id ?? null,
    })
    .returning({ id: posts.id });

  const [latest] = await tenantDb(db, appId)
    .insert(posts)
    .values({
      appId,
      title: 'De aardbeien zijn rijp!',
      body: sanitizeRichText(
        '<p>Goed nieuws: de eerste <strong>aardbeien</strong> kleuren rood. Vanaf zaterdag mag je plukken in ' +
          'de rijen bij de schuur.</p><blockquote>Pluk alleen de volledig rode vruchten en laat de kroontjes aan de ' +
          'plant.</blockquote><p>Neem een eigen bakje mee. Tot op het veld!</p>',
      ),
      publishedAt: daysAgo(1),
      createdByUserId: author?.id ?? null,
    })
    .returning({ id: posts.id });

  if (dataDir && latest) {
    const data = demoFieldPng();
    const storageKey = await writeMediaFile({ dataDir }, appId, data);
    const [photo] = await tenantDb(db, appId)
      .insert(media)
      .values({
        appId,
        storageKey,
        fileName: 'aardbeienveld.png',
        mime: 'image/png',
        size: data.length,
        kind: 'image',
        uploadedByUserId: author?.id ?? null,
      })
      .returning({ id: media.id });
    if (photo)
      await tenantDb(db, appId)
        .insert(postMedia)
        .values({ appId, postId: latest.id, mediaId: photo.id, position: 0 });
  }
  if (member && older) {
    await tenantDb(db, appId).insert(comments).values({
      appId,
      subjectType: 'post',
      subjectId: older.id,
      userId: member.id,
      body: 'Fijn! Komen er dit jaar ook weer courgettes?',
    });
  }
}
