import { useState, type FormEvent } from 'react';
import { searchReport, type ResponseOf } from '@onvelope/contracts';
import { merchantApi } from '../api.js';
import { Modal } from '../components/Modal.js';
import { Pagination } from '../components/Pagination.js';
import {
  emptyReportFilters,
  reportFieldErrors,
  reportSearchBody,
  type ReportFieldErrors,
  type ReportFilterForm,
} from './report-filters.js';
import { ExportButtons } from './ExportButtons.js';
import './reports.css';
import { reportSearchFailure } from './report-messages.js';
import { ReportFilters } from './ReportFilters.js';
import { ReportTable } from './ReportTable.js';
import { useReportExport } from './use-report-export.js';

type ReportAnswer = ResponseOf<typeof searchReport>;

/**
 * spec 000 §2 "Advanced reports and export panel": the filters and a search action, then the
 * results modal with the report table, paging (100 a page) and the csv / xlsx / pdf exports of the
 * same filters. The filters stay as typed when the seller goes back to change them.
 */
export function ReportsPanel({ onClose }: { onClose: () => void }) {
  const [form, setForm] = useState<ReportFilterForm>(emptyReportFilters);
  // The filters of the shown results: paging and export use these, not a half-edited form.
  const [searched, setSearched] = useState<ReportFilterForm | null>(null);
  const [answer, setAnswer] = useState<ReportAnswer | null>(null);
  const [errors, setErrors] = useState<ReportFieldErrors>({});
  const [searching, setSearching] = useState(false);
  const [showResults, setShowResults] = useState(false);
  const exporter = useReportExport();

  async function search(filters: ReportFilterForm, page: number) {
    setSearching(true);
    setErrors({});
    try {
      const result = await merchantApi.call(searchReport, {
        body: reportSearchBody(filters, page),
      });
      setSearched(filters);
      setAnswer(result);
      setShowResults(true);
    } catch (error) {
      const fieldErrors = reportFieldErrors(error);
      setErrors(
        Object.keys(fieldErrors).length > 0 ? fieldErrors : { form: reportSearchFailure(error) },
      );
      // A failed page change is shown on the filters, beside the field to fix.
      setShowResults(false);
    } finally {
      setSearching(false);
    }
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void search(form, 1);
  };

  if (showResults && answer && searched) {
    return (
      <Modal title="Report results" onClose={onClose} testId="report-results" wide>
        <div className="me-report-results__head">
          <p data-testid="report-total">
            {answer.total === 1 ? '1 order' : `${answer.total.toLocaleString('en-US')} orders`}{' '}
            match
          </p>
          <button
            type="button"
            className="ov-button ov-button--secondary"
            onClick={() => setShowResults(false)}
            data-testid="report-back"
          >
            Change filters
          </button>
          {searching && <span className="ov-spinner" role="status" aria-label="Loading" />}
        </div>
        <ExportButtons
          exporting={exporter.exporting}
          error={exporter.error}
          onExport={(format) => void exporter.run(searched, format)}
        />
        <ReportTable rows={answer.data} />
        <Pagination
          page={answer.page}
          limit={answer.pageSize}
          total={answer.total}
          pages={answer.totalPages}
          onPage={(page) => void search(searched, page)}
        />
      </Modal>
    );
  }

  return (
    <Modal title="Reports and Export" onClose={onClose} testId="reports-panel" wide>
      <form onSubmit={submit} noValidate data-testid="report-form">
        <ReportFilters form={form} errors={errors} onChange={setForm} />
        {errors.form && (
          <p className="ov-alert ov-alert--error" role="alert" data-testid="report-error">
            {errors.form}
          </p>
        )}
        <div className="me-report-actions">
          <button
            type="button"
            className="ov-button ov-button--secondary"
            onClick={() => setForm(emptyReportFilters)}
            data-testid="report-reset"
          >
            Clear filters
          </button>
          <button
            type="submit"
            className="ov-button"
            disabled={searching}
            data-testid="report-search"
          >
            {searching ? 'Searching…' : 'Search'}
          </button>
        </div>
      </form>
      <ExportButtons
        exporting={exporter.exporting}
        error={exporter.error}
        onExport={(format) => void exporter.run(form, format)}
      />
    </Modal>
  );
}
