import { Flex, Switch, Text } from '@chakra-ui/react';

interface SettingSwitchProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** One on/off item of the settings drawer. */
export function SettingSwitch({ label, checked, onChange, disabled }: SettingSwitchProps) {
  return (
    <Flex align="center" justify="space-between" gap="3" py="1.5">
      <Text textStyle="sm" color={disabled ? 'fg.subtle' : 'fg'}>
        {label}
      </Text>
      <Switch.Root size="sm" colorPalette="brand" checked={checked} disabled={disabled} onCheckedChange={(details) => onChange(details.checked)}>
        <Switch.HiddenInput aria-label={label} />
        <Switch.Control />
      </Switch.Root>
    </Flex>
  );
}
