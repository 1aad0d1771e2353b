import { Input } from '@chakra-ui/react';

interface DateRangeFilterProps {
  /** The first and last day shown (`YYYY-MM-DD`), each undefined when open. */
  from: string | undefined;
  to: string | undefined;
  labels: { from: string; to: string };
  /** A bound changed: the new day, or undefined when it was cleared. */
  onFromChange: (day: string | undefined) => void;
  onToChange: (day: string | undefined) => void;
  width?: string;
}

/** The date range of a table's toolbar: two day fields, neither of which can be set past the other. */
export function DateRangeFilter({ from, to, labels, onFromChange, onToChange, width = '44' }: DateRangeFilterProps) {
  return (
    <>
      <Input
        type="date"
        width={width}
        aria-label={labels.from}
        value={from ?? ''}
        max={to || undefined}
        onChange={(event) => onFromChange(event.target.value || undefined)}
      />
      <Input
        type="date"
        width={width}
        aria-label={labels.to}
        value={to ?? ''}
        min={from || undefined}
        onChange={(event) => onToChange(event.target.value || undefined)}
      />
    </>
  );
}
