/** spec 001 §2: shown while the shell starts (remote registry, stored session, profile). */
export function LoadingScreen() {
  return (
    <div className="ov-screen" role="status" aria-live="polite" data-testid="loading-screen">
      <span className="ov-spinner ov-spinner--large" aria-hidden="true" />
      <p>Loading ONVELOPE…</p>
    </div>
  );
}
