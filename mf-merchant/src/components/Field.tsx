import {
  BannerMessage as SharedBannerMessage,
  TextField,
  TextFields,
  type Banner,
  type TextFieldProps,
  type TextFieldsProps,
} from '@onvelope/ui';

/** A labelled input with its own error line (packages/ui `TextField`) in this remote's look (`me-field`). */
export function Field(props: Omit<TextFieldProps, 'classPrefix' | 'counter'>) {
  return <TextField classPrefix="me" {...props} />;
}

/** A form's text fields (packages/ui `TextFields`) in this remote's look. */
export function FormFields<K extends string>(props: Omit<TextFieldsProps<K>, 'classPrefix'>) {
  return <TextFields classPrefix="me" {...props} />;
}

export type { Banner };

/** The message at the top of a form (packages/ui `BannerMessage`) in this remote's look. */
export function BannerMessage(props: { banner: Banner; testId: string }) {
  return <SharedBannerMessage classPrefix="me" {...props} />;
}
