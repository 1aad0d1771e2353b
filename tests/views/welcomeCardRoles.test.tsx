import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { UserDetails } from '../../contract/schemas/user';
import { system } from '../../src/components/theme/system';
import { loadPacks, setupI18n } from '../../src/i18n';
import { WelcomeCard } from '../../src/views/dashboard/analysis/WelcomeCard';
import { fill, zh } from './support/texts';

/** The dashboard's account card greets the user for the time of day and names their roles as the rest of the console does. */
async function renderCard(roles: UserDetails['roles']) {
  await setupI18n('zh_CN');
  // The signed-in shell's packs the card reads (src/i18n/namespaces.ts).
  await loadPacks(['dashboard', 'roles']);
  cleanup();
  const user = { username: 'badge_owner', realName: '', avatar: '', roles } as unknown as UserDetails;
  render(
    <ChakraProvider value={system}>
      <WelcomeCard user={user} onEdit={() => {}} />
    </ChakraProvider>,
  );
}

describe('the account card’s role badges', () => {
  it('read a built-in role under its seeded name in the reader’s language', async () => {
    await renderCard([{ value: 'master', roleName: 'Account owner' }]);
    expect(screen.getByText(zh.roles.master)).toBeTruthy();
  });

  it('read a built-in role the operator renamed under its new name', async () => {
    await renderCard([{ value: 'master', roleName: '旗舰客户' }]);
    expect(screen.getByText('旗舰客户')).toBeTruthy();
    expect(screen.queryByText(zh.roles.master)).toBeNull();
  });
});

describe('the account card’s greeting', () => {
  afterEach(() => vi.useRealTimers());

  // Only the clock is stood still: the card renders as it would at that local hour.
  const at = (hour: number) => vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 30, hour, 30) });
  const greeting = (part: 'morning' | 'afternoon' | 'evening') => fill(zh.dashboard.analysis.greeting[part], { name: 'badge_owner' });

  it.each([
    [2, 'evening'],
    [5, 'morning'],
    [11, 'morning'],
    [12, 'afternoon'],
    [17, 'afternoon'],
    [18, 'evening'],
    [23, 'evening'],
  ] as const)('at %i:30 says good %s', async (hour, part) => {
    at(hour);
    await renderCard([{ value: 'master', roleName: 'Account owner' }]);
    expect(screen.getByRole('heading', { name: greeting(part) })).toBeTruthy();
  });
});
