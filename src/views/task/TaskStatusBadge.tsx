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
  skipped: 'yellow',
};

/** A publishing task's or item's status, coloured. */
export function TaskStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('task');
  return (
    <Badge colorPalette={PALETTE[status] ?? 'gray'} data-status={status}>
      {t(`task.status.${status}`)}
    </Badge>
  );
}
