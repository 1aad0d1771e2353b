import { Box, chakra, Flex, Image, Skeleton } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import { TextField } from './TextField';

interface CaptchaFieldProps {
  value: string;
  error?: string;
  onValueChange: (value: string) => void;
  /** The captcha picture as a data URL; missing while it loads. */
  image?: string;
  onRefresh: () => void;
}

/** The graphic captcha the server asks for after repeated failures (ResultCode.CAPTCHA_REQUIRED). */
export function CaptchaField({ value, error, onValueChange, image, onRefresh }: CaptchaFieldProps) {
  const { t } = useTranslation();
  return (
    <Flex gap="3" align="flex-start">
      <Box flex="1">
        <TextField
          label={t('sys.login.captcha')}
          name="captcha"
          value={value}
          error={error}
          onValueChange={onValueChange}
          startElement={<ShieldCheck size={16} />}
          autoComplete="off"
        />
      </Box>
      <chakra.button
        type="button"
        mt="6"
        h="10"
        w="32"
        flexShrink={0}
        borderWidth="1px"
        rounded="l2"
        overflow="hidden"
        bg="white"
        cursor="pointer"
        title={t('sys.login.refreshCaptcha')}
        aria-label={t('sys.login.refreshCaptcha')}
        onClick={onRefresh}
      >
        {image ? (
          <Image src={image} alt={t('sys.login.captchaImage')} h="full" w="full" objectFit="contain" />
        ) : (
          <Skeleton h="full" w="full" />
        )}
      </chakra.button>
    </Flex>
  );
}
