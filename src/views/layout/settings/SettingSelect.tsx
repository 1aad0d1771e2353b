import { Flex, Text } from '@chakra-ui/react';
import { OptionSelect } from '../../../components/form/OptionSelect';

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
      <Text textStyle="sm" color={disabled ? 'fg.muted' : 'fg'}>
        {label}
      </Text>
      <OptionSelect label={label} value={value} options={options} onValueChange={onChange} size="xs" width="36" disabled={disabled} />
    </Flex>
  );
}
