import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp, resetBrowserState, stubApi, type RecordedRequest } from '../../../testing/render-app';

beforeEach(resetBrowserState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SUBMIT = '/api/commands/contact-requests.submit';
const submits = (requests: RecordedRequest[]) => requests.filter((r) => r.url === SUBMIT);

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

const valid = {
  'Full name': 'Mona Adel',
  'E-mail': 'mona@example.com',
  'Message type': 'complaint',
  Title: 'Charger at Maadi station is offline',
  'Request details': 'The second connector has shown an error since this morning.',
};

describe('contact form', () => {
  it('shows translated validation errors next to the fields and sends nothing', async () => {
    const requests = stubApi();
    await renderApp('/ContactUs');
    await screen.findByRole('heading', { level: 1, name: 'Contact us' });
    fill({ 'Full name': 'M', 'E-mail': 'not-an-email', Title: 'Too short' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('Must be at least 20 characters')).toBeTruthy();
    expect(screen.getByText('Choose one of the options')).toBeTruthy();
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(screen.getByLabelText('Full name').getAttribute('aria-invalid')).toBe('true');
    expect(submits(requests)).toHaveLength(0);
  });

  it('shows the errors in Arabic when Arabic is selected', async () => {
    stubApi();
    await renderApp('/ContactUs?lang=ar');
    await screen.findByRole('heading', { level: 1, name: 'اتصل بنا' });
    fireEvent.click(screen.getByRole('button', { name: 'إرسال' }));
    expect(await screen.findByText('يجب ألا يقل عن حرفين')).toBeTruthy();
    expect(screen.getByText('يجب ألا يقل عن ٢٠ حرفاً')).toBeTruthy();
    expect(screen.getByText('اختر أحد الخيارات')).toBeTruthy();
  });

  it('submits the contract body with one request id and shows the success toast', async () => {
    const requests = stubApi((req) =>
      req.url === SUBMIT ? { body: { streamId: 'contact-request-x', revision: 0, position: 7 } } : undefined,
    );
    await renderApp('/ContactUs');
    await screen.findByRole('heading', { level: 1, name: 'Contact us' });
    fill({ ...valid, 'Full name': '  Mona Adel  ' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Successful operation')).toBeTruthy();
    expect(screen.getByText('Your request has been sent. We will reply by e-mail.')).toBeTruthy();
    const [sent] = submits(requests);
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toEqual({
      requestId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      fullName: 'Mona Adel',
      email: 'mona@example.com',
      title: 'Charger at Maadi station is offline',
      type: 'complaint',
      details: 'The second connector has shown an error since this morning.',
      // the page's language: the reply is mailed in it
      locale: 'en',
    });
    // the form is cleared for the next request
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('');
  });

  it('shows server field errors next to their fields, and retries with the same request id', async () => {
    const requests = stubApi((req) =>
      req.url === SUBMIT
        ? {
            status: 400,
            body: {
              code: 'request.invalid',
              message: 'Invalid request',
              fieldErrors: [{ path: 'email', code: 'too_big', params: { maximum: 150, origin: 'string' } }],
            },
          }
        : undefined,
    );
    await renderApp('/ContactUs');
    await screen.findByRole('heading', { level: 1, name: 'Contact us' });
    fill(valid);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Must be at most 150 characters')).toBeTruthy();
    expect(screen.getByText('Error occured')).toBeTruthy();
    expect(screen.getByText('Some fields are not valid. Please check them.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(submits(requests)).toHaveLength(2));
    const [first, second] = submits(requests) as [RecordedRequest, RecordedRequest];
    expect((second.body as { requestId: string }).requestId).toBe((first.body as { requestId: string }).requestId);
  });

  it('preselects the message type from ?type= (the site survey call to action)', async () => {
    stubApi();
    await renderApp('/ContactUs?type=suggestion');
    await screen.findByRole('heading', { level: 1, name: 'Contact us' });
    expect((screen.getByLabelText('Message type') as HTMLSelectElement).value).toBe('suggestion');
  });
});
