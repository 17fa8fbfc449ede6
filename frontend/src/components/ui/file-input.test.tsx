// File inputs are a styled button with translated text, not the browser's "Choose File".
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp, resetBrowserState } from '../../testing/render-app';
import { asCustomer } from '../../testing/charging-fixtures';

beforeEach(resetBrowserState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('file pickers', () => {
  it.each([
    ['en', '/registerCarInfo', 'Choose a file', 'No file chosen'],
    ['ar', '/registerCarInfo?lang=ar', 'اختر ملفًا', 'لم يُختر ملف'],
  ])('%s: the licence pickers speak the page language and name the chosen file', async (_lang, url, choose, none) => {
    asCustomer((req) => (req.url === '/api/files' ? { body: { fileId: 'f'.repeat(64) } } : undefined));
    await renderApp(url);
    await waitFor(() => expect(screen.getAllByTestId('file-choose').length).toBeGreaterThanOrEqual(2));
    for (const button of screen.getAllByTestId('file-choose')) expect(button.textContent).toBe(choose);
    expect(screen.getAllByTestId('file-name')[0]!.textContent).toBe(none);
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File(['x'], 'front.jpg', { type: 'image/jpeg' })] } });
    expect(screen.getAllByTestId('file-name')[0]!.textContent).toBe('front.jpg');
  });
});
