import { TextField, type TextFieldProps } from './TextField';

/** A six-digit code (TOTP, SMS or e-mail code), digits only. */
export function CodeField(props: Omit<TextFieldProps, 'onValueChange'> & { onValueChange: (value: string) => void }) {
  const { onValueChange, ...rest } = props;
  return (
    <TextField
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      letterSpacing="0.3em"
      onValueChange={(value) => onValueChange(value.replace(/\D/g, '').slice(0, 6))}
      {...rest}
    />
  );
}
