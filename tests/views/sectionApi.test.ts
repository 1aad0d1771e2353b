import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();
const refusals = async (filePath: string, code: string) =>
  (await eslint.lintText(code, { filePath })).flatMap((result) => result.messages).map((m) => m.ruleId);

const callsSites =
  "import { siteList } from '../../services/api/site';\nexport const sites = () => siteList({ page: 1, page_size: 10 });\n";

describe('a section reaches the server through its api.ts', () => {
  it('lint refuses an endpoint function imported by a view or a shared component', async () => {
    expect(await refusals('src/views/site/Probe.tsx', callsSites)).toContain('no-restricted-imports');
    expect(await refusals('src/views/dashboard/analysis/Probe.tsx', callsSites.replaceAll('../../', '../../../'))).toContain(
      'no-restricted-imports',
    );
    expect(await refusals('src/components/publishing/Probe.tsx', callsSites)).toContain('no-restricted-imports');
  });

  it("lets the section's api.ts import them, and still refuses it the http client", async () => {
    expect(await refusals('src/views/site/api.ts', callsSites)).not.toContain('no-restricted-imports');
    expect(await refusals('src/components/publishing/api.ts', callsSites)).not.toContain('no-restricted-imports');
    expect(await refusals('src/views/site/api.ts', "import axios from 'axios';\nexport const client = axios;\n")).toContain(
      'no-restricted-imports',
    );
  });
});
