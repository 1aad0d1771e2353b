import { describe, expect, it } from 'vitest';
import { applyLocale, applyTheme } from '../../src/services/document/htmlAttributes';
import { currentLocation, writeHistory } from '../../src/services/document/browserHistory';

describe('the page root', () => {
  it('dark mode sets data-theme and the dark class; light removes the class', () => {
    const root = document.documentElement;
    applyTheme(root, 'dark');
    expect(root.getAttribute('data-theme')).toBe('dark');
    expect(root.classList.contains('dark')).toBe(true);
    applyTheme(root, 'light');
    expect(root.getAttribute('data-theme')).toBe('light');
    expect(root.classList.contains('dark')).toBe(false);
  });

  it('the lang attribute follows the locale', () => {
    applyLocale(document.documentElement, 'en');
    expect(document.documentElement.lang).toBe('en');
    applyLocale(document.documentElement, 'zh_CN');
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});

describe('browser history', () => {
  it('pushes a new location, replaces when asked, and does not push the location already shown', () => {
    window.history.replaceState(null, '', '/start');
    const before = window.history.length;
    writeHistory(window, { to: '/site?page=2', replace: false });
    expect(currentLocation(window.location)).toBe('/site?page=2');
    expect(window.history.length).toBe(before + 1);
    writeHistory(window, { to: '/site?page=2', replace: false });
    expect(window.history.length).toBe(before + 1);
    writeHistory(window, { to: '/login', replace: true });
    expect(currentLocation(window.location)).toBe('/login');
    expect(window.history.length).toBe(before + 1);
  });
});
