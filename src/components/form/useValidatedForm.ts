import { useCallback, useState, type FormEvent } from 'react';
import type { Rule } from './rules';

export type FieldRules<Values> = Partial<Record<keyof Values, Rule<Values>[]>>;
type Errors<Values> = Partial<Record<keyof Values, string>>;

function firstError<Values>(rules: Rule<Values>[] | undefined, value: string, values: Values): string | undefined {
  for (const rule of rules ?? []) {
    const message = rule(value, values);
    if (message) return message;
  }
  return undefined;
}

/**
 * The typed values of one form and their validation: `handleSubmit(onValid)` validates every field
 * and calls `onValid` with trimmed values only when all pass. Errors are i18n keys; a field with an
 * error is validated again as the user corrects it.
 */
export function useValidatedForm<Values extends Record<string, string>>(initialValues: Values, rules: FieldRules<Values>) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Errors<Values>>({});

  const setValue = useCallback(
    (name: keyof Values, value: string) => {
      setValues((previous) => {
        const next = { ...previous, [name]: value };
        setErrors((previousErrors) =>
          previousErrors[name] ? { ...previousErrors, [name]: firstError(rules[name], value, next) } : previousErrors,
        );
        return next;
      });
    },
    [rules],
  );

  const validate = useCallback(
    (only?: (keyof Values)[]): boolean => {
      const names = only ?? (Object.keys(rules) as (keyof Values)[]);
      const found: Errors<Values> = {};
      for (const name of names) found[name] = firstError(rules[name], values[name], values);
      setErrors((previous) => ({ ...previous, ...found }));
      return names.every((name) => !found[name]);
    },
    [rules, values],
  );

  const handleSubmit = useCallback(
    (onValid: (values: Values) => void) => (event?: FormEvent) => {
      event?.preventDefault();
      if (!validate()) return;
      const trimmed = Object.fromEntries(
        Object.entries(values).map(([name, value]) => [name, /password/i.test(name) ? value : value.trim()]),
      ) as Values;
      onValid(trimmed);
    },
    [validate, values],
  );

  const field = (name: keyof Values) => ({
    name: String(name),
    value: values[name],
    error: errors[name],
    onValueChange: (value: string) => setValue(name, value),
  });

  const reset = useCallback(() => {
    setValues(initialValues);
    setErrors({});
  }, [initialValues]);

  return { values, errors, setValue, validate, handleSubmit, field, reset };
}
