import { describe, expect, it } from 'vitest';
import { pagePathOf } from './page-view-counter';

describe('page views count pages', () => {
  it('keeps routes as the frontend names them, the rest in lower case', () => {
    expect(pagePathOf('/My-Sessions/$sessionId')).toBe('/my-sessions/$sessionId');
    expect(pagePathOf('/HowItWorks')).toBe('/howitworks');
  });

  it('counts a raw address with an id as its page', () => {
    expect(pagePathOf('/my-sessions/A1B2C3D4-0000-4000-8000-000000000001')).toBe('/my-sessions/$id');
    expect(pagePathOf('/my-bookings/a1b2c3d4-0000-4000-8000-000000000001/receipt')).toBe('/my-bookings/$id/receipt');
    expect(pagePathOf('/admin/events/123456')).toBe('/admin/events/$id');
    expect(pagePathOf('/')).toBe('/');
  });
});
