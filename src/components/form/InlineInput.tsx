import { Input, type InputProps } from '@chakra-ui/react';
import { InlineField } from './InlineField';

/** A small labelled text input in a row of them (the operator's one-line forms). */
export function InlineInput({
  label,
  width,
  inputMode,
  value,
  onValueChange,
}: {
  label: string;
  width: string;
  /** The keyboard a phone offers: numbers for a count, decimals for a price. */
  inputMode?: InputProps['inputMode'];
  value: string;
  onValueChange: (value: string) => void;
}) {
  return (
    <InlineField label={label}>
      <Input size="sm" width={width} inputMode={inputMode} value={value} onChange={(event) => onValueChange(event.target.value)} />
    </InlineField>
  );
}
