import { deflateSync } from 'node:zlib';
import type { Card } from '@wattle/domain/cards/schemas';
import type { FormField, FormTemplate } from '@wattle/domain/templates/schemas';
import { describe, expect, it } from 'vitest';
import { extractPdfText } from './pdf-extract-text';
import { cardPdfFileName, participantLabel, pngOf, renderCardPdf } from './pdf-render';
import { fieldValueBlocks, formatDate, formatDateTime, richTextToBlocks, winAnsiSafe } from './pdf-text';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}
/** A real RGBA PNG: a dark diagonal stroke on a transparent background, like a signature pad's. */
function png(width: number, height: number, options: { rows?: Buffer; idat?: Buffer } = {}): string {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  let rows = options.rows;
  if (!rows) {
    rows = Buffer.alloc((width * 4 + 1) * height);
    for (let y = 0; y < height; y++) {
      const x = Math.floor((y / height) * width);
      rows.set([20, 30, 60, 255], y * (width * 4 + 1) + 1 + x * 4);
    }
  }
  const file = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', options.idat ?? deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${file.toString('base64')}`;
}

const field = (
  id: string,
  name: string,
  type: FormField['type'],
  order: number,
  extra: Partial<FormField> = {},
) => ({ id, name, type, order, required: false, ndisStandard: true, ...extra }) satisfies FormField;

