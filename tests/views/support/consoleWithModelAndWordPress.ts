import { afterAll, beforeAll } from 'vitest';
import { startLlmDouble, type LlmDouble } from '../../server/llmDouble';
import { startWordPressDouble, WP_PASSWORD, WP_USER, type WordPressDouble } from '../../server/wordpressDouble';
import { callServer } from './accounts';
import { consoleOnRealServer } from './consoleOnRealServer';

/**
 * For a view test file of articles a model rewrites once they are live: a WordPress double, a model
 * double, and the console on a real server that writes with the model (10 points an article, no
 * retries) and may call the site on loopback. `use` is handed the doubles once they are up.
 */
export function consoleWithModelAndWordPress(addressPrefix: string, use: (doubles: { wp: WordPressDouble; model: LlmDouble }) => void) {
  const env: Record<string, string> = { ALLOW_PRIVATE_TARGETS: '1', PRICE_ARTICLE: '10', LLM_MAX_RETRIES: '0', LLM_MODEL: 'double-model' };
  let wp: WordPressDouble | undefined;
  let model: LlmDouble | undefined;
  beforeAll(async () => {
    wp = await startWordPressDouble();
    model = await startLlmDouble();
    env.LLM_BASE_URL = model.url;
    use({ wp, model });
  });
  afterAll(async () => {
    await wp?.close();
    await model?.close();
  });
  const server = consoleOnRealServer(env, addressPrefix);
  return {
    server,
    /** A WordPress site of the account signed in with `token`, at the double: its id. */
    async wordpressSite(token: string) {
      const site = await callServer<{ id: number }>(
        server.url,
        'POST',
        '/api/v1/site/add',
        { name: 'Rose blog', url: wp!.url, type: 'wordpress', username: WP_USER, app_password: WP_PASSWORD },
        token,
      );
      return site.id;
    },
  };
}
