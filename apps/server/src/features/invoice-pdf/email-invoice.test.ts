import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { AppError } from '../../http/app-error';
import { mailerFor } from '../../mail/mailer';
import { startTestSmtpServer, type TestSmtpServer } from '../../mail/test-smtp-server';
import { extractPdfText } from '../cards/pdf-extract-text';
import { emailInvoice, invoiceEmailMessages, invoiceGoesByEmail } from './email-invoice';
import { renderTaxInvoicePdf } from './render-tax-invoice';
import { testInvoice, testInvoiceLine, testProvider } from './test-invoice';

/**
 * The invoice e-mail through a real SMTP server (smtp-server on a local port): the message arrives
 * for the payer with the PDF attached, and the attachment read back is the invoice.
 */
let smtp: TestSmtpServer;
const mailConfig = (smtpUrl: string | undefined) =>
  ({ mail: { smtpUrl, from: 'Wattle <no-reply@wattle.test>' } }) as Config;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

/** The decoded body of the MIME part whose headers hold `marker`. */
function mimePart(raw: string, marker: RegExp): { headers: string; body: Buffer } {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)?.[1];
  if (!boundary) throw new Error('not a multipart message');
  for (const part of raw.split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const headers = part.slice(0, split);
    if (!marker.test(headers)) continue;
    const body = part.slice(split + 4);
    return {
      headers,
      body: /base64/i.test(headers) ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body),
    };
  }
  throw new Error(`no part matching ${marker}`);
}

describe('emailInvoice', () => {
  it('sends the PDF to the plan manager, attached as INV-00042.pdf, replies to the provider', async () => {
    const invoice = testInvoice([testInvoiceLine()]);
    const pdf = await renderTaxInvoicePdf(invoice, testProvider);
    const result = await emailInvoice(mailerFor(mailConfig(smtp.url)), invoice, testProvider, pdf);
    expect(result).toEqual({ to: 'invoices@planpartners.example' });

    const mail = await smtp.nextMail();
    expect(mail.to).toEqual(['invoices@planpartners.example']);
    expect(mail.from).toBe('no-reply@wattle.test');
    expect(mail.text).toMatch(/^Subject: Invoice INV-00042 from Sunrise Support Services Pty Ltd/m);
    expect(mail.text).toMatch(/^Reply-To: accounts@sunrise\.example/m);
    expect(mail.text).toContain('Hello Plan Partners,');
    expect(mail.text).toContain('Jordan Lee (NDIS number 430000001)');
    expect(mail.text).toContain('Balance due: $90.46 by 16 December 2026');
    expect(mail.text).toContain('BSB: 062-000');

    const attachment = mimePart(mail.raw, /application\/pdf/);
    expect(attachment.headers).toMatch(/Content-Disposition: attachment; filename=INV-00042\.pdf/i);
    expect(attachment.body.equals(pdf)).toBe(true);
    const { pages } = await extractPdfText(attachment.body);
    expect(pages[0]).toContain('ABN: 51 824 753 556');
    expect(pages[0]).toContain('01_011_0107_1_1');
  });

  it('sends a self-managed participant their invoice too', async () => {
    const invoice = testInvoice([testInvoiceLine()], {
      payer: { kind: 'participant', name: 'Jordan Lee', email: 'jordan@example.com' },
    });
    expect(invoiceGoesByEmail(invoice)).toBe(true);
    const pdf = await renderTaxInvoicePdf(invoice, testProvider);
    await emailInvoice(mailerFor(mailConfig(smtp.url)), invoice, testProvider, pdf);
    const mail = await smtp.nextMail();
    expect(mail.to).toEqual(['jordan@example.com']);
  });

  it('refuses, sending nothing, an NDIA payer, a payer without e-mail and a server without SMTP', async () => {
    const before = smtp.received.length;
    const pdf = Buffer.from('%PDF-1.3');
    const mailer = mailerFor(mailConfig(smtp.url));
    const ndia = testInvoice([testInvoiceLine()], { payer: { kind: 'ndia', name: 'NDIA', email: null } });
    expect(invoiceGoesByEmail(ndia)).toBe(false);
    await expect(emailInvoice(mailer, ndia, testProvider, pdf)).rejects.toThrow(invoiceEmailMessages.ndia);
    const noEmail = testInvoice([testInvoiceLine()], {
      payer: { kind: 'nominee', name: 'Sam Lee', email: null },
    });
    expect(invoiceGoesByEmail(noEmail)).toBe(false);
    await expect(emailInvoice(mailer, noEmail, testProvider, pdf)).rejects.toThrow(
      invoiceEmailMessages.noEmail,
    );
    const planManaged = testInvoice([testInvoiceLine()]);
    await expect(
      emailInvoice(mailerFor(mailConfig(undefined)), planManaged, testProvider, pdf),
    ).rejects.toThrow(invoiceEmailMessages.noSmtp);
    expect(smtp.received.length).toBe(before);
  });

  it('answers UNAVAILABLE when the SMTP server refuses the credentials', async () => {
    const wrong = smtp.url.replace('smtp-test-password', 'wrong-password');
    const error = await emailInvoice(
      mailerFor(mailConfig(wrong)),
      testInvoice([testInvoiceLine()]),
      testProvider,
      Buffer.from('%PDF-1.3'),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('UNAVAILABLE');
    expect((error as AppError).message).toBe(invoiceEmailMessages.failed);
  });
});
