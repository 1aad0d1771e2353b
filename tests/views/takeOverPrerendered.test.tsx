import { act, useEffect, useRef, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeOverPrerendered } from '../../src/app/takeOverPrerendered';

/**
 * The login page comes prerendered; what a user types and sends before React has hydrated
 * it reaches the form's state and its submit handler once it has (the inline script of
 * scripts/prerenderLogin.ts holds the submission). A form like the login form: controlled fields.
 */
function SignInForm({ onSend }: { onSend: (values: { name: string; password: string }) => void }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (form.current) takeOverPrerendered(form.current, window);
  }, []);
  return (
    <form
      ref={form}
      aria-label="Sign in"
      onSubmit={(event) => {
        event.preventDefault();
        onSend({ name, password });
      }}
    >
      <input aria-label="Name" value={name} onChange={(event) => setName(event.target.value)} />
      <input aria-label="Password" type="password" value={password} onChange={(event) => setPassword(event.target.value)} />
      <button type="submit">Sign in</button>
    </form>
  );
}

// React's act() needs to know it runs in a test (@testing-library/react says so when imported).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  delete window.inkpressPrerendered;
});

/** The page as the server sends it, with what the user did before the console ran. */
function prerendered(typed: { name?: string; password?: string }, submitted: boolean) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<SignInForm onSend={() => {}} />);
  document.body.append(container);
  const form = container.querySelector('form') as HTMLFormElement;
  const [name, password] = container.querySelectorAll('input');
  if (typed.name) name.value = typed.name;
  if (typed.password) password.value = typed.password;
  window.inkpressPrerendered = { hydrated: false, submitted: submitted ? form : null };
  return { container, form, name, password };
}

/**
 * Resolves once the tasks queued before it have run (timers of no delay run in the order they were
 * set): a submit the take-over queued would have happened by then, however busy the machine.
 */
const afterQueuedTasks = () => new Promise((resolve) => setTimeout(resolve));

describe('the prerendered login form taken over by the console', () => {
  it('sends a form submitted before hydration once, with what was typed', async () => {
    const { container } = prerendered({ name: 'ada', password: 'secret-pw' }, true);
    const onSend = vi.fn();
    await act(async () => {
      root = hydrateRoot(container, <SignInForm onSend={onSend} />);
    });
    await vi.waitFor(() => expect(onSend).toHaveBeenCalledWith({ name: 'ada', password: 'secret-pw' }));
    await afterQueuedTasks();
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(window.inkpressPrerendered?.hydrated).toBe(true);
  });

  it('keeps what was typed without sending it; a later submit sends it', async () => {
    const { container, form, name } = prerendered({ name: 'ada' }, false);
    const onSend = vi.fn();
    await act(async () => {
      root = hydrateRoot(container, <SignInForm onSend={onSend} />);
    });
    await afterQueuedTasks();
    expect(onSend).not.toHaveBeenCalled();
    expect(name.value).toBe('ada');
    await act(async () => form.requestSubmit());
    expect(onSend).toHaveBeenCalledWith({ name: 'ada', password: '' });
  });

  it('does nothing on a page the console drew itself, or a second time', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SignInForm onSend={() => {}} />);
    document.body.append(container);
    const onSend = vi.fn();
    await act(async () => {
      root = hydrateRoot(container, <SignInForm onSend={onSend} />);
    });
    expect(window.inkpressPrerendered).toBeUndefined();
    window.inkpressPrerendered = { hydrated: true, submitted: container.querySelector('form') };
    takeOverPrerendered(container.querySelector('form') as HTMLFormElement, window);
    await afterQueuedTasks();
    expect(onSend).not.toHaveBeenCalled();
  });
});
