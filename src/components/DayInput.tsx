import { DatePicker, IconButton, Portal, parseDate, type DatePickerRootProps } from '@chakra-ui/react';
import { Calendar } from 'lucide-react';
import { useTranslation } from 'react-i18next';

type View = 'day' | 'month' | 'year';

interface DayInputProps {
  /** The day (`YYYY-MM-DD`), undefined when none is set. */
  value: string | undefined;
  /** The day typed or picked, undefined when the field was cleared. */
  onChange: (day: string | undefined) => void;
  /** The field's name, read out (it has no visible label of its own). */
  label: string;
  min?: string;
  max?: string;
  width?: DatePickerRootProps['width'];
  size?: DatePickerRootProps['size'];
}

/**
 * A day field in the console's language, not the browser's (a native date field writes
 * mm/dd/yyyy into a Chinese console): typed as the language writes a day, or picked from a
 * calendar whose every word is the catalog's.
 */
export function DayInput({ value, onChange, label, min, max, width, size }: DayInputProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-US' : 'zh-CN';
  return (
    <DatePicker.Root
      locale={locale}
      placeholder={t('common.dateInput.placeholder')}
      width={width}
      size={size}
      value={value ? [parseDate(value)] : []}
      min={min ? parseDate(min) : undefined}
      max={max ? parseDate(max) : undefined}
      onValueChange={({ value: days }) => onChange(days[0]?.toString())}
      translations={{
        trigger: (open) => t(open ? 'common.dateInput.close' : 'common.dateInput.open'),
        content: t('common.dateInput.calendar'),
        prevTrigger: (view: View) => t(`common.dateInput.previous.${view}`),
        nextTrigger: (view: View) => t(`common.dateInput.next.${view}`),
        viewTrigger: (view: View, next?: View) => t(`common.dateInput.view.${next ?? view}`),
        dayCell: (state) =>
          t(state.unavailable ? 'common.dateInput.unavailable' : state.selected ? 'common.dateInput.chosen' : 'common.dateInput.choose', {
            date: state.valueText,
          }),
        // Parts this field does not draw today, worded all the same: none falls back to the library's English.
        monthSelect: t('common.calendarPhrases.monthSelect'),
        yearSelect: t('common.calendarPhrases.yearSelect'),
        clearTrigger: t('common.calendarPhrases.clear'),
        weekColumnHeader: t('common.calendarPhrases.weekColumn'),
        weekNumberCell: (week) => t('common.calendarPhrases.week', { week }),
        presetTrigger: ([from = '', to = '']) => t('common.calendarPhrases.preset', { from, to }),
      }}
    >
      <DatePicker.Control>
        <DatePicker.Input aria-label={label} />
        <DatePicker.IndicatorGroup>
          <DatePicker.Trigger asChild>
            <IconButton variant="ghost" size="2xs">
              <Calendar />
            </IconButton>
          </DatePicker.Trigger>
        </DatePicker.IndicatorGroup>
      </DatePicker.Control>
      <Portal>
        <DatePicker.Positioner>
          {/* What each part is, read out: the library writes these roles in English, beside its translations. */}
          <DatePicker.Content aria-roledescription={t('common.calendarPhrases.picker')}>
            <DatePicker.View view="day">
              <DatePicker.Header />
              <DatePicker.DayTable aria-roledescription={t('common.calendarPhrases.month')} />
            </DatePicker.View>
            <DatePicker.View view="month">
              <DatePicker.Header />
              <DatePicker.MonthTable aria-roledescription={t('common.calendarPhrases.year')} />
            </DatePicker.View>
            <DatePicker.View view="year">
              <DatePicker.Header />
              <DatePicker.YearTable aria-roledescription={t('common.calendarPhrases.decade')} />
            </DatePicker.View>
          </DatePicker.Content>
        </DatePicker.Positioner>
      </Portal>
    </DatePicker.Root>
  );
}
