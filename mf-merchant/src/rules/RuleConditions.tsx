import {
  countryNames,
  listOperatorLabels,
  numberOperatorLabels,
  ruleConditionFields,
  textOperatorLabels,
  trackingEntryStatuses,
  MAX_RULE_CONDITIONS,
  type RuleConditionField,
} from '@onvelope/contracts';
import { statusLabel } from '../shared/display-format.js';
import {
  conditionFieldLabels,
  conditionKindOf,
  newConditionRow,
  operatorsOfKind,
  withField,
  type ConditionRow,
  type ConditionsForm,
} from './rule-conditions.js';

const operatorLabels: Record<string, string> = {
  ...textOperatorLabels,
  ...numberOperatorLabels,
  ...listOperatorLabels,
};

// Sorted by name, as a seller looks for a country.
const countryChoices = Object.entries(countryNames).sort(([, a], [, b]) => a.localeCompare(b));

interface RuleConditionsProps {
  value: ConditionsForm;
  onChange: (value: ConditionsForm) => void;
}

/**
 * The conditions builder (issue 38 item 7): rows of field, operator and value, and whether all of
 * them (and the keyword) must hold or any one.
 */
export function RuleConditions({ value, onChange }: RuleConditionsProps) {
  const setRow = (row: ConditionRow) =>
    onChange({ ...value, rows: value.rows.map((each) => (each.key === row.key ? row : each)) });
  const removeRow = (row: ConditionRow) =>
    onChange({ ...value, rows: value.rows.filter((each) => each.key !== row.key) });

  return (
    <fieldset className="me-rule-conditions" data-testid="rule-conditions">
      <legend>Conditions on other fields (optional)</legend>
      {value.rows.length > 0 && (
        <div className="me-rule-conditions__match" role="radiogroup" aria-label="Match">
          <span>The order must match</span>
          {(['all', 'any'] as const).map((mode) => (
            <label key={mode} className="me-inline-field">
              <input
                type="radio"
                name="rule-match"
                checked={value.match === mode}
                onChange={() => onChange({ ...value, match: mode })}
                data-testid={`rule-match-${mode}`}
              />
              {mode === 'all' ? 'all conditions' : 'any condition'}
            </label>
          ))}
        </div>
      )}
      {value.rows.map((row, index) => (
        <ConditionRowEditor
          key={row.key}
          row={row}
          index={index}
          onChange={setRow}
          onRemove={() => removeRow(row)}
        />
      ))}
      <button
        type="button"
        className="ov-button ov-button--secondary"
        onClick={() => onChange({ ...value, rows: [...value.rows, newConditionRow()] })}
        disabled={value.rows.length >= MAX_RULE_CONDITIONS}
        data-testid="rule-add-condition"
      >
        Add condition
      </button>
    </fieldset>
  );
}

interface ConditionRowEditorProps {
  row: ConditionRow;
  index: number;
  onChange: (row: ConditionRow) => void;
  onRemove: () => void;
}

function ConditionRowEditor({ row, index, onChange, onRemove }: ConditionRowEditorProps) {
  const kind = conditionKindOf[row.field];
  const label = `Condition ${index + 1}`;
  return (
    <div className="me-rule-condition" data-testid="rule-condition">
      <div className="me-rule-condition__line">
        <select
          value={row.field}
          onChange={(event) => onChange(withField(row, event.target.value as RuleConditionField))}
          aria-label={`${label} field`}
          data-testid="rule-condition-field"
        >
          {ruleConditionFields.map((field) => (
            <option key={field} value={field}>
              {conditionFieldLabels[field]}
            </option>
          ))}
        </select>
        <select
          value={row.operator}
          onChange={(event) => onChange({ ...row, operator: event.target.value })}
          aria-label={`${label} operator`}
          data-testid="rule-condition-operator"
        >
          {operatorsOfKind[kind].map((operator) => (
            <option key={operator} value={operator}>
              {operatorLabels[operator]}
            </option>
          ))}
        </select>
        {kind !== 'list' && (
          <input
            value={row.value}
            onChange={(event) => onChange({ ...row, value: event.target.value })}
            type={kind === 'number' ? 'number' : 'text'}
            inputMode={kind === 'number' ? 'decimal' : undefined}
            step={kind === 'number' ? 'any' : undefined}
            aria-label={`${label} value`}
            placeholder={kind === 'number' ? 'e.g. 50' : 'Text'}
            data-testid="rule-condition-value"
          />
        )}
        <button
          type="button"
          className="ov-button ov-button--secondary me-rule-condition__remove"
          onClick={onRemove}
          aria-label={`Remove condition ${index + 1}`}
          data-testid="rule-condition-remove"
        >
          Remove
        </button>
      </div>
      {row.field === 'country' && <CountryValues row={row} onChange={onChange} label={label} />}
      {row.field === 'status' && <StatusValues row={row} onChange={onChange} label={label} />}
      {row.field === 'total' && (
        <p className="me-hint">
          Compared with the order&apos;s total as the order states it, in the order&apos;s own
          currency: 50 means 50 US$ on a dollar order and 50 € on a euro order.
        </p>
      )}
    </div>
  );
}

interface ValuesProps {
  row: ConditionRow;
  onChange: (row: ConditionRow) => void;
  label: string;
}

/** Countries are picked one at a time from a list and shown as removable chips. */
function CountryValues({ row, onChange, label }: ValuesProps) {
  return (
    <div className="me-rule-condition__values">
      <select
        value=""
        onChange={(event) => {
          const code = event.target.value;
          if (code && !row.values.includes(code))
            onChange({ ...row, values: [...row.values, code] });
        }}
        aria-label={`${label} add a country`}
        data-testid="rule-condition-country"
      >
        <option value="">Add a country…</option>
        {countryChoices.map(([code, name]) => (
          <option key={code} value={code} disabled={row.values.includes(code)}>
            {name}
          </option>
        ))}
      </select>
      {row.values.map((code) => (
        <button
          key={code}
          type="button"
          className="me-chip"
          onClick={() => onChange({ ...row, values: row.values.filter((each) => each !== code) })}
          aria-label={`Remove ${countryNames[code] ?? code}`}
          data-testid="rule-condition-chip"
        >
          {countryNames[code] ?? code} ×
        </button>
      ))}
    </div>
  );
}

function StatusValues({ row, onChange, label }: ValuesProps) {
  return (
    <div className="me-rule-condition__values" role="group" aria-label={`${label} statuses`}>
      {trackingEntryStatuses.map((status) => (
        <label key={status} className="me-inline-field">
          <input
            type="checkbox"
            checked={row.values.includes(status)}
            onChange={(event) =>
              onChange({
                ...row,
                values: event.target.checked
                  ? [...row.values, status]
                  : row.values.filter((each) => each !== status),
              })
            }
            data-testid={`rule-condition-status-${status}`}
          />
          {statusLabel(status)}
        </label>
      ))}
    </div>
  );
}
