import { Flex, NativeSelect, Text } from '@chakra-ui/react';

interface SettingSelectProps<T extends string> {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  disabled?: boolean;
}

/** One choice of the settings drawer. */
export function SettingSelect<T extends string>({ label, value, options, onChange, disabled }: SettingSelectProps<T>) {
  return (
    <Flex align="center" justify="space-between" gap="3" py="1">
      <Text textStyle="sm" color={disabled ? 'fg.subtle' : 'fg'}>
        {label}
      </Text>
      <NativeSelect.Root size="xs" w="36" disabled={disabled}>
        <NativeSelect.Field aria-label={label} value={value} onChange={(event) => onChange(event.currentTarget.value as T)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Flex>
  );
}
