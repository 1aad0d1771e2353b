import { Switch } from '@chakra-ui/react';

interface SettingSwitchProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** One on/off item of the settings drawer; the whole row (its label too) flips it. */
export function SettingSwitch({ label, checked, onChange, disabled }: SettingSwitchProps) {
  return (
    <Switch.Root
      size="sm"
      colorPalette="brand"
      checked={checked}
      disabled={disabled}
      onCheckedChange={(details) => onChange(details.checked)}
      display="flex"
      w="full"
      justifyContent="space-between"
      gap="3"
      py="1.5"
    >
      <Switch.Label textStyle="sm" fontWeight="normal" color={disabled ? 'fg.muted' : 'fg'}>
        {label}
      </Switch.Label>
      <Switch.HiddenInput />
      <Switch.Control />
    </Switch.Root>
  );
}
