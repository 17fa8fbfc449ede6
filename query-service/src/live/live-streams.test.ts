import { describe, expect, it } from 'vitest';
import type { LiveChange } from '@evc/contracts';
import { PUBLIC_LIVE_READ_MODELS, READ_MODEL_NAMES, allProjections } from '@evc/projections';
import { publicView } from './live-hub';

const change = (collection: string, customerIds?: string[]): LiveChange =>
  ({ collection, position: 1, ...(customerIds ? { customerIds } : {}) }) as LiveChange;

describe('what the live streams name', () => {
  it('the public stream carries exactly the public read models of the names table', () => {
    const view = publicView(null);
    const carried = [...READ_MODEL_NAMES, 'not_a_read_model'].filter((name) => view(change(name)) !== null);
    expect(carried.sort()).toEqual([...PUBLIC_LIVE_READ_MODELS].sort());
    expect(READ_MODEL_NAMES.filter((name) => view(change(name, ['c-1'])) !== null)).toEqual([]);
  });

  it('every collection a projection writes (and announces) is in the names table', () => {
    const written = allProjections().flatMap((projection) => projection.collections);
    expect(written.filter((name) => !(READ_MODEL_NAMES as readonly string[]).includes(name))).toEqual([]);
  });
});
