import type { FormEvent, ReactNode, RefObject } from 'react';

export interface ContractFormProps<V> {
  /** The form's `useContractForm()`: its ref (for the first invalid field), busy flag and submit. */
  form: {
    formRef: RefObject<HTMLFormElement | null>;
    busy: boolean;
    handleSubmit: (
      send: (values: V) => Promise<void>,
      onFailed: (error: unknown) => void,
    ) => (event: FormEvent<HTMLFormElement>) => void;
  };
  /** Sends the values the contract accepted; `onFailed` gets its failure. */
  send: (values: V) => Promise<void>;
  onFailed: (error: unknown) => void;
  className: string;
  /** The button that sends the form, disabled while it is sent. */
  submit: { text: string; testId: string };
  children: ReactNode;
}

/**
 * A form on `useContractForm` with its fields and one submit button after them.
 *
 * @example
 * <ContractForm form={form} send={save} onFailed={onFailed} className="me-form"
 *   submit={{ text: 'Update Email', testId: 'email-save' }}>…fields…</ContractForm>
 */
export function ContractForm<V>({
  form: { formRef, busy, handleSubmit },
  send,
  onFailed,
  className,
  submit,
  children,
}: ContractFormProps<V>) {
  return (
    <form ref={formRef} className={className} onSubmit={handleSubmit(send, onFailed)} noValidate>
      {children}
      <button type="submit" className="ov-button" disabled={busy} data-testid={submit.testId}>
        {submit.text}
      </button>
    </form>
  );
}
