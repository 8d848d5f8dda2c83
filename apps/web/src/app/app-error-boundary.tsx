import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AppErrorFallback } from './app-error-fallback';

interface State {
  error: unknown;
  hasError: boolean;
}

/** Catches render errors anywhere in the app, including in the providers around the router. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled render error', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.hasError) return <AppErrorFallback error={this.state.error} />;
    return this.props.children;
  }
}
