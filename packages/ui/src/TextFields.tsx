import type { HTMLAttributes, HTMLInputTypeAttribute } from 'react';
import { TextField } from './TextField.js';

/** One text field of a form, as the form lists it. */
export interface TextFieldSpec<K extends string> {
  name: K;
  label: string;
  testId: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  placeholder?: string;
  maxLength?: number;
}

export interface TextFieldsProps<K extends string> {
  /** The app's class root, as for `TextField`. */
  classPrefix: string;
  fields: readonly TextFieldSpec<K>[];
  /** The form's `useContractForm().field`: each field's value, change and error. */
  field: (name: K) => { value: string; onChange: (value: string) => void; error?: string };
}

/**
 * A form's text fields in order, each bound to its `useContractForm` field.
 *
 * @example <TextFields classPrefix="me" fields={passwordFields} field={form.field} />
 */
export function TextFields<K extends string>({ classPrefix, fields, field }: TextFieldsProps<K>) {
  return fields.map(({ name, type = 'text', ...input }) => (
    <TextField key={name} classPrefix={classPrefix} type={type} {...input} {...field(name)} />
  ));
}
