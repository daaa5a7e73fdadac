import { reportSortFields } from '@onvelope/contracts';
import { statusLabel } from '@onvelope/ui';
import { Field } from '../components/Field.js';
import {
  reportStatuses,
  type ReportFieldErrors,
  type ReportFilterForm,
  type ReportSortField,
} from './report-filters.js';

const sortLabels: Record<ReportSortField, string> = {
  createdAt: 'Created',
  orderDate: 'Order date',
  shippedAt: 'Shipped date',
  orderNumber: 'Order number',
  customerFirstName: 'First name',
  customerLastName: 'Last name',
  customerEmail: 'Email',
  status: 'Status',
  courier: 'Courier',
  trackingNumber: 'Tracking number',
  shippingCountry: 'Shipping country',
};

const textFields = [
  { name: 'orderNumber', label: 'Order number', type: 'text' },
  { name: 'email', label: 'Email', type: 'text' },
  { name: 'courierContains', label: 'Courier contains', type: 'text' },
  { name: 'q', label: 'Tracking number', type: 'text' },
  { name: 'itemsContains', label: 'Items contain', type: 'text' },
  { name: 'shippingCountryContains', label: 'Shipping country contains', type: 'text' },
  { name: 'createdFrom', label: 'Created from', type: 'date' },
  { name: 'createdTo', label: 'Created to', type: 'date' },
] as const;

interface ReportFiltersProps {
  form: ReportFilterForm;
  errors: ReportFieldErrors;
  onChange: (form: ReportFilterForm) => void;
}

/** Every filter of spec 000 §7 `POST /api/reports/search`, each with the service's error beside it. */
export function ReportFilters({ form, errors, onChange }: ReportFiltersProps) {
  const set = <K extends keyof ReportFilterForm>(name: K, value: ReportFilterForm[K]) =>
    onChange({ ...form, [name]: value });
  return (
    <div className="me-report-filters">
      {textFields.map((field) => (
        <Field
          key={field.name}
          label={field.label}
          type={field.type}
          value={form[field.name]}
          onChange={(value) => set(field.name, value)}
          error={errors[field.name]}
          testId={`report-${field.name}`}
        />
      ))}
      <Select
        label="Status"
        value={form.status}
        options={reportStatuses.map((value) => [
          value,
          value === 'all' ? 'All' : statusLabel(value),
        ])}
        onChange={(value) => set('status', value as ReportFilterForm['status'])}
        error={errors.status}
        testId="report-status"
      />
      <Select
        label="Sort by"
        value={form.sortBy}
        options={reportSortFields.map((value) => [value, sortLabels[value]])}
        onChange={(value) => set('sortBy', value as ReportSortField)}
        error={errors.sortBy}
        testId="report-sortBy"
      />
      <Select
        label="Direction"
        value={form.sortDir}
        options={[
          ['desc', 'Descending'],
          ['asc', 'Ascending'],
        ]}
        onChange={(value) => set('sortDir', value as ReportFilterForm['sortDir'])}
        error={errors.sortDir}
        testId="report-sortDir"
      />
    </div>
  );
}

interface SelectProps {
  label: string;
  value: string;
  options: ReadonlyArray<readonly [string, string]>;
  onChange: (value: string) => void;
  error: string | undefined;
  testId: string;
}

function Select({ label, value, options, onChange, error, testId }: SelectProps) {
  return (
    <label className="ov-field me-field">
      <span>{label}</span>
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        data-testid={testId}
      >
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
      {error && (
        <span className="me-field__error" data-testid={`${testId}-error`}>
          {error}
        </span>
      )}
    </label>
  );
}
