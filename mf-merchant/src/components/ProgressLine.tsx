/**
 * A bar with a line of words beside it, for work that takes a while (an upload, applying the
 * rules). Test ids: `testId`, `{testId}-bar`, `{testId}-text`.
 */
export function ProgressLine({
  value,
  max,
  label,
  text,
  testId,
}: {
  value: number;
  max: number;
  /** What the bar measures, for screen readers. */
  label: string;
  text: string;
  testId: string;
}) {
  return (
    <div className="me-progress" role="status" data-testid={testId}>
      <progress max={max} value={value} aria-label={label} data-testid={`${testId}-bar`} />
      <span data-testid={`${testId}-text`}>{text}</span>
    </div>
  );
}
