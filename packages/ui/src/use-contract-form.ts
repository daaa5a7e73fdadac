import { useState, type FormEvent } from 'react';
import { errorsAfterEdit, fieldErrorsOf, type ErrorPath } from './field-errors.js';
import { useFirstInvalidField } from './use-first-invalid-field.js';

/** A contract's zod schema, as far as a form needs it (`safeParse` of the request body). */
export type ContractSchema = Parameters<typeof fieldErrorsOf>[0];

/** A form's messages, at its fields (`courier`) or inside them (`lanes.0.country`). */
export type FormErrors<K extends string> = Partial<Record<ErrorPath<K>, string>>;

export interface ContractFormOptions<V, B> {
  /**
   * Check and send the values trimmed, for a form whose contract reads untrimmed text as typed
   * (a profile's ' https://shop.test' is a web address to the seller, not to `z.url`).
   */
  trim?: boolean;
  /**
   * The request body the values make, for a form whose values are not the body as they stand
   * (days typed as text, a blank field sent as null, only the changed fields): the schema checks
   * it and `handleSubmit` sends it. By default the values themselves (trimmed with `trim`).
   */
  bodyOf?: (values: V) => B;
  /**
   * Once the form has been submitted, check it whole again on every change, so a problem a change
   * makes shows at once: for a form that shows one message, its first problem. By default a change
   * only takes messages away (or rewords them) until the next submit.
   */
  recheckAll?: boolean;
}

/** The names of a form's text values (the ones a `TextField` edits). */
export type TextKeys<V> = { [K in keyof V]-?: V[K] extends string ? K : never }[keyof V] & string;

const trimmedAll = <V extends object>(values: V) =>
  Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'string' ? value.trim() : value,
    ]),
  ) as V;

/**
 * A form's values (text fields, and others such as a list of ticked choices), checked by the
 * contract's schema for the request they become (so the form refuses what the service would, in the
 * service's words), with the scaffolding every form repeats: values, errors at their fields (the
 * first one brought into view), a message that goes as soon as its field is corrected, and a busy
 * flag while the request runs. `field(name)` binds a text value to a `TextField`; `set(name, value)`
 * changes any value; `replace(values)` puts in values loaded after the form was drawn.
 *
 * @example
 * const form = useContractForm(updateEmailRequest, { newEmail: '', password: '' });
 * <form ref={form.formRef} onSubmit={form.handleSubmit(save, onFailed)} noValidate>
 *   <TextField {...form.field('newEmail')} ... />
 */
export function useContractForm<V extends object, B = V>(
  schema: ContractSchema,
  initial: V,
  { trim = false, bodyOf, recheckAll = false }: ContractFormOptions<V, B> = {},
) {
  const [values, setValues] = useState(initial);
  type K = keyof V & string;
  const [errors, setErrors] = useState<FormErrors<K>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [formRef, revealFirstInvalid] = useFirstInvalidField<HTMLFormElement>();
  const bodyFrom = (from: V): B => {
    const checked = trim ? trimmedAll(from) : from;
    // Without `bodyOf`, B is V (its default): the values are the body.
    return bodyOf ? bodyOf(checked) : (checked as unknown as B);
  };
  const errorsOf = (body: B) => fieldErrorsOf<K>(schema, body as Partial<Record<K, unknown>>);

  /** Changes one value; the messages shown go or change as the schema now says. */
  function set<N extends keyof V>(name: N, value: V[N]) {
    const next = { ...values, [name]: value };
    setValues(next);
    const current = errorsOf(bodyFrom(next));
    setErrors((shown) => (recheckAll && submitted ? current : errorsAfterEdit(shown, current)));
  }

  /** Values loaded (or saved and answered) after the form was drawn, with no messages. */
  function replace(next: V) {
    setValues(next);
    setErrors({});
    setSubmitted(false);
  }

  /** Errors at their fields, the first brought into view (issue 38 item 10). */
  function showErrors(found: FormErrors<K>) {
    setErrors(found);
    revealFirstInvalid();
  }

  /**
   * The body to send once the schema accepts it; else null, with the errors shown. For a second
   * action of the form (a preview) besides submitting it.
   */
  function check(): B | null {
    setSubmitted(true);
    const body = bodyFrom(values);
    const found = errorsOf(body);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return null;
    }
    setErrors({});
    return body;
  }

  /** A field's value, change handler and error, for a `TextField`. */
  const field = (
    name: TextKeys<V>,
  ): { value: string; onChange: (value: string) => void; error?: string } => ({
    value: (values[name] as string | undefined) ?? '',
    onChange: (value: string) => set(name, value as V[typeof name]),
    error: errors[name],
  });

  /**
   * The form's submit handler: sends the body (the values, trimmed with `trim`, or `bodyOf` them)
   * once the schema accepts it; a failure goes to `onFailed` (which may show errors at fields with
   * `showErrors`, e.g. `fieldErrorsOfAnswer`).
   */
  const handleSubmit =
    (send: (body: B) => Promise<void>, onFailed: (error: unknown) => void) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const body = check();
      if (body === null) return;
      setBusy(true);
      send(body).then(
        () => setBusy(false),
        (error: unknown) => {
          setBusy(false);
          onFailed(error);
        },
      );
    };

  return {
    values,
    errors,
    busy,
    formRef,
    field,
    set,
    replace,
    check,
    handleSubmit,
    showErrors,
    reset: () => setValues(initial),
  };
}
