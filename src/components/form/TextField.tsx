import type { ReactNode } from 'react';
import { Field, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface TextFieldProps extends Omit<InputProps, 'value' | 'onChange'> {
  label: string;
  name: string;
  value: string;
  /** An i18n key, shown under the input. */
  error?: string;
  onValueChange: (value: string) => void;
  startElement?: ReactNode;
  endElement?: ReactNode;
  helperText?: string;
  hideLabel?: boolean;
}

/** A labelled input with its validation message. */
export function TextField({
  label,
  name,
  value,
  error,
  onValueChange,
  startElement,
  endElement,
  helperText,
  hideLabel,
  ...inputProps
}: TextFieldProps) {
  const { t } = useTranslation();
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label srOnly={hideLabel}>{label}</Field.Label>
      <InputGroup startElement={startElement} endElement={endElement}>
        <Input name={name} value={value} onChange={(event) => onValueChange(event.target.value)} placeholder={label} {...inputProps} />
      </InputGroup>
      {error ? <Field.ErrorText>{t(error)}</Field.ErrorText> : helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
    </Field.Root>
  );
}
