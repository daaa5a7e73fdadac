import { Component, type ErrorInfo, type ReactNode } from 'react';

/** spec 001 §2: an uncaught render failure shows 'Something went wrong.' with a Reload Page button. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Uncaught render failure.', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="ov-screen" role="alert" data-testid="error-screen">
        <h1>Something went wrong.</h1>
        <p>Reloading the page usually helps.</p>
        <button type="button" className="ov-button" onClick={() => window.location.reload()}>
          Reload Page
        </button>
      </div>
    );
  }
}
