import { describe, expect, it } from 'vitest';
import { createMemoryDocumentStore } from '@evc/platform/documents/index';
import { READ_MODELS } from '@evc/projections';
import { DashboardQueries } from './dashboard.queries';

const NOW = new Date('2026-03-01T10:00:00.000Z');
const TODAY = '2026-03-01T08:00:00.000Z';
const YESTERDAY = '2026-02-28T08:00:00.000Z';

describe('the dashboard', () => {
  it("today's revenue is the sessions billed today plus the booking fees charged today", async () => {
    const documents = createMemoryDocumentStore();
    const sessions = documents.collection(READ_MODELS.sessions);
    await sessions.insertOne({
      _id: 's1',
      requestedAt: TODAY,
      stoppedAt: TODAY,
      billed: true,
      cost: 1500,
      energyWh: 6000,
      status: 'stopped',
    });
    await sessions.insertOne({
      _id: 's2',
      requestedAt: YESTERDAY,
      stoppedAt: YESTERDAY,
      billed: true,
      cost: 9999,
      energyWh: 1,
      status: 'stopped',
    });
    const bookings = documents.collection(READ_MODELS.bookings);
    await bookings.insertOne({ _id: 'b1', status: 'expired', endedAt: TODAY, charged: true, fee: 3000 });
    await bookings.insertOne({ _id: 'b2', status: 'cancelled', endedAt: TODAY, charged: true, fee: 50 });
    await bookings.insertOne({ _id: 'b3', status: 'expired', endedAt: YESTERDAY, charged: true, fee: 7777 });
    await bookings.insertOne({ _id: 'b4', status: 'failed', endedAt: TODAY, charged: false, fee: 0 });
    const view = await new DashboardQueries(documents).dashboard(['sessions.read'], NOW);
    expect(view.sessions).toMatchObject({ count: 1, energyWh: 6000, revenue: 1500 + 3000 + 50 });
  });
});
