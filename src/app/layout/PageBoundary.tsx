import { Component, Suspense, type ReactNode } from 'react';
import { PageSpinner } from '../../components/Spinner';
import RouteError from './RouteError';

interface Props {
  /** The page's path: going to another page clears a caught error. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  resetKey: string;
}

/**
 * Around the page and the footer: a spinner in their place while a page's code loads (never on
 * the first load: main.tsx renders once the page's code is there), and RouteError when the page
 * throws or its code cannot be loaded.
 */
export default class PageBoundary extends Component<Props, State> {
  state: State = { error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unexpected error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: undefined, resetKey: props.resetKey };
  }

  render() {
    if (this.state.error !== undefined) {
      return (
        <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
          <RouteError error={this.state.error} />
        </main>
      );
    }
    const loading = (
      <div className="flex-1">
        <PageSpinner />
      </div>
    );
    return <Suspense fallback={loading}>{this.props.children}</Suspense>;
  }
}
