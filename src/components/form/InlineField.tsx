import type { ReactNode } from 'react';
import { Field } from '@chakra-ui/react';

/** A small labelled control in a row of them (the operator's one-line forms). */
export function InlineField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Field.Root width="auto">
      <Field.Label textStyle="xs">{label}</Field.Label>
      {children}
    </Field.Root>
  );
}
