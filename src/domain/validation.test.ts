import { describe, expect, it } from 'vitest';
import { changePasswordRules, checkField, confirmationError, confirmPasswordOptions, PASSWORD_NOT_MATCHING, signupRules } from './validation';

describe('confirmPasswordOptions', () => {
  const { validate } = confirmPasswordOptions('password');

  it('requires the confirmation', () => {
    expect(validate('', { password: 'Secret123' })).toBe('Confirm Password required');
    expect(validate('   ', { password: 'Secret123' })).toBe('Confirm Password required');
    expect(validate(undefined, { password: '' })).toBe('Confirm Password required');
  });

  it('accepts the password typed again, exactly', () => {
    expect(validate('Secret123', { password: 'Secret123' })).toBe(true);
    expect(validate('secret123', { password: 'Secret123' })).toBe(PASSWORD_NOT_MATCHING);
    expect(validate('Secret123 ', { password: 'Secret123' })).toBe('Password not matching');
  });

  it('compares with the field it is given (the change form’s new password)', () => {
    const { validate: confirmNew } = confirmPasswordOptions('newPassword');
    const form = { currentPassword: 'Old12345', newPassword: 'New12345' };
    expect(confirmNew('New12345', form)).toBe(true);
    expect(confirmNew('Old12345', form)).toBe('Password not matching');
  });

  it('gives the sign-up and change rules (which the server checks) the same required message', () => {
    expect(checkField('', signupRules.confirmPassword)).toBe('Confirm Password required');
    expect(checkField('', changePasswordRules.confirmPassword)).toBe('Confirm Password required');
  });
});

describe('confirmationError (the forms and the API)', () => {
  it('is nothing until a confirmation is typed, or when it repeats the password exactly', () => {
    expect(confirmationError('Secret123', undefined)).toBeUndefined();
    expect(confirmationError('Secret123', 'Secret123')).toBeUndefined();
  });

  it('names any other confirmation, a different type included', () => {
    expect(confirmationError('Secret123', 'Secret124')).toBe(PASSWORD_NOT_MATCHING);
    expect(confirmationError('12345678', 12345678)).toBe(PASSWORD_NOT_MATCHING);
    expect(confirmationError('Secret123', '')).toBe(PASSWORD_NOT_MATCHING);
  });
});
