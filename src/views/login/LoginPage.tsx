import { useDeferredValue, useState } from 'react';
import { Box, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { useSessionActor } from '../../app/AppActorProvider';
import { LogoMark } from '../../components/brand/LogoMark';
import { LoginIllustration } from '../../components/brand/LoginIllustration';
import { AccountLoginForm } from '../../components/signIn/AccountLoginForm';
import { LoginFormHeader } from '../../components/signIn/LoginFormHeader';
import { LoginPreferences } from './LoginPreferences';
import { OTHER_LOGIN_METHODS_HEIGHT, OtherLoginMethods } from './OtherLoginMethods';
import { OtherFormLoad } from './OtherFormLoad';
import { ForgotPasswordForm, MobileLoginForm, QrLoginPanel, RegisterForm, SecondFactorForm } from './otherForms';
import type { LoginFormKind } from './loginForms';

/** /login: the brand panel beside the current form (spec §2). */
export default function LoginPage() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const secondFactor = useSelector(session, (state) => state.hasTag('secondFactor'));
  // /login?invite=CODE (an invite link) opens the register form with the code filled in.
  const invite = new URLSearchParams(useSearch()).get('invite') ?? '';
  const [form, setForm] = useState<LoginFormKind>(invite ? 'register' : 'account');
  const backToLogin = () => setForm('account');
  // The form first. What is not the form (the brand panel's picture and words, the
  // language and theme buttons, the other ways to sign in: two thirds of the page's elements) is
  // drawn by the render after the first, in the background. Their places are held from the first
  // frame (the panel with its colour, the header's height, the other ways' height), so nothing on
  // the page moves when they come.
  const restDrawn = useDeferredValue(true, false);

  // The sign-in form is no lazy chunk: it sits outside the other forms' Suspense boundary, so that
  // on the prerendered page React hydrates it with the page, not in a pass of its own
  // after the rest of the page (React hydrates a boundary at its lowest priority).
  const signingIn = !secondFactor && form === 'account';
  const content = secondFactor ? (
    <SecondFactorForm />
  ) : form === 'register' ? (
    <RegisterForm onBack={backToLogin} invite={invite} />
  ) : form === 'forgot' ? (
    <ForgotPasswordForm onBack={backToLogin} />
  ) : form === 'mobile' ? (
    <MobileLoginForm onBack={backToLogin} />
  ) : form === 'qr' ? (
    <QrLoginPanel onBack={backToLogin} />
  ) : (
    <Stack gap="6">
      <LoginFormHeader title={t('sys.login.signInTitle')} subtitle={t('sys.login.signInDesc')} />
      <AccountLoginForm onForgotPassword={() => setForm('forgot')} />
      <Box minH={OTHER_LOGIN_METHODS_HEIGHT}>{restDrawn && <OtherLoginMethods onSelect={setForm} />}</Box>
    </Stack>
  );

  return (
    <Flex minH="100vh" bg="bg.panel">
      <Flex
        display={{ base: 'none', lg: 'flex' }}
        direction="column"
        justify="space-between"
        w="45%"
        maxW="720px"
        p="10"
        color="white"
        bgGradient="to-br"
        gradientFrom="#0b6fd6"
        gradientVia="#0960bd"
        gradientTo="#053a78"
        position="relative"
        overflow="hidden"
      >
        {restDrawn && (
          <>
            <Box position="absolute" top="-24" right="-24" boxSize="80" rounded="full" bg="whiteAlpha.100" />
            <Box position="absolute" bottom="-32" left="-20" boxSize="96" rounded="full" bg="whiteAlpha.50" />
            <HStack gap="3" position="relative">
              <LogoMark boxSize="9" />
              <Text fontSize="xl" fontWeight="semibold" letterSpacing="wide">
                {t('sys.app.title')}
              </Text>
            </HStack>
            <Stack gap="8" align="center" position="relative">
              <LoginIllustration />
              <Stack gap="3" textAlign="center" maxW="md">
                <Heading size="2xl" fontWeight="semibold" color="white">
                  {t('sys.login.bannerTitle')}
                </Heading>
                <Text color="whiteAlpha.800">{t('sys.login.bannerSubtitle')}</Text>
              </Stack>
            </Stack>
            <Text textStyle="xs" color="whiteAlpha.700" position="relative">
              {t('sys.app.copyright', { year: new Date().getFullYear() })}
            </Text>
          </>
        )}
      </Flex>
      <Flex flex="1" direction="column" minW="0">
        <HStack justify="space-between" px={{ base: '4', md: '8' }} h="16">
          {restDrawn && (
            <>
              <HStack gap="2" display={{ base: 'flex', lg: 'none' }}>
                <LogoMark boxSize="7" />
                <Text fontWeight="semibold">{t('sys.app.title')}</Text>
              </HStack>
              <HStack ms="auto">
                <LoginPreferences />
              </HStack>
            </>
          )}
        </HStack>
        <Flex flex="1" align="center" justify="center" px="6" pb="16">
          <Box w="full" maxW="420px">
            {signingIn ? (
              content
            ) : (
              <OtherFormLoad form={secondFactor ? 'secondFactor' : form} onBack={backToLogin}>
                {content}
              </OtherFormLoad>
            )}
          </Box>
        </Flex>
      </Flex>
    </Flex>
  );
}
