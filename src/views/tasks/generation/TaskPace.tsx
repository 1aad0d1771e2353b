import { Badge, HStack, Text } from '@chakra-ui/react';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { GenerationTask } from '../../../../contract/schemas/generationTask';

/** `YYYY-MM-DD HH:mm:ss` → `HH:mm`, with the date when it is not today. */
function clock(at: string): string {
  const [date, time] = at.split(' ');
  const today = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  const todayText = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  return date === todayText ? time.slice(0, 5) : `${date} ${time.slice(0, 5)}`;
}

/**
 * A task's pace: articles a minute, the estimated finish, and — instead of a silent
 * stall — that it waits for the model service's limit, until when.
 */
export function TaskPace({ task }: { task: GenerationTask }) {
  const { t } = useTranslation('generation');
  const running = task.status === 'running' || task.status === 'paused';
  if (!running && task.articles_per_minute === null) return null;
  return (
    <HStack gap="2" textStyle="xs" color="fg.muted" wrap="wrap" data-testid={`task-pace-${task.id}`}>
      {task.articles_per_minute !== null && <Text>{t('generation.pace.perMinute', { count: task.articles_per_minute })}</Text>}
      {task.status === 'running' && task.estimated_finish && <Text>{t('generation.pace.eta', { at: clock(task.estimated_finish) })}</Text>}
      {running && task.waiting > 0 && task.waiting_until && (
        <Badge colorPalette="yellow" size="xs" title={t('generation.pace.waitingHint')}>
          <Clock size="12" /> {t('generation.pace.waiting', { at: clock(task.waiting_until), count: task.waiting })}
        </Badge>
      )}
    </HStack>
  );
}
