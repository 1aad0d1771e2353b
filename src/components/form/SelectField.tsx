import { Field } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { OptionSelect } from './OptionSelect';

interface SelectFieldProps {
  label: string;
  name: string;
  value: string;
  options: { value: string; label: string }[];
  /** The empty choice, offered first: its text. */
  blank?: string;
  onValueChange: (value: string) => void;
  /** An i18n key, shown under the select. */
  error?: string;
  helperText?: string;
  disabled?: boolean;
}

/** A labelled native select with its validation message. */
export function SelectField({ label, name, value, options, blank, onValueChange, error, helperText, disabled }: SelectFieldProps) {
  const { t } = useTranslation();
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <OptionSelect name={name} value={value} options={options} blank={blank} onValueChange={onValueChange} />
      {error ? <Field.ErrorText>{t(error)}</Field.ErrorText> : helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
    </Field.Root>
  );
}
