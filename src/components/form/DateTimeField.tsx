import { useState } from 'react';
import { Fieldset, HStack, Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../DayInput';

/** Hour and minute as a person types them: `9:05`, `09:05`, or with the Chinese full-width colon. */
const TYPED_TIME = /^([01]?[0-9]|2[0-3])[:：]([0-5][0-9])$/;

/** `09:05` from what was typed, null when it is not a time of day. */
function timeOf(typed: string): string | null {
  const match = TYPED_TIME.exec(typed.trim());
  return match ? `${match[1].padStart(2, '0')}:${match[2]}` : null;
}

interface DateTimeFieldProps {
  label: string;
  name: string;
  /** The moment as a native date-time field writes it (`2026-12-01T09:05`), empty when none is set. */
  value: string;
  /** An i18n key, shown under the fields. */
  error?: string;
  helperText?: string;
  onValueChange: (value: string) => void;
}

/**
 * A day and a time of day in the console's language, not the browser's (a native date-time field
 * writes `mm/dd/yyyy, --:-- --` into a Chinese console). The value keeps the native field's shape,
 * so the forms send what they always sent; it stays empty until both halves are complete.
 */
export function DateTimeField({ label, name, value, error, helperText, onValueChange }: DateTimeFieldProps) {
  const { t } = useTranslation();
  const [day, setDay] = useState<string | undefined>(value ? value.slice(0, 10) : undefined);
  const [typed, setTyped] = useState(value ? value.slice(11, 16) : '');
  // The value last sent or received: one that differs came from the form (a reset), and is shown.
  const [known, setKnown] = useState(value);
  if (value !== known) {
    setKnown(value);
    setDay(value ? value.slice(0, 10) : undefined);
    setTyped(value ? value.slice(11, 16) : '');
  }
  const time = timeOf(typed);
  const badTime = typed.trim() !== '' && time === null;

  const emit = (nextDay: string | undefined, nextTyped: string) => {
    const nextTime = timeOf(nextTyped);
    const next = nextDay && nextTime ? `${nextDay}T${nextTime}` : '';
    setKnown(next);
    onValueChange(next);
  };
  const pickDay = (picked: string | undefined) => {
    // A day without a time reads as its start, written into the time field for the user to see.
    const nextTyped = picked && !typed.trim() ? '00:00' : typed;
    setDay(picked);
    setTyped(nextTyped);
    emit(picked, nextTyped);
  };

  return (
    <Fieldset.Root invalid={Boolean(error) || badTime}>
      <Fieldset.Legend textStyle="sm" fontWeight="medium">
        {label}
      </Fieldset.Legend>
      <HStack gap="2" align="start">
        <DayInput label={t('common.dateTimeInput.day', { field: label })} value={day} onChange={pickDay} />
        <Input
          name={name}
          width="7.5rem"
          flexShrink={0}
          inputMode="numeric"
          pattern="([01]?[0-9]|2[0-3])[:：][0-5][0-9]"
          aria-label={t('common.dateTimeInput.time', { field: label })}
          aria-invalid={badTime || undefined}
          placeholder={t('common.dateTimeInput.timePlaceholder')}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            emit(day, event.target.value);
          }}
          onBlur={() => time && setTyped(time)}
        />
      </HStack>
      {badTime ? (
        <Fieldset.ErrorText>{t('common.dateTimeInput.badTime')}</Fieldset.ErrorText>
      ) : error ? (
        <Fieldset.ErrorText>{t(error)}</Fieldset.ErrorText>
      ) : helperText ? (
        <Fieldset.HelperText>{helperText}</Fieldset.HelperText>
      ) : null}
    </Fieldset.Root>
  );
}
