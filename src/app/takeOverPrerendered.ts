/** What the prerendered login page's inline script keeps until the console has hydrated it (scripts/prerenderLogin.ts). */
interface Prerendered {
  hydrated: boolean;
  submitted: HTMLFormElement | null;
}

declare global {
  interface Window {
    inkpressPrerendered?: Prerendered;
  }
}

const nativeValueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

/**
 * Hands the login form what happened on the prerendered page before React hydrated it:
 * React keeps the text typed (or filled in by a password manager) in the fields but does not know
 * it, so each such field is announced as a change, as typing it would; then the form, if it was
 * submitted meanwhile, is submitted again. Called by the form once hydrated (its mount effect):
 * React hydrates the page's lazy parts one after another, so the page's root is hydrated before it.
 */
export function takeOverPrerendered(form: HTMLFormElement, window: Window): void {
  const prerendered = window.inkpressPrerendered;
  if (!prerendered || prerendered.hydrated) return;
  prerendered.hydrated = true;
  for (const input of form.querySelectorAll('input')) {
    if (input.value === input.defaultValue || !nativeValueSetter) continue;
    const typed = input.value;
    // React notices a change against the value it last set: set the rendered one its way first.
    input.value = input.defaultValue;
    nativeValueSetter.call(input, typed);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
  const submitted = prerendered.submitted === form;
  prerendered.submitted = null;
  // After React has drawn the changes above (they come from an effect: React draws them once it ends).
  if (submitted) setTimeout(() => form.isConnected && form.requestSubmit());
}
