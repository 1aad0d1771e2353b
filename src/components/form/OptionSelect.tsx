import { NativeSelect } from '@chakra-ui/react';

export interface OptionSelectProps<T extends string> {
  /** Its accessible name, when no visible label is tied to it. */
  label?: string;
  name?: string;
  value: T;
  options: readonly { value: T; label: string }[];
  /** The empty choice, offered first ("all sites", "no category"): its text; its value is ''. */
  blank?: string;
  onValueChange: (value: T) => void;
  size?: 'xs' | 'sm' | 'md';
  width?: string;
  disabled?: boolean;
}

/** A native select of options (the browser's own list: keyboard and screen readers for free). */
export function OptionSelect<T extends string>({
  label,
  name,
  value,
  options,
  blank,
  onValueChange,
  size,
  width,
  disabled,
}: OptionSelectProps<T>) {
  return (
    <NativeSelect.Root size={size} width={width} disabled={disabled}>
      <NativeSelect.Field aria-label={label} name={name} value={value} onChange={(event) => onValueChange(event.currentTarget.value as T)}>
        {blank !== undefined && <option value="">{blank}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
