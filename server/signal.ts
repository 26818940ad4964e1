// A Signal: what a service tells whoever listens (an order placed, a card declined, a sign-in
// refused), without knowing who that is. The service owns one per event and calls tell() once the
// event has happened (after its transaction committed); the app's wiring listens (the operations
// module counts and logs them: server/modules/operations/observe.ts). A listener's error is
// swallowed: telling never fails the request that caused the event.
export class Signal<T> {
  private readonly listeners: ((event: T) => void)[] = [];

  listen(listener: (event: T) => void): void {
    this.listeners.push(listener);
  }

  /** Tells every listener; answers `event` (so a return statement can tell on its way out). */
  tell(event: T): T {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A counter or a log line must not fail what it observes.
      }
    }
    return event;
  }
}
