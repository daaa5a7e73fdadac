import { describe, expect, it } from 'vitest';
import { ApiError } from '@onvelope/ui';
import {
  dayBoundary,
  emptyReportFilters,
  exportFailureMessage,
  fallbackReportFilename,
  reportFieldErrors,
  reportSearchBody,
} from './report-filters.js';

describe('reportSearchBody', () => {
  it('sends only the sort and a page of 100 when no filter is filled', () => {
    expect(reportSearchBody(emptyReportFilters, 1)).toEqual({
      sortBy: 'createdAt',
      sortDir: 'desc',
      page: 1,
      pageSize: 100,
    });
  });

  it('trims the text filters, leaves blanks out and sends a chosen status', () => {
    const body = reportSearchBody(
      {
        ...emptyReportFilters,
        orderNumber: ' 1001 ',
        email: '',
        status: 'shipped',
        courierContains: 'royal',
        q: ' RM12 ',
        itemsContains: 'mug',
        shippingCountryContains: 'Kingdom',
        sortBy: 'orderNumber',
        sortDir: 'asc',
      },
      3,
    );
    expect(body).toEqual({
      orderNumber: '1001',
      status: 'shipped',
      courierContains: 'royal',
      q: 'RM12',
      itemsContains: 'mug',
      shippingCountryContains: 'Kingdom',
      sortBy: 'orderNumber',
      sortDir: 'asc',
      page: 3,
      pageSize: 100,
    });
  });

  it('covers the whole of the from and to days', () => {
    const body = reportSearchBody(
      { ...emptyReportFilters, createdFrom: '2026-03-01', createdTo: '2026-03-01' },
      1,
    );
    const from = new Date(body.createdFrom!);
    const to = new Date(body.createdTo!);
    expect([from.getHours(), from.getMinutes(), from.getDate()]).toEqual([0, 0, 1]);
    expect([to.getHours(), to.getMinutes(), to.getSeconds(), to.getDate()]).toEqual([
      23, 59, 59, 1,
    ]);
  });
});

describe('dayBoundary', () => {
  it('sends a value that is not a date as typed, for the service to name the field', () => {
    expect(dayBoundary('yesterday', 'start')).toBe('yesterday');
    expect(dayBoundary('  ', 'end')).toBeUndefined();
  });
});

describe('reportFieldErrors', () => {
  it('puts each validation message beside the field its path names', () => {
    const error = new ApiError(400, 'Validation failed', [
      { path: 'body.createdFrom', message: 'createdFrom must not be after createdTo' },
      { path: 'body.sortBy', message: 'sortBy must be one of createdAt, ...' },
      { path: 'body', message: 'Something about the whole request' },
    ]);
    expect(reportFieldErrors(error)).toEqual({
      createdFrom: 'createdFrom must not be after createdTo',
      sortBy: 'sortBy must be one of createdAt, ...',
      form: 'Something about the whole request',
    });
  });

  it("shows the server's error on the form when it names no field", () => {
    const error = new ApiError(503, 'down', [], { serverMessage: 'Orders are unavailable' });
    expect(reportFieldErrors(error)).toEqual({ form: 'Orders are unavailable' });
  });
});

describe('exportFailureMessage', () => {
  it("says 'Export failed: status' with the server's reason", () => {
    const error = new ApiError(400, 'x', [{ message: 'More than 10,000 orders match.' }], {
      serverMessage: 'PDF export is limited to 10,000 rows.',
    });
    expect(exportFailureMessage(error)).toBe(
      'Export failed: 400 - PDF export is limited to 10,000 rows. More than 10,000 orders match.',
    );
    expect(exportFailureMessage(new ApiError(502, 'HTTP 502'))).toBe('Export failed: 502');
  });

  it('names a network failure', () => {
    expect(exportFailureMessage(new ApiError(0, 'Network request failed'))).toBe(
      'Export failed: network error',
    );
  });
});

describe('fallbackReportFilename', () => {
  it('is the product prefix, a UTC timestamp and the extension', () => {
    expect(fallbackReportFilename('xlsx', new Date('2026-03-01T14:05:09Z'))).toBe(
      'onvelope-report-20260301-140509.xlsx',
    );
  });
});
