import { Flex, NumberInput, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

interface SettingNumberProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}

/** One number of the settings drawer; applied once it is a number within its bounds. */
export function SettingNumber({ label, value, min, max, step = 1, onChange, disabled }: SettingNumberProps) {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="space-between" gap="3" py="1">
      <Text textStyle="sm" color={disabled ? 'fg.muted' : 'fg'}>
        {label}
      </Text>
      <NumberInput.Root
        size="xs"
        w="36"
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        translations={{ incrementLabel: t('common.number.increase'), decrementLabel: t('common.number.decrease') }}
        defaultValue={String(value)}
        key={value}
        onValueChange={(details) => {
          if (Number.isFinite(details.valueAsNumber) && details.valueAsNumber >= min && details.valueAsNumber <= max)
            onChange(details.valueAsNumber);
        }}
      >
        <NumberInput.Control />
        <NumberInput.Input aria-label={label} />
      </NumberInput.Root>
    </Flex>
  );
}
