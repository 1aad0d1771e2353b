import { Field, Textarea, type TextareaProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

interface TextAreaFieldProps extends Omit<TextareaProps, 'value' | 'onChange'> {
  label: string;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  /** An i18n key, or a message from the server shown as it is (`serverError`). */
  error?: string;
  serverError?: string | null;
  helperText?: string;
}

/** A labelled multi-line input with its validation message. */
export function TextAreaField({ label, name, value, onValueChange, error, serverError, helperText, ...props }: TextAreaFieldProps) {
  const { t } = useTranslation();
  const message = error ? t(error) : serverError;
  return (
    <Field.Root invalid={Boolean(message)}>
      <Field.Label>{label}</Field.Label>
      <Textarea name={name} value={value} onChange={(event) => onValueChange(event.target.value)} {...props} />
      {message ? <Field.ErrorText>{message}</Field.ErrorText> : helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
    </Field.Root>
  );
}