const template: FormTemplate = {
  id: 'incident-report',
  tenantId: null,
  name: 'Incident Report',
  description: 'Report of an incident',
  category: 'incident',
  ndisRequired: true,
  ndisLineItems: [],
  version: '1.0',
  fields: [
    field('participant-name', 'Participant Name', 'text', 1, { required: true }),
    field('participant-dob', 'Date of Birth', 'date', 2),
    field('practitioner-name', 'Practitioner Name', 'text', 3, { required: true }),
    field('incident-description', 'Incident Description', 'textarea', 4),
    field('target-behaviors', 'Target Behaviours', 'textarea', 5),
    field('risk-level', 'Risk Level', 'select', 6, { options: ['Low', 'Medium', 'High'] }),
    field('support-strategies', 'Support Strategies', 'multi-select', 7, {
      options: ['Visual schedule', 'Quiet space', 'Sensory break'],
    }),
    field('review-notes', 'Review Notes', 'textarea', 8),
    field('practitioner-signature', 'Practitioner Signature', 'signature', 9, { required: true }),
    field('participant-signature', 'Participant Signature', 'signature', 10),
    field('compliance-declaration', 'Compliance Declaration', 'checkbox', 11, { required: true }),
    field('consent-given', 'Consent Given', 'checkbox', 12),
  ],
  requiredDocuments: [],
  requiredRoles: ['clinician'],
  estimatedDuration: 1,
  complianceRules: {
    mandatoryValidation: true,
    signatureRequired: true,
    witnessRequired: false,
    reviewCycle: 0,
  },
  pdfTemplate: { layout: 'portrait', sections: [], headerFooter: true },
  aiCompatible: { autoFillFields: [], suggestionsEnabled: true, validationPrompts: true },
  isActive: true,
  isBuiltIn: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

const longNarrative = Array.from(
  { length: 40 },
  (_, i) =>
    `<p>Paragraph ${i + 1}: staff noticed rising distress before the bus trip and offered the quiet space, as the plan says.</p>`,
).join('');

function card(overrides: Partial<Card> = {}): Card {
  return {
    id: '0190f1c6-0000-7000-8000-000000000001',
    tenantId: '0190f1c6-0000-7000-8000-0000000000aa',
    teamId: '0190f1c6-0000-7000-8000-0000000000bb',
    workItemId: 'SUN-00042',
    type: 'incident',
    templateId: 'incident-report',
    templateName: 'Incident Report',
    title: 'Incident at the shopping centre',
    description: 'Reported by the support worker on shift.',
    participantId: 'participant_jorda3456',
    assigneeId: null,
    assigneeName: null,
    status: 'in-progress',
    state: 'doing',
    ndisStatus: 'draft',
    workflowStateId: null,
    boardPosition: 1024,
    priority: 'high',
    category: 'incident',
    startDate: null,
    dueDate: '2025-03-04',
    tags: [],
    fieldValues: {
      'participant-name': '<p>Jordan Lee</p>',
      'participant-dob': '2009-03-03',
      'practitioner-name': 'Priya Practitioner',
      'incident-description': longNarrative,
      'target-behaviors':
        '<h2>Observed</h2><ul><li>Hitting &amp; kicking</li><li>Throwing objects<ul><li>chairs</li></ul></li></ul><ol><li>First warning</li><li>Second warning</li></ol>',
      'risk-level': 'High',
      'support-strategies': ['Visual schedule', 'Quiet space'],
      'review-notes': null,
      'practitioner-signature': {
        kind: 'drawn',
        image: png(120, 40),
        signerName: 'Priya Practitioner',
        signedAt: '2025-03-03T03:05:00.000Z',
      },
      'participant-signature': {
        kind: 'typed',
        typed: 'Jordan Lee',
        signerName: 'Jordan Lee',
        signedAt: '2025-03-03T03:10:00.000Z',
      },
      'compliance-declaration': true,
      'consent-given': false,
    },
    completedRequirements: { fields: [], documents: [], approvals: [] },
    compliance: {
      isCompliant: true,
      completion: 100,
      issues: [
        {
          id: 'i1',
          type: 'invalid-data',
          severity: 'medium',
          description: '"Review Notes" must be at least 10 characters',
          fieldId: 'review-notes',
        },
      ],
      lastValidation: '2025-03-03T03:10:00.000Z',
    },
    billable: true,
    estimatedAmountCents: 0,
    version: 7,
    createdAt: '2025-03-01T01:00:00.000Z',
    updatedAt: '2025-03-03T03:10:00.000Z',
    createdBy: null,
    createdByName: null,
    lastModifiedBy: null,
    lastModifiedByName: null,
    ...overrides,
  };
}

describe('renderCardPdf', () => {
  it('writes an A4 PDF with the header and footer on every page, the compliance status, sections, values and signatures', async () => {
    const pdf = await renderCardPdf({
      tenantName: 'Sunrise Support Network',
      card: card(),
      template,
      generatedAt: new Date('2025-03-05T02:30:00.000Z'),
      generatedBy: 'Olivia Owner',
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A4 in points.
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);

    const { pages, info } = await extractPdfText(pdf);
    expect(pages.length).toBeGreaterThan(1);
    expect(info.Title).toBe('SUN-00042 Incident Report');
    pages.forEach((page, i) => {
      expect(page).toContain('Sunrise Support Network');
      expect(page).toContain('SUN-00042');
      expect(page).toContain('Participant: Jordan Lee');
      expect(page).toContain('Incident Report (version 1.0)');
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page).toContain('Generated 5 March 2025, 1:30 pm by Olivia Owner');
    });

    const text = pages.join('\n');
    expect(text).toContain('Incident at the shopping centre');
    expect(text).toContain('Reported by the support worker on shift.');
    expect(text).toContain('Status: In progress');
    expect(text).toContain('Compliance status: Compliant');
    expect(text).toContain('100% of required fields complete');
    expect(text).toContain('Medium: "Review Notes" must be at least 10 characters');

    // The sections in the editor's fixed order.
    const order = [
      'Participant Information',
      'Practitioner Information',
      'Consultation Details',
      'Behaviour Assessment',
      'Monitoring & Review',
      'Signatures & Dates',
    ].map((name) => text.indexOf(name));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    expect(text).toContain('Participant Name *\nJordan Lee');
    expect(text).toContain('Date of Birth\n3 March 2009');
    expect(text).toContain('Paragraph 1: staff noticed');
    expect(text).toContain('Paragraph 40: staff noticed');
    expect(text).toContain('Observed');
    expect(text).toMatch(/•\s*Hitting & kicking/);
    expect(text).toMatch(/•\s*chairs/);
    expect(text).toMatch(/1\.\s*First warning/);
    expect(text).toMatch(/2\.\s*Second warning/);
    expect(text).toContain('Risk Level\nHigh');
    expect(text).toContain('Support Strategies\nVisual schedule, Quiet space');
    expect(text).toContain('Review Notes\n—');
    expect(text).toContain('Compliance Declaration *\nYes');
    expect(text).toContain('Consent Given\nNo');
    // 3:05 UTC is 2:05 pm in Sydney (daylight saving time).
    expect(text).toContain('Signed by Priya Practitioner on 3 March 2025, 2:05 pm');
    expect(text).toContain('Signed by Jordan Lee on 3 March 2025, 2:10 pm');
    // The drawn signature is an image in the file; the typed one is text.
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);
    expect(text).toMatch(/Participant Signature\nJordan Lee\nSigned by/);
  });

  it('says Not compliant and lists each issue with its severity', async () => {
    const pdf = await renderCardPdf({
      tenantName: 'Sunrise Support Network',
      card: card({
        fieldValues: { 'participant-name': 'Mia Thompson' },
        compliance: {
          isCompliant: false,
          completion: 25,
          issues: [
            {
              id: 'a',
              type: 'missing-signature',
              severity: 'critical',
              description: 'Digital signature required for NDIS compliance',
              fieldId: null,
            },
            {
              id: 'b',
              type: 'missing-field',
              severity: 'high',
              description: 'Required field "Practitioner Name" is missing',
              fieldId: 'practitioner-name',
            },
          ],
          lastValidation: '2025-03-03T03:10:00.000Z',
        },
      }),
      template,
      participantName: 'Mia T.',
      generatedAt: new Date('2025-07-01T00:00:00.000Z'),
      generatedBy: 'Lee Lead',
      timeZone: 'Australia/Perth',
    });
    const text = (await extractPdfText(pdf)).pages.join('\n');
    expect(text).toContain('Participant: Mia T.');
    expect(text).toContain('Compliance status: Not compliant');
    expect(text).toContain('25% of required fields complete');
    expect(text).toContain('Critical: Digital signature required for NDIS compliance');
    expect(text).toContain('High: Required field "Practitioner Name" is missing');
    expect(text).toContain('Practitioner Signature *\n—');
    expect(text).toContain('Generated 1 July 2025, 8:00 am by Lee Lead');
  });

  it('draws text outside the standard fonts readably and skips a signature image it cannot read', async () => {
    const pdf = await renderCardPdf({
      tenantName: 'Ōtautahi Care',
      card: card({
        fieldValues: {
          'participant-name': 'Zoë Nguyễn',
          'practitioner-signature': {
            kind: 'drawn',
            image: png(120, 40, { idat: Buffer.from('not zlib data at all') }),
            signerName: 'Priya Practitioner',
            signedAt: '2025-03-03T03:05:00.000Z',
          },
        },
      }),
      template,
      generatedAt: new Date('2025-03-05T02:30:00.000Z'),
      generatedBy: 'Olivia Owner',
    });
    const text = (await extractPdfText(pdf)).pages.join('\n');
    expect(text).toContain('Otautahi Care');
    expect(text).toContain('Participant: Zoë Nguyen');
    expect(text).toContain('(signature image could not be read)');
    expect(text).toContain('Signed by Priya Practitioner');
  });
});

