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
  skipped: 'yellow',
};

/** A task's or an item's status, coloured, in the words of its kind's catalog. */
export function TaskStatusBadge({ status, catalog }: { status: string; catalog: 'articleTask' | 'task' }) {
  const { t } = useTranslation(catalog);
  return (
    <Badge colorPalette={PALETTE[status] ?? 'gray'} data-status={status}>
      {t(`${catalog}.status.${status}`)}
    </Badge>
  );
}
