import { describe, expect, it } from 'vitest';
import { memberUntilDay } from './memberUntil';

describe('memberUntilDay', () => {
  it('is the UTC day, said so, whatever the time zone of the one who reads it', () => {
    expect(memberUntilDay('2027-06-14T12:00:00.000Z')).toBe('June 14, 2027 (UTC)');
    // Early in the UTC day: still that day (a shopper west of UTC would otherwise read June 13).
    expect(memberUntilDay('2027-06-14T02:00:00.000Z')).toBe('June 14, 2027 (UTC)');
    expect(memberUntilDay('2027-06-14T23:59:59.000Z')).toBe('June 14, 2027 (UTC)');
  });
});