describe('pngOf', () => {
  it('accepts a well-formed RGBA image and reads its size', () => {
    expect(pngOf(png(30, 12))).toMatchObject({ width: 30, height: 12 });
  });
  it('refuses what pdfkit could not decode safely', () => {
    expect(pngOf('data:image/png;base64,AAAA')).toBeNull();
    expect(pngOf(png(30, 12, { idat: Buffer.from('garbage') }))).toBeNull();
    // Rows of the wrong length, or an unknown filter byte.
    expect(pngOf(png(30, 12, { rows: Buffer.alloc(10) }))).toBeNull();
    const badFilter = Buffer.alloc((30 * 4 + 1) * 12);
    badFilter[0] = 9;
    expect(pngOf(png(30, 12, { rows: badFilter }))).toBeNull();
    // A huge image in a small file.
    expect(pngOf(png(5000, 1, { rows: Buffer.alloc(5000 * 4 + 1) }))).toBeNull();
  });
});

describe('pdf text', () => {
  it('turns rich text into paragraphs, headings and list items', () => {
    expect(
      richTextToBlocks(
        '<p>One <strong>bold</strong>&nbsp;word</p><p></p><ul><li>a</li><li>b<ol><li>c</li></ol></li></ul><p>x<br>y</p><blockquote><p>q</p></blockquote>',
      ),
    ).toEqual([
      { kind: 'paragraph', text: 'One bold word', depth: 0 },
      { kind: 'item', marker: '•', text: 'a', depth: 0 },
      { kind: 'item', marker: '•', text: 'b', depth: 0 },
      { kind: 'item', marker: '1.', text: 'c', depth: 1 },
      { kind: 'paragraph', text: 'x\ny', depth: 0 },
      { kind: 'quote', text: 'q', depth: 0 },
    ]);
    expect(richTextToBlocks('Plain\ntext\n\nSecond &amp; last')).toEqual([
      { kind: 'paragraph', text: 'Plain\ntext', depth: 0 },
      { kind: 'paragraph', text: 'Second & last', depth: 0 },
    ]);
    expect(richTextToBlocks('<p>a<script>alert(1)</script>b</p>')).toEqual([
      { kind: 'paragraph', text: 'ab', depth: 0 },
    ]);
  });

  it('formats values as a reader expects', () => {
    const text = (type: FormField['type'], value: Parameters<typeof fieldValueBlocks>[1]) =>
      fieldValueBlocks({ type }, value)
        .map((b) => b.text)
        .join('|');
    expect(text('date', '2025-12-01')).toBe('1 December 2025');
    expect(text('checkbox', true)).toBe('Yes');
    expect(text('checkbox', false)).toBe('No');
    expect(text('checkbox', undefined)).toBe('—');
    expect(text('multi-select', ['a', 'b'])).toBe('a, b');
    expect(text('multi-select', [])).toBe('—');
    expect(text('textarea', '<p> </p>')).toBe('—');
    expect(text('select', '')).toBe('—');
    expect(formatDate('2025-02-30x')).toBe('2025-02-30x');
    expect(formatDateTime('2025-06-30T23:59:00Z', 'Australia/Sydney')).toBe('1 July 2025, 9:59 am');
  });

  it('keeps WinAnsi characters and reduces or replaces the rest', () => {
    expect(winAnsiSafe('Café – “quoted” • €5')).toBe('Café – “quoted” • €5');
    expect(winAnsiSafe('Māori Nguyễn 王')).toBe('Maori Nguyen ?');
    expect(winAnsiSafe('a\u0000b\tc')).toBe('ab    c');
  });

  it('names the participant and the file', () => {
    const c = card();
    expect(participantLabel({ card: c })).toBe('Jordan Lee');
    expect(participantLabel({ card: { ...c, fieldValues: {} } })).toBe('participant_jorda3456');
    expect(cardPdfFileName(c, template)).toBe('SUN-00042-incident-report.pdf');
  });
});
