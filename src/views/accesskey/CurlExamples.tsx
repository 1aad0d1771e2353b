import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ApiPath } from '../../../contract/paths';
import { CopyLine } from '../../components/SecretBlock';

/**
 * The three calls scripts make most, ready to paste: create a generation task from keywords, poll
 * it, list its articles. Filled with the key's prefix: the rest of the secret is the user's own.
 * `envComment` is the shell comment on the key's line, in the reader's language.
 */
export function curlExamples(origin: string, prefix: string, envComment: string) {
  const key = `${prefix}…`;
  const auth = `-H "Authorization: Bearer $INKPRESS_KEY"`;
  return {
    env: `export INKPRESS_KEY='${key}'  # ${envComment}`,
    create: `curl -s -X POST ${origin}${ApiPath.articleTaskAdd} \\\n  ${auth} \\\n  -H "Content-Type: application/json" \\\n  -d '{"site_id": 1, "keywords": "green tea benefits\\nhow to brew oolong", "images": false}'`,
    poll: `curl -s "${origin}${ApiPath.articleTaskDetail}?id=TASK_ID" \\\n  ${auth}`,
    articles: `curl -s "${origin}${ApiPath.articleList}?task_id=TASK_ID&page_size=100" \\\n  ${auth}`,
  };
}

export function CurlExamples({ prefix }: { prefix: string | null }) {
  const { t } = useTranslation('accessKey');
  const examples = curlExamples(window.location.origin, prefix ?? 'ink_XXXXXXXX', t('accessKey.examples.envComment'));
  return (
    <Stack gap="4" maxW="4xl">
      <Text textStyle="sm" color="fg.muted">
        {prefix ? t('accessKey.examples.intro', { prefix }) : t('accessKey.examples.noKey')}
      </Text>
      <CopyLine label={t('accessKey.examples.env')} value={examples.env} />
      <CopyLine label={t('accessKey.examples.create')} value={examples.create} testId="curl-create" />
      <CopyLine label={t('accessKey.examples.poll')} value={examples.poll} />
      <CopyLine label={t('accessKey.examples.articles')} value={examples.articles} />
      <Text textStyle="xs" color="fg.muted">
        {t('accessKey.examples.docs')}
      </Text>
    </Stack>
  );
}
