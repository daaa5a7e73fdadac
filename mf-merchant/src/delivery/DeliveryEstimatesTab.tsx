import { useEffect, useState } from 'react';
import {
  carrierNames,
  deliveryEstimateRule,
  getDeliveryEstimateRule,
  saveDeliveryEstimateRule,
  type DeliveryEstimateRule,
} from '@onvelope/contracts';
import { useContractForm, type TextFieldSpec } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { Field, FormFields } from '../components/Field.js';
import {
  canAddLane,
  countryChoices,
  emptyLane,
  formOf,
  repeatedLaneOf,
  ruleOf,
  unloadedForm,
  type EstimateForm,
} from './estimate-form.js';
import './delivery.css';

interface DeliveryEstimatesTabProps {
  onSaved: (text: string) => void;
  /** A failure: the page decides between the session being over and showing `fallback`. */
  onFailed: (error: unknown, fallback: string) => void;
}

/** The rule's three figures for every destination, as the form asks for them. */
const dayFields: TextFieldSpec<
  'processingDays' | 'domesticTransitDays' | 'internationalTransitDays'
>[] = [
  {
    name: 'processingDays',
    label: 'Processing days (order to shipment)',
    testId: 'estimate-processing-days',
    inputMode: 'numeric',
  },
  {
    name: 'domesticTransitDays',
    label: 'Transit days in your country',
    testId: 'estimate-domestic-days',
    inputMode: 'numeric',
  },
  {
    name: 'internationalTransitDays',
    label: 'Transit days abroad',
    testId: 'estimate-international-days',
    inputMode: 'numeric',
  },
];

export const deliveryEstimateTexts = {
  saved: 'Delivery estimates saved',
  saveFailed: 'Failed to save delivery estimates',
  loadFailed: 'Failed to load delivery estimates',
} as const;

/**
 * Account settings, DELIVERY tab (issue 33): the seller's own delivery estimate, shown to buyers
 * (labelled as the seller's) wherever the carrier gives no date. Processing days, transit days at
 * home and abroad, and transit days to a country, optionally by one carrier.
 */
export function DeliveryEstimatesTab({ onSaved, onFailed }: DeliveryEstimatesTabProps) {
  const [loaded, setLoaded] = useState(false);
  const [saved, setSaved] = useState(true);
  const {
    values: form,
    errors,
    field,
    set,
    replace,
    formRef,
    busy,
    handleSubmit,
  } = useContractForm(deliveryEstimateRule, unloadedForm, { bodyOf: ruleOf });

  useEffect(() => {
    let live = true;
    merchantApi.call(getDeliveryEstimateRule).then(
      (answer) => {
        if (!live) return;
        replace(formOf(answer.rule));
        setSaved(answer.saved);
        setLoaded(true);
      },
      (error: unknown) => {
        if (live) onFailed(error, deliveryEstimateTexts.loadFailed);
      },
    );
    return () => {
      live = false;
    };
    // Once per visit of the tab.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!loaded) {
    return (
      <p role="status" data-testid="delivery-estimates-loading">
        Loading delivery estimates...
      </p>
    );
  }

  const setLanes = (lanes: EstimateForm['lanes']) => set('lanes', lanes);
  const changeLane = (index: number, next: Partial<EstimateForm['lanes'][number]>) =>
    setLanes(form.lanes.map((lane, at) => (at === index ? { ...lane, ...next } : lane)));
  const repeatedLane = repeatedLaneOf(form);
  const countryError = (index: number) =>
    errors[`lanes.${index}.country`] ?? (index === repeatedLane ? errors.lanes : undefined);

  async function save(rule: DeliveryEstimateRule) {
    const answer = await merchantApi.call(saveDeliveryEstimateRule, { body: rule });
    replace(formOf(answer.rule));
    setSaved(answer.saved);
    onSaved(deliveryEstimateTexts.saved);
  }

  return (
    <form
      ref={formRef}
      className="me-form me-estimates"
      onSubmit={handleSubmit(save, (error) => onFailed(error, deliveryEstimateTexts.saveFailed))}
      noValidate
      data-testid="delivery-estimates-form"
    >
      <p className="me-muted">
        Buyers see an estimated delivery date on their tracking page. When the carrier gives one,
        that is shown; otherwise this estimate is, labelled as yours. Days are business days (Monday
        to Friday).
        {!saved && ' You have not saved your own yet: these are the defaults.'}
      </p>
      <div className="me-form me-form--grid">
        <FormFields fields={dayFields} field={field} />
      </div>
      <fieldset className="me-estimates__lanes">
        <legend>Transit days to particular countries</legend>
        {form.lanes.length === 0 && (
          <p className="me-muted" data-testid="estimate-no-lanes">
            None yet: every destination uses the figures above.
          </p>
        )}
        <datalist id="estimate-carriers">
          {carrierNames.map((courier) => (
            <option key={courier} value={courier} />
          ))}
        </datalist>
        {form.lanes.map((lane, index) => (
          <div className="me-estimates__lane" key={lane.key} data-testid="estimate-lane">
            <label className="ov-field me-field">
              <span>Country</span>
              <select
                value={lane.country}
                onChange={(event) => changeLane(index, { country: event.target.value })}
                aria-invalid={countryError(index) ? true : undefined}
                data-testid={`estimate-lane-country-${index}`}
              >
                <option value="">Choose a country</option>
                {countryChoices.map(({ code, name }) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
              {countryError(index) && (
                <span className="me-field__error" role="alert">
                  {countryError(index)}
                </span>
              )}
            </label>
            <Field
              label="Carrier (optional)"
              list="estimate-carriers"
              placeholder="Any carrier"
              maxLength={60}
              value={lane.carrier}
              onChange={(carrier) => changeLane(index, { carrier })}
              testId={`estimate-lane-carrier-${index}`}
            />
            <Field
              label="Transit days"
              inputMode="numeric"
              value={lane.transitDays}
              onChange={(transitDays) => changeLane(index, { transitDays })}
              error={errors[`lanes.${index}.transitDays`]}
              testId={`estimate-lane-days-${index}`}
            />
            <button
              type="button"
              className="ov-button ov-button--secondary me-estimates__remove"
              onClick={() => setLanes(form.lanes.filter((_, at) => at !== index))}
              aria-label={`Remove destination ${index + 1}`}
              data-testid={`estimate-lane-remove-${index}`}
            >
              Remove
            </button>
          </div>
        ))}
        {canAddLane(form) && (
          <button
            type="button"
            className="me-link-button"
            onClick={() => setLanes([...form.lanes, emptyLane()])}
            data-testid="estimate-add-lane"
          >
            Add a country
          </button>
        )}
      </fieldset>
      <div className="me-form__actions">
        <button type="submit" className="ov-button" disabled={busy} data-testid="estimate-save">
          Save Delivery Estimates
        </button>
      </div>
    </form>
  );
}
