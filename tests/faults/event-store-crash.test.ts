import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { appendFile, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FileEventStore, openFileEventStore } from '@evc/platform/eventstore/index';
import type { RecordedEvent } from '@evc/platform/ports/event-store';

const here = dirname(fileURLToPath(import.meta.url));
const LOG = 'events.log';

interface Ack {
  eventId: string;
  position: number;
  streamId: string;
  revision: number;
}

/** Runs the appending child, lets it append for `runMs` after it is ready, then SIGKILLs it. */
function runAndKill(dir: string, runMs: number): Promise<{ acks: Ack[]; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'append-child.ts'), dir], {
      cwd: join(here, '..', '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let killTimer: NodeJS.Timeout | undefined;
    // A child that never gets ready must not hang the run.
    const safety = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (!killTimer && out.startsWith('ready\n')) killTimer = setTimeout(() => child.kill('SIGKILL'), runMs);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(safety);
      clearTimeout(killTimer);
      if (!out.startsWith('ready\n')) return reject(new Error(`child never got ready (code ${code}, signal ${signal}): ${err}`));
      // Only complete lines count: a line cut by the kill was not fully reported.
      const lines = out.split('\n').slice(1, -1);
      const acks = lines.map((line) => {
        const [tag, eventId, position, streamId, revision] = line.split(' ');
        if (tag !== 'ack') throw new Error(`unexpected child output: ${line}`);
        return { eventId: eventId!, position: Number(position), streamId: streamId!, revision: Number(revision) };
      });
      resolve({ acks, signal });
    });
  });
}

describe('embedded event store under SIGKILL and torn writes', () => {
  let dir: string;
  let acks: Ack[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'evc-es-crash-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps every acknowledged event after a SIGKILL mid-append plus a torn tail, and cuts the tail', async () => {
    const run = await runAndKill(dir, 1000);
    expect(run.signal).toBe('SIGKILL');
    acks = run.acks;
    expect(acks.length).toBeGreaterThan(0);

    // A torn tail on top of whatever the kill left: a header announcing 600 bytes, then only 100.
    const log = join(dir, LOG);
    const torn = Buffer.alloc(108);
    torn.writeUInt32LE(600, 0);
    torn.writeUInt32LE(0xdeadbeef, 4);
    randomBytes(100).copy(torn, 8);
    await appendFile(log, torn);
    const sizeWithGarbage = (await stat(log)).size;

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = await openFileEventStore({ dir }); // also takes over the dead child's LOCK
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('torn tail'));
    warn.mockRestore();

    const all = await store.readAll();
    const byId = new Map<string, RecordedEvent>(all.map((e) => [e.eventId, e]));
    for (const ack of acks) {
      const stored = byId.get(ack.eventId);
      expect(stored, `acknowledged event ${ack.eventId} at ${ack.position}`).toBeDefined();
      expect(stored).toMatchObject({ position: ack.position, streamId: ack.streamId, revision: ack.revision, type: 'CrashTestEvent' });
      const data = stored!.data as { writer: number; i: number; text: string };
      expect(data.i).toBe(ack.revision);
      expect(data.text).toBe(`writer ${data.writer} event ${data.i} `.repeat(4));
    }
    // Positions 1..N with no hole, and each stream's revisions 0..n with no hole.
    expect(all.map((e) => e.position)).toEqual(all.map((_, i) => i + 1));
    for (const streamId of new Set(all.map((e) => e.streamId))) {
      const revisions = (await store.readStream(streamId)).map((e) => e.revision);
      expect(revisions).toEqual(revisions.map((_, i) => i));
    }

    // The garbage is gone and the store takes new appends right after the last good record.
    const { bytes } = (store as FileEventStore).stats();
    expect((await stat(log)).size).toBe(bytes);
    expect(bytes).toBeLessThan(sizeWithGarbage);
    const head = await store.headPosition();
    const next = await store.append(
      'crash-0',
      [{ eventId: randomUUID(), type: 'AfterCrash', data: {}, metadata: all[0]!.metadata }],
      'stream_exists',
    );
    expect(next.position).toBe(head + 1);
    await store.close();
  });

  it('cuts pure garbage appended after a clean close, and keeps the rest', async () => {
    const log = join(dir, LOG);
    const before = await readFile(log);
    await appendFile(log, randomBytes(37));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = await openFileEventStore({ dir });
    warn.mockRestore();
    expect((await readFile(log)).equals(before)).toBe(true);
    expect(await store.headPosition()).toBe(acks.length > 0 ? (await store.readAll()).length : 0);
    await store.close();
  });
});
