import { useEffect, useRef } from 'react';

export type Banner = { kind: 'success' | 'error' | 'info'; text: string } | null;

/**
 * The message at the top of a form: success, error or a plain notice, brought into view when it
 * appears, since the button that caused it may be far below (issue 38 item 10). `classPrefix` is
 * the root of the app's own class for a success (`{prefix}-alert--success`); errors and notices use
 * the shell's `ov-alert` styles.
 */
export function BannerMessage({
  banner,
  testId,
  classPrefix,
}: {
  banner: Banner;
  testId: string;
  classPrefix: string;
}) {
  const shown = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    shown.current?.scrollIntoView({ block: 'nearest' });
  }, [banner]);
  if (!banner) return null;
  const className = {
    success: `ov-alert ${classPrefix}-alert--success`,
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
