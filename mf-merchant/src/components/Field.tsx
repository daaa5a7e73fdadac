import { useEffect, useRef } from 'react';
import { TextField, type TextFieldProps } from '@onvelope/ui';

/** A labelled input with its own error line (packages/ui `TextField`) in this remote's look (`me-field`). */
export function Field(props: Omit<TextFieldProps, 'classPrefix' | 'counter'>) {
  return <TextField classPrefix="me" {...props} />;
}

export type Banner = { kind: 'success' | 'error' | 'info'; text: string } | null;

/**
 * The message at the top of a form: success, error or a plain notice, brought into view when it
 * appears, since the button that caused it may be far below (issue 38 item 10).
 */
export function BannerMessage({ banner, testId }: { banner: Banner; testId: string }) {
  const shown = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    shown.current?.scrollIntoView({ block: 'nearest' });
  }, [banner]);
  if (!banner) return null;
  const className = {
    success: 'ov-alert me-alert--success',
    error: 'ov-alert ov-alert--error',
    info: 'ov-alert ov-alert--info',
  }[banner.kind];
  return (
    <p
      ref={shown}
      className={className}
      role={banner.kind === 'error' ? 'alert' : 'status'}
      data-testid={`${testId}-${banner.kind}`}
    >
      {banner.text}
    </p>
  );
}
