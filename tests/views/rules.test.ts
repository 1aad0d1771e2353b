import { describe, expect, it } from 'vitest';
import { confirmationOf, email, mobile, newPassword, otpCode, username } from '../../src/components/form/rules';

describe('form rules (the contract of contract/schemas/auth.ts)', () => {
  it('accept a username of 3–32 letters, digits and _ . @ -, nothing else', () => {
    expect(username('ab', {})).toBe('sys.validation.usernameFormat');
    expect(username('a'.repeat(33), {})).toBe('sys.validation.usernameFormat');
    expect(username('with space', {})).toBe('sys.validation.usernameFormat');
    expect(username('', {})).toBe('sys.validation.usernameRequired');
    expect(username('jane.doe@example_1-x', {})).toBeNull();
  });

  it('want new passwords of 8–128 characters and a matching confirmation', () => {
    expect(newPassword('1234567', {})).toBe('sys.validation.passwordLength');
    expect(newPassword('x'.repeat(129), {})).toBe('sys.validation.passwordLength');
    expect(newPassword('12345678', {})).toBeNull();
    const confirmation = confirmationOf<{ password: string }>('password');
    expect(confirmation('12345679', { password: '12345678' })).toBe('sys.validation.confirmMismatch');
    expect(confirmation('12345678', { password: '12345678' })).toBeNull();
  });

  it('want six-digit codes, e-mail addresses and mobile numbers', () => {
    expect(otpCode('12345', {})).toBe('sys.validation.codeFormat');
    expect(otpCode('12345a', {})).toBe('sys.validation.codeFormat');
    expect(otpCode('123456', {})).toBeNull();
    expect(email('not-an-address', {})).toBe('sys.validation.emailFormat');
    expect(email('jane@example.com', {})).toBeNull();
    expect(mobile('12345', {})).toBe('sys.validation.mobileFormat');
    expect(mobile('+8613800138000', {})).toBeNull();
  });
});
