import { Component, Suspense, type ReactNode } from 'react';
import { PageSpinner } from '../../components/Spinner';
import RouteError from '../pages/RouteError';

interface Props {
  /** The page's path: going to another page clears a caught error. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  resetKey: string;
}

/** Around each page: a spinner while its code loads, RouteError when it throws or fails to load. */
export default class PageBoundary extends Component<Props, State> {
  state: State = { error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unexpected error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: undefined, resetKey: props.resetKey };
  }

  render() {
    if (this.state.error !== undefined) return <RouteError error={this.state.error} />;
    return <Suspense fallback={<PageSpinner />}>{this.props.children}</Suspense>;
  }
}
