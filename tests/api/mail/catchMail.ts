// A mail catcher for one test file: started before its first test, emptied and reset (no refusals,
// no delays) after each, closed after its last. The catcher itself is tests/api/mailCatcher.ts,
// which the browser tests' server loads too (so it imports nothing of Vitest).
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../mailCatcher';

export function catchMailInThisFile(): MailCatcher {
  const catcher = {} as MailCatcher;
  beforeAll(async () => {
    Object.assign(catcher, await startMailCatcher());
  });
  afterAll(() => catcher.close());
  afterEach(() => {
    catcher.messages.length = 0;
    catcher.refused.length = 0;
    catcher.refuseNext(0);
    catcher.delayNext(0, 0);
  });
  return catcher;
}
