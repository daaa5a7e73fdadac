import { describe, expect, it } from 'vitest';
import {
  bulkExportRequest,
  bulkJobRequest,
  bulkMessages,
  MAX_BULK_ORDER_NUMBERS,
  parseTrackingList,
} from './bulk.js';

describe('parseTrackingList', () => {
  it('reads tab, comma, semicolon and space separated lines, skipping a header and blanks', () => {
    expect(
      parseTrackingList(
        'Order number\tTracking number\n1001\tRM1\n\n1002, RM2\n#1003;RM3\n1004 RM4',
      ),
    ).toEqual({
      lines: [
        { orderNumber: '1001', trackingNumber: 'RM1' },
        { orderNumber: '1002', trackingNumber: 'RM2' },
        { orderNumber: '#1003', trackingNumber: 'RM3' },
        { orderNumber: '1004', trackingNumber: 'RM4' },
      ],
      errors: [],
    });
  });

  it('names each line it cannot use', () => {
    expect(parseTrackingList('1001\n1002,RM2,extra\n1003,RM3\n1003,RM4\n,RM5').errors).toEqual([
      { line: 1, message: 'Line 1: no tracking number for order 1001' },
      { line: 2, message: 'Line 2: expected two columns, found 3' },
      { line: 4, message: 'Line 4: order 1003 is already on line 3' },
      { line: 5, message: 'Line 5: the order number is missing' },
    ]);
  });

  it('refuses a list longer than a bulk action takes', () => {
    const lines = Array.from({ length: MAX_BULK_ORDER_NUMBERS + 1 }, (_, i) => `${i},T${i}`);
    expect(parseTrackingList(lines.join('\n')).errors).toHaveLength(1);
  });
});

describe('bulkJobRequest', () => {
  it('asks a ship action for tracking numbers', () => {
    const selection = { kind: 'orders', orderNumbers: ['1'] };
    expect(
      bulkJobRequest.safeParse({ selection, action: { kind: 'ship', courier: 'DHL' } }).success,
    ).toBe(false);
    expect(
      bulkJobRequest.safeParse({
        selection,
        action: { kind: 'ship', courier: 'DHL', trackingList: '1,T1' },
      }).success,
    ).toBe(true);
  });

  it('refuses an order given two tracking numbers, or numbers given both as pairs and as a list', () => {
    const selection = { kind: 'orders', orderNumbers: ['1', '2'] };
    const pairs = [
      { orderNumber: '1', trackingNumber: 'T1' },
      { orderNumber: '1', trackingNumber: 'T3' },
    ];
    const twice = bulkJobRequest.safeParse({
      selection,
      action: { kind: 'ship', courier: 'DHL', trackingNumbers: pairs },
    });
    expect(twice.error?.issues.map((issue) => issue.message)).toEqual([
      bulkMessages.givenTwice('1'),
    ]);
    const both = bulkJobRequest.safeParse({
      selection,
      action: { kind: 'ship', courier: 'DHL', trackingNumbers: [pairs[0]], trackingList: '2,T2' },
    });
    expect(both.error?.issues.map((issue) => issue.message)).toEqual([bulkMessages.listAndPairs]);
  });

  it('asks an apply-rule action for the rule', () => {
    const selection = { kind: 'orders', orderNumbers: ['1'] };
    expect(bulkJobRequest.safeParse({ selection, action: { kind: 'apply_rule' } }).success).toBe(
      false,
    );
    expect(
      bulkJobRequest.safeParse({ selection, action: { kind: 'apply_rule', ruleId: 'r1' } }).success,
    ).toBe(true);
  });
});

describe('bulkExportRequest', () => {
  it("takes a selection and one of the report export's formats", () => {
    const selection = { kind: 'matching', filter: { status: 'pending' } };
    expect(bulkExportRequest.parse({ selection, format: 'xlsx' })).toEqual({
      selection: { kind: 'matching', filter: { status: 'pending', omitShipped: true } },
      format: 'xlsx',
    });
    expect(
      bulkExportRequest.safeParse({ selection, format: 'docx' }).error?.issues[0]?.message,
    ).toBe('format must be csv, xlsx or pdf');
  });
});
