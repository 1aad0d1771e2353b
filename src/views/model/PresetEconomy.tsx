import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ModelPreset, OffPeakHours } from '../../../contract/modelPresets';

/** How economy mode runs on a preset's service: through its batch API, in its off-peak hours, or neither. */
const economyWayOf = (preset: ModelPreset) => (preset.batchApi ? 'batch' : preset.offPeak ? 'offPeak' : 'none');

/** The preset's badge in the picker: batch API or off-peak prices (none without either). */
export function PresetEconomyBadge({ preset }: { preset: ModelPreset }) {
  const { t } = useTranslation('model');
  const way = economyWayOf(preset);
  if (way === 'none') return null;
  return (
    <Badge size="xs" variant="subtle" colorPalette="green">
      {t(`model.economy.${way}`)}
    </Badge>
  );
}

const CONSOLE_LOCALE: Record<string, string> = { zh_CN: 'zh-CN', en: 'en' };

/** The provider's peak hours as the reader's language says them, with its time zone's name. */
function usePeakHours(hours: OffPeakHours) {
  const { t, i18n } = useTranslation('model');
  const locale = CONSOLE_LOCALE[i18n.language] ?? 'en';
  const zone =
    new Intl.DateTimeFormat(locale, { timeZone: hours.timeZone, timeZoneName: 'long' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')?.value ?? hours.timeZone;
  const daysOf = (days: number[]) =>
    days.length === 7
      ? t('model.economy.everyDay')
      : days.join() === '1,2,3,4,5'
        ? t('model.economy.weekdays')
        : days
            .map((d) => new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2026, 10, 1 + d)))
            .join(' ');
  const peak = hours.peak.map((w) => t('model.economy.window', { days: daysOf(w.days), from: w.from, to: w.to }));
  return { zone, peak: peak.join(t('model.economy.separator')) };
}

function OffPeakNote({ hours }: { hours: OffPeakHours }) {
  const { t } = useTranslation('model');
  return <>{t('model.economy.offPeakNote', usePeakHours(hours))}</>;
}

/** What economy mode does on the chosen preset's service, in a sentence. */
export function PresetEconomyNote({ preset }: { preset: ModelPreset }) {
  const { t } = useTranslation('model');
  if (preset.batchApi) return <>{t(preset.imageBatch ? 'model.economy.batchImagesNote' : 'model.economy.batchNote')}</>;
  if (preset.offPeak) return <OffPeakNote hours={preset.offPeak} />;
  return <>{t('model.economy.noneNote')}</>;
}
