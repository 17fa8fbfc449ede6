import { describe, expect, it } from 'vitest';
import { alertMail, type AlertMailInput } from './alert-mail';

const input: AlertMailInput = {
  to: 'oncall@example.com',
  locale: 'en',
  about: 'opened',
  alertId: '3f1c2b7a-9d4e-4c1a-8f2b-1a2b3c4d5e6f',
  kind: 'faulted',
  chargerId: 'EVC-001-AC1',
  stationName: 'Maadi <Corniche>',
  cause: {
    connectorId: 2,
    errorCode: 'GroundFailure',
    info: 'RCD tripped',
    vendorErrorCode: 'E-042',
    since: '2026-03-01T09:00:00.000Z',
    transactionId: null,
    lastMeterAt: null,
  },
  resolution: null,
  publicUrl: 'https://evcharging.eg',
};

describe('alert mail', () => {
  it('names the kind, charger, station, connector and the codes, and links the alert', () => {
    const mail = alertMail(input);
    expect(mail.subject).toBe('Alert: Connector faulted - EVC-001-AC1');
    expect(mail.text).toContain('Error: GroundFailure · E-042 · RCD tripped');
    expect(mail.text).toContain('Connector: 2');
    expect(mail.text).toContain(`https://evcharging.eg/admin/Alerts?selected=${input.alertId}`);
    // The station's name is escaped in the HTML.
    expect(mail.html).toContain('Maadi &#60;Corniche&#62;');
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
  });

  it('in Arabic, right to left, says how it was resolved and opens the page in Arabic', () => {
    const mail = alertMail({ ...input, locale: 'ar', about: 'resolved', resolution: 'Available' });
    expect(mail.subject).toBe('تم الحل: عطل في الموصل - EVC-001-AC1');
    expect(mail.text).toContain('تم الحل: Available');
    expect(mail.text).toContain('&lang=ar');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
  });
});
