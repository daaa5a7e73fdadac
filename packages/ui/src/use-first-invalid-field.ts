import { useEffect, useRef, useState } from 'react';

/**
 * Brings the first field marked invalid (`aria-invalid`) inside `container` into view and focuses
 * it, so an error is seen where it is, not above the visible area (issue 38 item 10).
 */
export function showFirstInvalidField(container: HTMLElement | null): void {
  const field = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return;
  field.scrollIntoView({ block: 'center' });
  field.focus({ preventScroll: true });
}

/**
 * A ref for a form and a `reveal` call, which shows the form's first invalid field once the errors
 * just set have rendered (a submit that was refused; not each keystroke that clears one).
 */
export function useFirstInvalidField<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked) showFirstInvalidField(ref.current);
  }, [asked]);
  const reveal = () => setAsked((count) => count + 1);
  return [ref, reveal] as const;
}
