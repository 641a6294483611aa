import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putSetting } from '../src/lib/app-settings.js';
import { renderPaymentEmail } from '../src/mail/payment-templates.js';
import { currentHarvestYear } from '../src/modules/harvest-year.js';
import { createBankTransaction } from '../src/seed/factories.js';
import { type SmtpStandIn, withSmtpStandIn } from './helpers/smtp.js';
import { createTestContext, type TestContext, uniqueName } from './helpers/test-app.js';

// The same checks as email-injection.test.ts for the payment e-mails: a member's name, a transaction's
// description and the farm's account name end up in the subject, the text and the HTML. A CR/LF must
// add no header and start no line of its own; HTML must arrive as text, never as markup.
let ctx: TestContext;
let smtp: SmtpStandIn;
beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await withSmtpStandIn(ctx);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const evilName = 'Jan\r\nBcc: dief@evil.test\r\nX-Injected: ja\r\n\r\nKlik hier: http://evil.test';
const evilDescription =
  'Abonnement <script>alert(1)</script>\r\nBcc: dief2@evil.test\r\n<img src=x onerror=alert(2)>';

describe('payment e-mail header and body injection', () => {
  it('keeps names and descriptions on one line and escapes them in the HTML', async () => {
    await putSetting(ctx.db, ctx.appId, 'bank.iban', 'BE68539007547034');
    await putSetting(ctx.db, ctx.appId, 'bank.accountName', 'Hoeve <b>vzw</b>\r\nX-Injected: ja');
    const manager = await ctx.createUser({ username: uniqueName('kassier'), roles: ['BankManager'] });
    const victim = await ctx.createUser({
      username: uniqueName('slachtoffer'),
      firstName: evilName,
      lastName: '"><script>alert(3)</script>',
    });
    const year = (await currentHarvestYear(ctx.db, ctx.appId)).year;
    await createBankTransaction(ctx.app.db, {
      appId: ctx.appId,
      userId: victim.id,
      amountCents: 4_200,
      harvestYear: year,
      description: evilDescription,
      dueDate: '2020-01-01',
    });
    for (const kind of ['Needed', 'Reminder']) {
      const generated = await ctx.request({
        method: 'POST',
        url: `/api/applicationManager/Management/GeneratePayment${kind}Emails`,
        as: manager,
        payload: {},
      });
      expect(generated.json()).toEqual({ generated: 1, skipped: 0 });
      const confirmed = await ctx.request({
        method: 'POST',
        url: `/api/applicationManager/Management/ConfirmPayment${kind}Emails`,
        as: manager,
        payload: {},
      });
      expect(confirmed.json()).toEqual({ queued: 1 });
    }
    await ctx.app.jobs.drain();
    const mails = smtp.messages.filter((m) => m.to.includes(victim.email));
    expect(mails).toHaveLength(2);
    expect(smtp.messages.filter((m) => m.to.some((to) => to.endsWith('evil.test')))).toEqual([]);
    for (const mail of mails) {
      expect(mail.to).toEqual([victim.email]);
      const headers = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
      expect(headers).not.toMatch(/^(Bcc|X-Injected):/im);
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.subject).toContain('Abonnement <script>alert(1)</script> Bcc: dief2@evil.test');
      expect(mail.text).not.toMatch(/^(Klik hier|Bcc|X-Injected|<img)/m);
      expect(mail.text).toContain('Dag Jan Bcc: dief@evil.test X-Injected: ja Klik hier: http://evil.test,');

      const html = (await simpleParser(mail.raw)).html || '';
      expect(html).not.toMatch(/<script|<img|<b>/i);
      expect(html).toContain('Abonnement &lt;script&gt;alert(1)&lt;/script&gt; Bcc: dief2@evil.test');
      expect(html).toContain('&lt;img src=x onerror=alert(2)&gt;');
      expect(html).toContain('Hoeve &lt;b&gt;vzw&lt;/b&gt; X-Injected: ja');
      expect(html).toContain('Dag Jan Bcc: dief@evil.test');
    }
  });

  it('escapes a farm address with quotes in the button link', () => {
    const mail = renderPaymentEmail({
      kind: 'needed',
      farm: {
        name: 'Hoeve & Co',
        colors: { primary: 'red;background:url(x)', background: '#ffffff' },
        publicUrl: 'https://hoeve.example/"><script>alert(1)</script>',
        payee: null,
      },
      member: { firstName: 'An' },
      transaction: {
        publicId: 'A'.repeat(32),
        description: 'Abonnement',
        amountCents: 123_456,
        dueDate: '2026-05-01',
        structuredReference: '000000001313',
      },
      today: '2026-04-01',
    });
    expect(mail.html).not.toContain('<script');
    expect(mail.html).toContain('href="https://hoeve.example/&quot;&gt;&lt;script&gt;');
    // A colour that is not #rrggbb never reaches a style attribute.
    expect(mail.html).not.toContain('url(x)');
    expect(mail.html).toContain('Hoeve &amp; Co');
    expect(mail.text).toContain('€\u00a01.234,56');
    expect(mail.text).toContain('+++000/0000/01313+++');
    expect(mail.text).toContain('01/05/2026');
  });
});
