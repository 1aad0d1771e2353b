import { Heading, Stack, Text } from '@chakra-ui/react';

/** The title and one-line explanation above each login form. */
export function LoginFormHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Stack gap="1.5" mb="2">
      <Heading as="h1" size="2xl" fontWeight="semibold" letterSpacing="tight">
        {title}
      </Heading>
      {subtitle && (
        <Text color="fg.muted" textStyle="sm">
          {subtitle}
        </Text>
      )}
    </Stack>
  );
}
