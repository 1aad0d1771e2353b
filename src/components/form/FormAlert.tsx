import { Alert } from '@chakra-ui/react';

/** A message from the server about the last submission, shown inside the form. */
export function FormAlert({ message, status = 'error' }: { message: string | null | undefined; status?: 'error' | 'success' | 'info' }) {
  if (!message) return null;
  return (
    <Alert.Root status={status} size="sm" variant="subtle" role="alert">
      <Alert.Indicator />
      <Alert.Title fontWeight="normal">{message}</Alert.Title>
    </Alert.Root>
  );
}
