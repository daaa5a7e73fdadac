import { useState, type FormEvent } from 'react';
import { errorsAfterEdit, fieldErrorsOf } from './field-errors.js';
import { useFirstInvalidField } from './use-first-invalid-field.js';

/** A contract's zod schema, as far as a form needs it (`safeParse` of the request body). */
export type ContractSchema = Parameters<typeof fieldErrorsOf>[0];

export type FormErrors<K extends string> = Partial<Record<K, string>>;

export interface ContractFormOptions {
  /**
   * Check and send the values trimmed, for a form whose contract reads untrimmed text as typed
   * (a profile's ' https://shop.test' is a web address to the seller, not to `z.url`).
   */
  trim?: boolean;
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
 * changes any value.
 *
 * @example
 * const form = useContractForm(updateEmailRequest, { newEmail: '', password: '' });
 * <form ref={form.formRef} onSubmit={form.handleSubmit(save, onFailed)} noValidate>
 *   <TextField {...form.field('newEmail')} ... />
 */
export function useContractForm<V extends object>(
  schema: ContractSchema,
  initial: V,
  { trim = false }: ContractFormOptions = {},
) {
  const [values, setValues] = useState(initial);
  type K = keyof V & string;
  const [errors, setErrors] = useState<FormErrors<K>>({});
  const [busy, setBusy] = useState(false);
  const [formRef, revealFirstInvalid] = useFirstInvalidField<HTMLFormElement>();
  const checked = (from: V) => (trim ? trimmedAll(from) : from);
  const errorsOf = (from: V) => fieldErrorsOf<K>(schema, from as Partial<Record<K, unknown>>);

  /** Changes one value; the messages shown go or change as the schema now says. */
  function set<N extends keyof V>(name: N, value: V[N]) {
    const next = { ...values, [name]: value };
    setValues(next);
    setErrors((shown) => errorsAfterEdit(shown, errorsOf(checked(next))));
  }

  /** Errors at their fields, the first brought into view (issue 38 item 10). */
  function showErrors(found: FormErrors<K>) {
    setErrors(found);
    revealFirstInvalid();
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
   * The form's submit handler: sends the values (trimmed with `trim`) once the schema accepts them;
   * a failure goes to `onFailed` (which may show errors at fields with `showErrors`, e.g.
   * `fieldErrorsOfAnswer`).
   */
  const handleSubmit =
    (send: (values: V) => Promise<void>, onFailed: (error: unknown) => void) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const body = checked(values);
      const found = errorsOf(body);
      if (Object.keys(found).length > 0) return showErrors(found);
      setErrors({});
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
    handleSubmit,
    showErrors,
    reset: () => setValues(initial),
  };
}
