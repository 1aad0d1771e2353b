import { DayInput } from '../DayInput';

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
      <DayInput width={width} label={labels.from} value={from} max={to} onChange={onFromChange} />
      <DayInput width={width} label={labels.to} value={to} min={from} onChange={onToChange} />
    </>
  );
}
