import { describe, expect, it } from 'vitest';
import {
  columnMapping,
  importFieldNames,
  mappingProblems,
  missingImportFields,
  saveImportTemplateRequest,
} from './import-mapping.js';

describe('the mapping step’s contract', () => {
  it('needs only an order number and a buyer to reach, by e-mail or by name', () => {
    expect(missingImportFields([])).toEqual(['orderNumber', 'email']);
    expect(missingImportFields(['orderNumber'])).toEqual(['email']);
    expect(missingImportFields(['orderNumber', 'email'])).toEqual([]);
    expect(missingImportFields(['orderNumber', 'customerName'])).toEqual([]);
    expect(missingImportFields(['lastName', 'postcode'])).toEqual(['orderNumber']);
  });

  it('refuses a column the file does not have, and one column read as two unlike fields', () => {
    const headers = ['Ref', 'Who', 'Paid'];
    expect(mappingProblems(headers, { orderNumber: 'Ref', customerName: 'Who' })).toEqual([]);
    expect(mappingProblems(headers, { orderNumber: 'Order', email: null })).toEqual([
      'Order number: the file has no column “Order”',
    ]);
    expect(mappingProblems(headers, { customerName: 'Who', email: 'Who' })).toEqual([
      'Column “Who” is chosen for Buyer name and Buyer e-mail; a column can fill one of them',
    ]);
    // One amount for an order of one item is its price, its items total and what was paid.
    expect(mappingProblems(headers, { itemPrice: 'Paid', orderTotal: 'Paid' })).toEqual([]);
  });

  it('reads only known fields, and validates a template against its own headers', () => {
    expect(columnMapping.safeParse({ buyer: 'Who' }).success).toBe(false);
    expect(importFieldNames).toContain('orderNumber');
    const saved = saveImportTemplateRequest.safeParse({
      name: ' Etsy sheet ',
      headers: ['Ref', 'Who'],
      mapping: { orderNumber: 'Ref', email: 'Mail' },
    });
    expect(saved.success).toBe(false);
    expect(saved.error?.issues.map((issue) => issue.message)).toEqual([
      'Buyer e-mail: the file has no column “Mail”',
    ]);
    const good = saveImportTemplateRequest.parse({
      name: ' Etsy sheet ',
      headers: ['Ref', 'Who'],
      mapping: { orderNumber: 'Ref', customerName: 'Who' },
    });
    expect(good.name).toBe('Etsy sheet');
  });
});
