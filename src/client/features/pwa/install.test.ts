import { describe, expect, test } from 'vitest';
import { INSTALL_DISMISS_MS, detectBrowser, isDismissalActive, isIosDevice, manualInstallInstructions } from './install';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_MODE = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const WIN_EDGE = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';

describe('install banner dismissal (7 days, part 1 §4)', () => {
  const now = Date.UTC(2026, 0, 15, 12);
  test('no flag or an unreadable flag does not hide the banner', () => {
    expect(isDismissalActive(null, now)).toBe(false);
    expect(isDismissalActive('', now)).toBe(false);
    expect(isDismissalActive('true', now)).toBe(false);
    expect(isDismissalActive('-5', now)).toBe(false);
  });
  test('counts for 7 days, then expires', () => {
    expect(isDismissalActive(String(now), now)).toBe(true);
    expect(isDismissalActive(String(now - INSTALL_DISMISS_MS + 1000), now)).toBe(true);
    expect(isDismissalActive(String(now - INSTALL_DISMISS_MS), now)).toBe(false);
    expect(isDismissalActive(String(now - 8 * 24 * 3600 * 1000), now)).toBe(false);
  });
  test('a dismissal dated in the future (clock changed) is ignored', () => {
    expect(isDismissalActive(String(now + 3 * 24 * 3600 * 1000), now)).toBe(false);
  });
});

describe('platform detection', () => {
  test('iOS devices, including an iPad that reports itself as a Mac', () => {
    expect(isIosDevice(IPHONE_SAFARI)).toBe(true);
    expect(isIosDevice(IPHONE_CHROME)).toBe(true);
    expect(isIosDevice(IPAD_DESKTOP_MODE, 5)).toBe(true);
    expect(isIosDevice(IPAD_DESKTOP_MODE, 0)).toBe(false);
    expect(isIosDevice(ANDROID_CHROME)).toBe(false);
  });
  test('browser families for the manual instructions', () => {
    expect(detectBrowser(ANDROID_CHROME)).toBe('chrome');
    expect(detectBrowser(WIN_EDGE)).toBe('edge');
    expect(detectBrowser(IPHONE_SAFARI)).toBe('safari-ios');
    expect(detectBrowser(FIREFOX)).toBe('other');
  });
  test('manual instructions name Chrome, Safari iOS and Edge, the visitor’s browser first', () => {
    const edge = manualInstallInstructions(WIN_EDGE).split('\n');
    expect(edge[1]).toMatch(/^• Edge/);
    expect(edge.join('\n')).toMatch(/Chrome: abre el menú/);
    expect(edge.join('\n')).toMatch(/Compartir y luego "Agregar a inicio"/);
    expect(manualInstallInstructions(IPHONE_SAFARI).split('\n')[1]).toMatch(/^• Safari/);
    expect(manualInstallInstructions(FIREFOX).split('\n')[1]).toMatch(/^• Chrome/);
  });
});
