import { describe, expect, it } from 'vitest';
import {
  csvPreviewBytes,
  type ColumnMapping,
  type ImportPreview,
  type ImportTemplate,
  type UploadResult,
} from '@onvelope/contracts';
import { trackingEntryModel } from '../src/data/tracking-entry.model.js';
import { useOrdersHarness } from './service-harness.js';

/** A layout of the seller's own, whose names the import knows only two of (Post code, Amount). */
const ownLayout = [
  'Ref;Addressee;Contact;Post code;Land;Bought;Amount;Money;Memo',
  'A-1;Ada Lovelace;ada@example.com;SW1A 1AA;United Kingdom;2 Mug;25.00;GBP;gift wrap',
  'A-2;Alan Turing;alan@example.com;M1 1AE;GB;1 Poster;9.50;GBP;',
  'A-3;;;;GB;1 Mug;12.00;GBP;',
].join('\r\n');

const ownMapping: ColumnMapping = {
  orderNumber: 'Ref',
  customerName: 'Addressee',
  email: 'Contact',
  postcode: 'Post code',
  shippingCountry: 'Land',
  items: 'Bought',
  orderTotal: 'Amount',
  currency: 'Money',
};

describe('the mapping step (issue 39)', () => {
  const orders = useOrdersHarness({ env: { AUTH_COMMAND_TIMEOUT_MS: '500' } });
  let sellers = 0;

  /** A seller of their own, and their calls. */
  const seller = async () => {
    const accountId = `mapping-seller-${(sellers += 1)}`;
    const token = await orders.issuer.merchantToken(accountId);
    const authorization = `Bearer ${token}`;
    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${orders.url}${path}`, {
        ...init,
        headers: { authorization, ...(init.headers as Record<string, string> | undefined) },
      });
    /** The file as the browser's form sends it: the mapping field, if any, before the file. */
    const form = (content: string, mapping?: ColumnMapping | string) => {
      const body = new FormData();
      if (mapping !== undefined) {
        body.append('mapping', typeof mapping === 'string' ? mapping : JSON.stringify(mapping));
      }
      body.append('csvFile', new Blob([content], { type: 'text/csv' }), 'orders.csv');
      return { method: 'POST', body };
    };
    return {
      accountId,
      preview: (content: string, mapping?: ColumnMapping | string) =>
        call('/api/upload/preview', form(content, mapping)),
      upload: (content: string, mapping?: ColumnMapping | string) =>
        call('/api/upload/csv', form(content, mapping)),
      templates: async () =>
        (
          (await (await call('/api/upload/import-templates')).json()) as {
            templates: ImportTemplate[];
          }
        ).templates,
      saveTemplate: (body: unknown) =>
        call('/api/upload/import-templates', {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        }),
      deleteTemplate: (templateId: string) =>
        call(`/api/upload/import-templates/${templateId}`, { method: 'DELETE' }),
    };
  };
  type Seller = Awaited<ReturnType<typeof seller>>;

  const storedOf = async (accountId: string) =>
    new Map(
      (await trackingEntryModel(orders.db).find({ accountId }).lean()).map((entry) => [
        entry.orderNumber,
        entry,
      ]),
    );
  const json = async <T>(response: Response, status = 200): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  };
  const saveOwnTemplate = async (caller: Seller, name = 'Market stall sheet') =>
    json<ImportTemplate>(
      await caller.saveTemplate({
        name,
        headers: ownLayout.split('\r\n')[0]!.split(';'),
        mapping: ownMapping,
      }),
      201,
    );

  it('previews a layout of its own with its guesses and the fields still missing', async () => {
    const caller = await seller();
    const preview = await json<ImportPreview>(await caller.preview(ownLayout));
    expect(preview).toMatchObject({
      platform: null,
      headers: [
        'Ref',
        'Addressee',
        'Contact',
        'Post code',
        'Land',
        'Bought',
        'Amount',
        'Money',
        'Memo',
      ],
      mappingSource: 'guessed',
      template: null,
      missingFields: ['orderNumber', 'email'],
      ignoredColumns: ['Ref', 'Addressee', 'Contact', 'Land', 'Bought', 'Money', 'Memo'],
    });
    expect(preview.mapping).toMatchObject({
      postcode: 'Post code',
      itemTotal: 'Amount',
      orderNumber: null,
      customerName: null,
      email: null,
    });
    expect(preview.reading).toContain('File read as semicolon-separated');
    expect(preview.rows.map((row) => row.line)).toEqual([2, 3, 4]);
    expect(preview.rows[0]!.cells[0]).toBe('A-1');
    // Nothing is stored by a preview.
    expect((await storedOf(caller.accountId)).size).toBe(0);
    // The import refuses the file as it is, naming what the preview named.
    const refused = await json<{ error: string }>(await caller.upload(ownLayout), 400);
    expect(refused.error).toBe(
      'The CSV file is missing required columns: orderNumber, email or buyer name',
    );
  });

  it('shows what each row would become with a mapping, and the import stores exactly that', async () => {
    const caller = await seller();
    const preview = await json<ImportPreview>(await caller.preview(ownLayout, ownMapping));
    expect(preview).toMatchObject({ mappingSource: 'given', missingFields: [] });
    expect(preview.ignoredColumns).toEqual(['Memo']);
    expect(preview.rows[0]).toEqual({
      line: 2,
      cells: ownLayout.split('\r\n')[1]!.split(';'),
      order: {
        orderNumber: 'A-1',
        buyerName: 'Ada Lovelace',
        email: 'ada@example.com',
        postcode: 'SW1A 1AA',
        country: 'GB',
        status: '',
        orderDate: '',
        items: '2 Mug',
        orderTotal: '25',
        currency: 'GBP',
      },
      errors: [],
    });
    // A row without a buyer is refused by the import's own words, and shown so.
    expect(preview.rows[2]).toMatchObject({
      order: null,
      errors: ["No buyer: a new order needs at least the buyer's name or email"],
    });

    const result = await json<UploadResult>(await caller.upload(ownLayout, ownMapping));
    expect(result).toMatchObject({ totalRows: 3, successfulRows: 2, failedRows: 1 });
    expect(result.assumptions).toContain(
      'Columns used: Ref → Order number, Addressee → Buyer name, Contact → Buyer e-mail, Post code → Postcode / ZIP, Land → Country, Bought → Items (e.g. “2 x Mug; 1 x Poster”), Amount → Items total, Money → Currency, Amount → Order total (paid)',
    );
    expect(result.warnings).toContainEqual({
      row: 1,
      message: 'Columns not used by the import: Memo',
    });
    const stored = await storedOf(caller.accountId);
    for (const { order } of preview.rows.slice(0, 2)) {
      expect(stored.get(order!.orderNumber)).toMatchObject({
        customerName: order!.buyerName,
        email: order!.email,
        postcode: order!.postcode,
        shippingCountry: order!.country,
        items: order!.items,
        orderTotal: Number(order!.orderTotal),
        currency: order!.currency,
        status: 'pending',
      });
    }
    expect(stored.has('A-3')).toBe(false);
  });

  it('leaves out the last row of a head the browser cut', async () => {
    const caller = await seller();
    // Wide rows from a column the import leaves out (a note is refused past 10,000 characters).
    const filler = 'n'.repeat(60 * 1024);
    const file = [
      'Order Number,Email,Internal Data',
      ...[1, 2, 3, 4, 5].map((n) => `C-${n},c${n}@example.com,${filler}`),
    ].join('\n');
    const head = file.slice(0, csvPreviewBytes);
    const preview = await json<ImportPreview>(await caller.preview(head));
    expect(preview.rows.map(({ order }) => order?.orderNumber)).toEqual([
      'C-1',
      'C-2',
      'C-3',
      'C-4',
    ]);
    expect(preview.missingFields).toEqual([]);
  });

  it('imports the next file of a saved layout by its template alone, and says so', async () => {
    const caller = await seller();
    const template = await saveOwnTemplate(caller);
    expect(template).toMatchObject({ name: 'Market stall sheet', mapping: ownMapping });

    const preview = await json<ImportPreview>(await caller.preview(ownLayout));
    expect(preview).toMatchObject({
      mappingSource: 'template',
      template: { templateId: template.templateId, name: 'Market stall sheet' },
      missingFields: [],
    });
    const result = await json<UploadResult>(await caller.upload(ownLayout));
    expect(result).toMatchObject({ successfulRows: 2, failedRows: 1 });
    expect(result.assumptions).toContain(
      'Columns mapped by your saved template “Market stall sheet”',
    );
    expect((await storedOf(caller.accountId)).get('A-2')).toMatchObject({
      customerName: 'Alan Turing',
      email: 'alan@example.com',
    });

    // Saving for the same layout again replaces the template.
    const renamed = await saveOwnTemplate(caller, 'Stall, renamed');
    expect(renamed.templateId).toBe(template.templateId);
    expect((await caller.templates()).map(({ name }) => name)).toEqual(['Stall, renamed']);
  });

  it('does not use a template for a different layout', async () => {
    const caller = await seller();
    await saveOwnTemplate(caller);
    const other = ownLayout.replace('Memo', 'Gift message');
    const preview = await json<ImportPreview>(await caller.preview(other));
    expect(preview).toMatchObject({ mappingSource: 'guessed', template: null });
    expect((await json<{ error: string }>(await caller.upload(other), 400)).error).toContain(
      'missing required columns',
    );
  });

  it('refuses a mapping that does not fit the file, in plain words', async () => {
    const caller = await seller();
    const unknownColumn = await json<{ error: string; details: { message: string }[] }>(
      await caller.preview(ownLayout, { ...ownMapping, email: 'E-mail' }),
      400,
    );
    expect(unknownColumn).toMatchObject({
      error: 'The column mapping does not fit the file',
      details: [{ message: 'Buyer e-mail: the file has no column “E-mail”' }],
    });
    const twice = await json<{ details: { message: string }[] }>(
      await caller.upload(ownLayout, { ...ownMapping, email: 'Addressee' }),
      400,
    );
    expect(twice.details[0]!.message).toBe(
      'Column “Addressee” is chosen for Buyer name and Buyer e-mail; a column can fill one of them',
    );
    const notJson = await json<{ error: string }>(await caller.upload(ownLayout, '{oops'), 400);
    expect(notJson.error).toMatch(/^The mapping field must be JSON/);
    const unknownField = await caller.preview(ownLayout, JSON.stringify({ buyer: 'Addressee' }));
    expect(unknownField.status).toBe(400);
    const badTemplate = await caller.saveTemplate({
      name: 'Bad',
      headers: ['Ref', 'Contact'],
      mapping: { orderNumber: 'Order' },
    });
    expect(badTemplate.status).toBe(400);
    expect((await storedOf(caller.accountId)).size).toBe(0);
    expect(await caller.templates()).toEqual([]);
  });

  it("keeps each seller's templates their own: not listed, used or deletable by another", async () => {
    const owner = await seller();
    const other = await seller();
    const template = await saveOwnTemplate(owner);
    expect(await other.templates()).toEqual([]);
    expect((await json<ImportPreview>(await other.preview(ownLayout))).mappingSource).toBe(
      'guessed',
    );
    expect((await other.upload(ownLayout)).status).toBe(400);
    expect((await other.deleteTemplate(template.templateId)).status).toBe(404);
    expect((await other.deleteTemplate('not-an-id')).status).toBe(404);
    expect((await owner.templates()).map(({ templateId }) => templateId)).toEqual([
      template.templateId,
    ]);
    expect(await json(await owner.deleteTemplate(template.templateId))).toEqual({
      message: 'Import template deleted',
      deletedCount: 1,
    });
    expect(await owner.templates()).toEqual([]);
    expect((await owner.deleteTemplate(template.templateId)).status).toBe(404);
  });

  it('imports a file of an order number and an e-mail alone', async () => {
    const caller = await seller();
    const result = await json<UploadResult>(
      await caller.upload('Order Number,Email\r\nE-1,eve@example.com\r\n'),
    );
    expect(result).toMatchObject({ successfulRows: 1, failedRows: 0 });
    expect((await storedOf(caller.accountId)).get('E-1')).toMatchObject({
      email: 'eve@example.com',
      status: 'pending',
    });
  });
});
