import { MantineProvider } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { ErrorFallback } from '@/shared/ui/error-fallback';
import { theme } from './theme';

/** The last line of defence: an uncaught rendering error outside any route shows the spec's fallback. */
class RootErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown) {
    console.error('Uncaught rendering error', error);
  }
  override render() {
    return this.state.error ? <ErrorFallback error={this.state.error} /> : this.props.children;
  }
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <RootErrorBoundary>{children}</RootErrorBoundary>
    </MantineProvider>
  );
}
