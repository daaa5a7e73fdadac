import { useState, type FormEvent } from 'react';
import { errorsAfterEdit, fieldErrorsOf } from './field-errors.js';
import { useFirstInvalidField } from './use-first-invalid-field.js';

/** A contract's zod schema, as far as a form needs it (`safeParse` of the request body). */
export type ContractSchema = Parameters<typeof fieldErrorsOf>[0];

export type FormErrors<K extends string> = Partial<Record<K, string>>;

/**
 * A form's text fields, checked by the contract's schema for the request they become (so the form
 * refuses what the service would, in the service's words), with the scaffolding every form repeats:
 * values, errors at their fields (the first one brought into view), a message that goes as soon as
 * its field is corrected, and a busy flag while the request runs.
 *
 * @example
 * const form = useContractForm(updateEmailRequest, { newEmail: '', password: '' });
 * <form ref={form.formRef} onSubmit={form.handleSubmit(save, onFailed)} noValidate>
 *   <TextField {...form.field('newEmail')} ... />
 */
export function useContractForm<K extends string>(
  schema: ContractSchema,
  initial: Record<K, string>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors<K>>({});
  const [busy, setBusy] = useState(false);
  const [formRef, revealFirstInvalid] = useFirstInvalidField<HTMLFormElement>();

  function edit(name: K, value: string) {
    const next = { ...values, [name]: value };
    setValues(next);
    setErrors((shown) => errorsAfterEdit(shown, fieldErrorsOf(schema, next)));
  }

  /** Errors at their fields, the first brought into view (issue 38 item 10). */
  function showErrors(found: FormErrors<K>) {
    setErrors(found);
    revealFirstInvalid();
  }

  /** A field's value, change handler and error, for a `TextField`. */
  const field = (
    name: K,
  ): { value: string; onChange: (value: string) => void; error?: string } => ({
    value: values[name] ?? '',
    onChange: (value: string) => edit(name, value),
    error: errors[name],
  });

  /**
   * The form's submit handler: sends the values once the schema accepts them; a failure goes to
   * `onFailed` (which may show errors at fields with `showErrors`, e.g. `fieldErrorsOfAnswer`).
   */
  const handleSubmit =
    (send: (values: Record<K, string>) => Promise<void>, onFailed: (error: unknown) => void) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const found = fieldErrorsOf(schema, values);
      if (Object.keys(found).length > 0) return showErrors(found);
      setErrors({});
      setBusy(true);
      send(values).then(
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
    handleSubmit,
    showErrors,
    reset: () => setValues(initial),
  };
}
