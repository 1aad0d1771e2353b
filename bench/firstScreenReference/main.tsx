import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Box, Button, ChakraProvider, defaultSystem, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';

/**
 * The bench's reference (bench/firstScreen.ts): a bare React + Chakra UI page with the login form
 * and nothing else — no router, state machines, translations or API calls. The console's login page
 * is measured against it.
 */
function ReferenceLogin() {
  return (
    <Flex minH="100vh" align="center" justify="center" px="6">
      <Box w="full" maxW="420px">
        <Stack gap="6">
          <Stack gap="1">
            <Heading size="2xl">Sign in</Heading>
            <Text color="fg.muted">Welcome back</Text>
          </Stack>
          <form aria-label="Sign in" onSubmit={(event) => event.preventDefault()}>
            <Stack gap="4">
              <Field.Root>
                <Field.Label>Username</Field.Label>
                <Input autoComplete="username" />
              </Field.Root>
              <Field.Root>
                <Field.Label>Password</Field.Label>
                <Input type="password" autoComplete="current-password" />
              </Field.Root>
              <Button type="submit" size="lg" width="full">
                Sign in
              </Button>
            </Stack>
          </form>
        </Stack>
      </Box>
    </Flex>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ChakraProvider value={defaultSystem}>
      <ReferenceLogin />
    </ChakraProvider>
  </StrictMode>,
);
