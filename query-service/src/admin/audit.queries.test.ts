import { describe, expect, it } from 'vitest';
import { changesOf, evolveAudit } from './audit.queries';

const staff = { personalData: false, contact: false, frames: false };

describe('audit changes', () => {
  it('shows before and after per changed field, and only that a secret changed', () => {
    const created = evolveAudit({}, { type: 'ChargerRegistered', data: { chargerId: 'CP-1', model: 'A', secretHash: 'a'.repeat(64) } });
    expect(changesOf({}, created, 'charger-CP-1', staff)).toEqual([
      { field: 'chargerId', before: null, after: 'CP-1', masked: null },
      { field: 'model', before: null, after: 'A', masked: null },
      { field: 'secretHash', before: null, after: null, masked: 'secret' },
    ]);
    const updated = evolveAudit(created, { type: 'ChargerUpdated', data: { chargerId: 'CP-1', model: 'B' } });
    expect(changesOf(created, updated, 'charger-CP-1', staff)).toEqual([{ field: 'model', before: 'A', after: 'B', masked: null }]);
    const deleted = evolveAudit(updated, { type: 'ChargerMarkedDeleted', data: { chargerId: 'CP-1', stationId: 's' } });
    expect(changesOf(updated, deleted, 'charger-CP-1', staff)).toEqual([{ field: 'modelState', before: null, after: 3, masked: null }]);
    expect(JSON.stringify(changesOf(created, evolveAudit(created, { type: 'ChargerSecretRotated', data: { secretHash: 'b'.repeat(64) } }), 'charger-CP-1', staff))).not.toContain('b'.repeat(64));
  });
});
