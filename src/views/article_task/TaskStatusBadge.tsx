import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

const PALETTE: Record<string, string> = {
  running: 'blue',
  paused: 'orange',
  cancelled: 'gray',
  completed: 'green',
  queued: 'gray',
  done: 'green',
  failed: 'red',
  waiting: 'yellow',
};

/** A task's or an item's status, coloured. */
export function TaskStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('articleTask');
  return (
    <Badge colorPalette={PALETTE[status] ?? 'gray'} data-status={status}>
      {t(`articleTask.status.${status}`)}
    </Badge>
  );
}
