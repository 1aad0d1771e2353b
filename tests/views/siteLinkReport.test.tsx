import { useServerUrl } from './support/realServer'; // first: the console's http client then calls the page server below
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { ApiPath } from '../../contract/paths';
import type { LinkReport } from '../../contract/schemas/internalLink';
import type { Site } from '../../contract/schemas/site';
import { system } from '../../src/components/theme/system';
import { loadConsoleTheme } from '../../src/components/theme/consoleTheme';
import { changeLocale, loadPacks, setupI18n } from '../../src/i18n';
import { SiteLinksDialog } from '../../src/views/site/SiteLinksDialog';
import { ok, sendJson, startTestServer } from '../services/testServer';
import { findDialog } from './support/dialogs';

/** A site's internal links report: the pages nothing links to, and the links to pages gone. */

const REPORT: LinkReport = {
  orphans: [{ article_id: 3, title: 'Compost bins', url: 'https://herbs.example/compost-bins/' }],
  broken: [
    {
      link_id: 7,
      source_article_id: 4,
      source_title: 'Compost tea',
      source_url: 'https://herbs.example/compost-tea/',
      target_article_id: 5,
      target_url: 'https://herbs.example/worm-compost/',
      anchor: 'worm compost',
    },
  ],
};

let pages: Awaited<ReturnType<typeof startTestServer>> | undefined;
beforeAll(async () => {
  pages = await startTestServer((request, response) => {
    if (request.path === ApiPath.siteLinkReport) return sendJson(response, ok(REPORT));
    return sendJson(response, ok({ list: [], total: 0 }));
  });
  useServerUrl(pages.url);
  await setupI18n('en');
  await changeLocale('en');
  await loadPacks(['site']);
  await loadConsoleTheme();
});
afterAll(async () => {
  await changeLocale('zh_CN');
  await pages?.close();
});

describe("a site's internal links", () => {
  it('lists the orphan pages and the broken links of the site asked for', async () => {
    render(
      <ChakraProvider value={system}>
        <SiteLinksDialog open site={{ id: 2, name: 'Herbs' } as Site} onClose={() => {}} />
      </ChakraProvider>,
    );
    const dialog = await findDialog('dialog', 'Internal links of Herbs');
    const orphans = await within(dialog).findByRole('region', { name: 'Pages no other page links to' });
    expect(within(orphans).getByRole('link', { name: 'Compost bins' }).getAttribute('href')).toBe('https://herbs.example/compost-bins/');
    const broken = within(dialog).getByRole('region', { name: 'Links to pages no longer live' });
    expect(within(broken).getByText('Compost tea links to https://herbs.example/worm-compost/ (“worm compost”)')).toBeDefined();
    expect(pages?.received.filter((r) => r.path === ApiPath.siteLinkReport).map((r) => r.query.get('site_id'))).toEqual(['2']);
  });
});
