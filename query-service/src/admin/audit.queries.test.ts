import { describe, expect, it } from 'vitest';
import { SECRET_SHOWN_AS, changesOf, evolveAudit } from './audit.queries';

describe('audit changes', () => {
  it('shows before and after per changed field, and only that a secret changed', () => {
    const created = evolveAudit({}, { type: 'ChargerRegistered', data: { chargerId: 'CP-1', model: 'A', secretHash: 'a'.repeat(64) } });
    expect(changesOf({}, created)).toEqual([
      { field: 'chargerId', before: null, after: 'CP-1' },
      { field: 'model', before: null, after: 'A' },
      { field: 'secretHash', before: null, after: SECRET_SHOWN_AS },
    ]);
    const updated = evolveAudit(created, { type: 'ChargerUpdated', data: { chargerId: 'CP-1', model: 'B' } });
    expect(changesOf(created, updated)).toEqual([{ field: 'model', before: 'A', after: 'B' }]);
    const deleted = evolveAudit(updated, { type: 'ChargerMarkedDeleted', data: { chargerId: 'CP-1', stationId: 's' } });
    expect(changesOf(updated, deleted)).toEqual([{ field: 'modelState', before: null, after: 3 }]);
    expect(JSON.stringify(changesOf(created, evolveAudit(created, { type: 'ChargerSecretRotated', data: { secretHash: 'b'.repeat(64) } })))).not.toContain('b'.repeat(64));
  });
});
