import { useEffect, useState } from 'react';
import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** The time and date on the lock screen, in the user's language. */
export function LockClock() {
  const { i18n } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const locale = i18n.language === 'en' ? 'en' : 'zh-CN';
  return (
    <Stack align="center" gap="0">
      <Text fontSize={{ base: '5xl', md: '7xl' }} fontWeight="light" lineHeight="1" fontVariantNumeric="tabular-nums">
        {now.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })}
      </Text>
      <Text color="whiteAlpha.700">
        {now.toLocaleDateString(locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' })}
      </Text>
    </Stack>
  );
}
