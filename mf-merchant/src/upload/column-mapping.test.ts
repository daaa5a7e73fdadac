import { describe, expect, it } from 'vitest';
import type { ImportPreview } from '@onvelope/contracts';
import {
  chooseColumn,
  chosenMapping,
  fieldColumns,
  importBlockers,
  matchedRowsSummary,
  needsMatching,
  readingSummary,
  requirementHint,
  templateNameFor,
  templateNameMissing,
  unusedColumns,
  type MappingChoices,
} from './column-mapping.js';

const headers = ['Ref', 'Client', 'Client mail', 'Zip', 'Bought on', 'Goods'];

/** The step as it opens on the unknown layout: only Zip guessed. */
const opening = (): MappingChoices => ({
  headers,
  columns: fieldColumns({ postcode: 'Zip' }),
  saveTemplate: true,
  templateName: 'march',
});

function preview(overrides: Partial<ImportPreview>): ImportPreview {
  return {
    reading: [],
    platform: null,
    headers,
    mapping: fieldColumns({}),
    mappingSource: 'guessed',
    template: null,
    missingFields: [],
    ignoredColumns: [],
    rows: [],
    ...overrides,
  };
}

describe('the mapping choices', () => {
  it('give every field a column or null, and send only the fields with one', () => {
    const columns = fieldColumns({ postcode: 'Zip', email: null });
    expect(columns.postcode).toBe('Zip');
    expect(columns.email).toBeNull();
    expect(columns.orderNumber).toBeNull();
    expect(chosenMapping(chooseColumn(columns, 'orderNumber', 'Ref'))).toEqual({
      orderNumber: 'Ref',
      postcode: 'Zip',
    });
  });

  it('clear a field chosen as "not in this file" and list the columns left unused', () => {
    let columns = chooseColumn(opening().columns, 'orderNumber', 'Ref');
    columns = chooseColumn(columns, 'email', 'Client mail');
    expect(unusedColumns(headers, columns)).toEqual(['Client', 'Bought on', 'Goods']);
    columns = chooseColumn(columns, 'postcode', null);
    expect(unusedColumns(headers, columns)).toEqual(['Client', 'Zip', 'Bought on', 'Goods']);
  });
});

describe('the reasons Upload is disabled', () => {
  it('name each requirement with no column until it has one', () => {
    expect(importBlockers(opening())).toEqual([
      'Choose the column with an order number.',
      'Choose the column with a buyer to reach: an e-mail or a name.',
    ]);
    const numbered = chooseColumn(opening().columns, 'orderNumber', 'Ref');
    expect(importBlockers({ ...opening(), columns: numbered })).toEqual([
      'Choose the column with a buyer to reach: an e-mail or a name.',
    ]);
  });

  it('take a name as well as an e-mail for the buyer', () => {
    const columns = chooseColumn(
      chooseColumn(opening().columns, 'orderNumber', 'Ref'),
      'customerName',
      'Client',
    );
    expect(importBlockers({ ...opening(), columns })).toEqual([]);
  });

  it('say so when one column is chosen for two fields that cannot share it', () => {
    const columns = chooseColumn(
      chooseColumn(opening().columns, 'orderNumber', 'Ref'),
      'email',
      'Ref',
    );
    expect(importBlockers({ ...opening(), columns })).toEqual([
      'Column “Ref” is chosen for Order number and Buyer e-mail; a column can fill one of them',
    ]);
  });

  it('ask for a template name only while the template is to be saved', () => {
    const ready = {
      ...opening(),
      columns: fieldColumns({ orderNumber: 'Ref', email: 'Client mail' }),
      templateName: '  ',
    };
    expect(importBlockers(ready)).toEqual([templateNameMissing]);
    expect(importBlockers({ ...ready, saveTemplate: false })).toEqual([]);
  });
});

describe('when the uploader asks the seller to match the columns', () => {
  it('asks for a layout whose columns were guessed from names of its own, or that lacks a field', () => {
    const guessed = fieldColumns({ orderNumber: 'Order Ref', email: 'Mail' });
    expect(needsMatching(preview({ mapping: guessed }))).toBe(true);
    expect(needsMatching(preview({ missingFields: ['email'], mappingSource: 'template' }))).toBe(
      true,
    );
  });

  it("goes straight to Upload for a store export, a saved template and the template's own columns", () => {
    const own = fieldColumns({ orderNumber: 'orderNumber', email: 'Email', postcode: 'postcode' });
    expect(needsMatching(preview({ mapping: own }))).toBe(false);
    expect(needsMatching(preview({ mappingSource: 'recognised', platform: 'Shopify' }))).toBe(
      false,
    );
    expect(needsMatching(preview({ mappingSource: 'template' }))).toBe(false);
  });

  it('says how the columns are read', () => {
    const template = { templateId: 't1', name: 'Market stall' };
    expect(readingSummary(preview({ mappingSource: 'template', template }))).toBe(
      'Using your saved template “Market stall”',
    );
    expect(
      readingSummary(preview({ mappingSource: 'recognised', platform: 'Shopify orders export' })),
    ).toBe('Read as a Shopify orders export');
    expect(readingSummary(preview({}))).toBe('Read by its column names');
  });
});

describe('the step’s words', () => {
  it('marks the order number required, and each buyer field as one way to meet its requirement', () => {
    expect(requirementHint('orderNumber')).toBe('required');
    expect(requirementHint('email')).toBe('one buyer field required');
    expect(requirementHint('customerName')).toBe('one buyer field required');
    expect(requirementHint('postcode')).toBeNull();
  });

  it('names a template after the file, without its extension', () => {
    expect(templateNameFor('march-orders.csv')).toBe('march-orders');
    expect(templateNameFor('.csv')).toBe('My column template');
    expect(templateNameFor(`${'x'.repeat(100)}.xlsx`)).toHaveLength(80);
  });
});

describe('the words a screen reader hears when the rows are read again', () => {
  it('count the rows that become orders and those with problems', () => {
    const order = {
      orderNumber: 'MS-1',
      buyerName: 'Ann Lee',
      email: '',
      postcode: '',
      country: '',
      status: '',
      orderDate: '',
      items: '',
      orderTotal: '',
      currency: '',
    };
    const row = (line: number, errors: string[]) => ({
      line,
      cells: [],
      order: errors.length ? null : order,
      errors,
    });
    expect(matchedRowsSummary([row(2, []), row(3, [])])).toBe('2 of 2 rows become orders');
    expect(matchedRowsSummary([row(2, []), row(3, ['Order number is required'])])).toBe(
      '1 of 2 rows become orders; 1 row has problems',
    );
  });
});
