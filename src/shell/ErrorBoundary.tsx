// React error boundary + the router's error element: report the error (POST /error-logs, deduped)
// and show a calm Romanian fallback instead of a blank page.
import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
// The error log (and the API client under it) loads only when there is an error to report.
const reportError = (error: unknown, where: string) => import('../state/error-log.ts').then((m) => m.reportError(error, where));

function ErrorFallback() {
  return (
    <main className="error-fallback" id="main">
      <h1>Ceva nu a mers bine</h1>
      <p>A apărut o eroare neașteptată. Am notat-o ca să o reparăm. Reîncarcă pagina și încearcă din nou.</p>
      <div className="error-fallback__actions">
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          Reîncarcă pagina
        </button>
        <a className="btn btn--ghost" href="/">
          Mergi la prima pagină
        </a>
      </div>
    </main>
  );
}

export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo): void {
    void reportError(error, info.componentStack ?? 'React error boundary');
  }
  override render(): ReactNode {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}

/** errorElement of the data router: errors thrown while rendering a route or loading its module. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) void reportError(error, 'route error element');
  }, [error]);
  return <ErrorFallback />;
}
