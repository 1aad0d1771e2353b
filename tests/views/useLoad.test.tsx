import { Activity, StrictMode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLoad } from '../../src/app/useLoad';

/** A page that loads a greeting for `name`, as a kept-alive tab's page. */
function Greeting({ load, name }: { load: (name: string) => Promise<string>; name: string }) {
  const greeting = useLoad(load, name);
  return <p>{greeting.state === 'submitting' ? 'loading' : greeting.result}</p>;
}

function Tab({ shown, name, load }: { shown: boolean; name: string; load: (name: string) => Promise<string> }) {
  return (
    <StrictMode>
      <Activity mode={shown ? 'visible' : 'hidden'}>
        <Greeting load={load} name={name} />
      </Activity>
    </StrictMode>
  );
}

describe('useLoad', () => {
  it('loads once; a kept-alive page shown again shows what it had instead of loading it again', async () => {
    const load = vi.fn(async (name: string) => `hello ${name}`);
    const { rerender } = render(<Tab shown name="ada" load={load} />);
    expect(await screen.findByText('hello ada')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);

    await act(async () => rerender(<Tab shown={false} name="ada" load={load} />));
    await act(async () => rerender(<Tab shown name="ada" load={load} />));
    expect(screen.getByText('hello ada')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again when its input changes', async () => {
    const load = vi.fn(async (name: string) => `hello ${name}`);
    const { rerender } = render(<Tab shown name="ada" load={load} />);
    expect(await screen.findByText('hello ada')).toBeTruthy();
    rerender(<Tab shown name="grace" load={load} />);
    expect(await screen.findByText('hello grace')).toBeTruthy();
    expect(load.mock.calls.map(([name]) => name)).toEqual(['ada', 'grace']);
  });
});
