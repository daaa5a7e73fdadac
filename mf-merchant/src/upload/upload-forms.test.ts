import { describe, expect, it } from 'vitest';
import { csvPreviewBytes } from '@onvelope/contracts';
import { importForm, previewForm } from './upload-forms.js';

const fieldNames = (form: FormData) => [...form.keys()];
const sentFile = (form: FormData) => form.get('csvFile') as File;

describe('the upload and preview bodies', () => {
  it('send the mapping before the file, and no mapping field when the seller matched nothing', () => {
    const file = new File(['Ref,Client\r\nA-1,Ann\r\n'], 'march.csv', { type: 'text/csv' });
    const form = importForm(file, { orderNumber: 'Ref', customerName: 'Client' });
    expect(fieldNames(form)).toEqual(['mapping', 'csvFile']);
    expect(JSON.parse(String(form.get('mapping')))).toEqual({
      orderNumber: 'Ref',
      customerName: 'Client',
    });
    expect(sentFile(form).name).toBe('march.csv');
    expect(fieldNames(importForm(file, null))).toEqual(['csvFile']);
  });

  it("send a text file's head for the preview, and a workbook whole", async () => {
    const big = new File(['x'.repeat(csvPreviewBytes + 5000)], 'big.csv', { type: 'text/csv' });
    const head = sentFile(previewForm(big, null));
    expect(head.size).toBe(csvPreviewBytes);
    expect(head.name).toBe('big.csv');
    const workbook = new File([new Uint8Array(csvPreviewBytes + 5000)], 'orders.xlsx');
    expect(sentFile(previewForm(workbook, null)).size).toBe(csvPreviewBytes + 5000);
    expect(await sentFile(importForm(big, null)).text()).toHaveLength(csvPreviewBytes + 5000);
  });
});
