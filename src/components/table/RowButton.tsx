import type { ReactNode } from 'react';
import { Button } from '@chakra-ui/react';

interface RowButtonProps {
  /** Its accessible name where the text alone does not say which row it acts on. */
  label?: string;
  /** 'brand' for an action that opens or changes the row, 'red' for one that removes it; none for a neutral one. */
  color?: 'brand' | 'red';
  onClick: () => void;
  children: ReactNode;
}

/** An action in a table row: a small, quiet button, so a row's actions read as one line of links. */
export function RowButton({ label, color, onClick, children }: RowButtonProps) {
  return (
    <Button size="xs" variant="ghost" colorPalette={color} aria-label={label} onClick={onClick}>
      {children}
    </Button>
  );
}
