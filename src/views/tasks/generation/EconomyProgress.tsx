import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/zh-cn';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { GenerationTaskDetail } from '../../../../contract/schemas/generationTask';

dayjs.extend(relativeTime);

/** The console's languages as dayjs names them. */
const DAYJS_LOCALE: Record<string, string> = { zh_CN: 'zh-cn', en: 'en' };

const FINISHED = ['completed', 'failed', 'expired', 'cancelled'];

/**
 * An economy task's batches at the provider: each one's stage, status, lines answered and failed (sent again), when an
 * unfinished one is answered at the latest (the end of its completion window), and the points the
 * economy price saved.
 */
/** Picture batches are named by the picture's place in each article (`batch-image-0` the covers). */
const PICTURE_STEP = /^batch-image-(\d+)$/;

/** What a batch's stage is called: a writing step, the covers, or the articles' nth picture. */
function stepWords(t: TFunction<'generation'>, step: string) {
  const picture = PICTURE_STEP.exec(step);
  if (!picture) return t(`generation.economy.steps.${step}`, { defaultValue: step });
  const place = Number(picture[1]);
  return place === 0 ? t('generation.economy.steps.cover') : t('generation.economy.steps.picture', { n: place + 1 });
}

export function EconomyProgress({ economy }: { economy: NonNullable<GenerationTaskDetail['economy']> }) {
  const { t, i18n } = useTranslation('generation');
  const locale = DAYJS_LOCALE[i18n.language] ?? 'en';
  return (
    <Stack gap="1" mb="3" textStyle="xs" data-testid="economy-progress">
      <Text fontWeight="medium">{t('generation.economy.title')}</Text>
      {economy.batches.map((batch, index) => (
        <HStack key={index} gap="2" wrap="wrap">
          <Badge size="xs" colorPalette={batch.status === 'completed' ? 'green' : FINISHED.includes(batch.status) ? 'red' : 'blue'}>
            {t('generation.economy.batch', {
              step: stepWords(t, batch.step),
              status: t(`generation.economy.statuses.${batch.status}`, { defaultValue: batch.status }),
              done: batch.done,
              total: batch.total,
            })}
          </Badge>
          {batch.failed > 0 && <Text color="fg.error">{t('generation.economy.failedLines', { count: batch.failed })}</Text>}
          {!FINISHED.includes(batch.status) && (
            <Text color="fg.muted" title={batch.expected_by}>
              {t('generation.economy.expected', { when: dayjs(batch.expected_by).locale(locale).fromNow() })}
            </Text>
          )}
        </HStack>
      ))}
      <Text color="fg.success">{t('generation.economy.saved', { count: economy.saved })}</Text>
    </Stack>
  );
}
