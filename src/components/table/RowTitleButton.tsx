import { Button, type ButtonProps } from '@chakra-ui/react';

/** A row's title that opens its detail: a button that reads as a link, at the start of its cell. */
export function RowTitleButton(props: ButtonProps) {
  return <Button variant="plain" size="sm" p="0" h="auto" justifyContent="flex-start" color="brand.fg" {...props} />;
}
