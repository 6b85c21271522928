import { Button, Spin } from '@douyinfe/semi-ui-19';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Texts of the screens shown before (or without) the locale files: the server may be unreachable. */
export interface ScreenTexts {
  offline: string;
  retry: string;
  pluginError: string;
}

export const FALLBACK_SCREEN_TEXTS: ScreenTexts = {
  offline: 'The server cannot be reached right now.',
  retry: 'Try again',
  pluginError: 'This site cannot start',
};

export function PageSpinner() {
  return (
    <div className="bourse-page-spinner" role="status">
      <Spin size="large" />
    </div>
  );
}

/** A plain screen for a broken plugin graph: the message says what to fix. */
export function PluginErrorScreen({ message, title }: { message: string; title: string }) {
  return (
    <div className="bourse-screen bourse-screen--error" role="alert">
      <h1>{title}</h1>
      <pre>{message}</pre>
    </div>
  );
}

export function RetryScreen({ texts, onRetry }: { texts: ScreenTexts; onRetry: () => void }) {
  return (
    <div className="bourse-screen" role="alert">
      <p>{texts.offline}</p>
      <Button type="primary" theme="solid" onClick={onRetry}>
        {texts.retry}
      </Button>
    </div>
  );
}

interface BoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Catches a page that fails to load or render (e.g. a chunk that cannot be fetched). Its fallback retries by loading
 * the document again: React keeps a lazy page's failed import for good, and a chunk of an earlier release is gone once
 * the site is deployed anew, so rendering the page again would only fail again.
 */
export class PageErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('page failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed) return this.props.fallback;
    return this.props.children;
  }
}
