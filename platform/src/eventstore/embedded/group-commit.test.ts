import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommitWriter, StoreFailedError } from './group-commit';

describe('GroupCommitWriter', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'group-commit-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes the appends of one turn in one write, in order, the next turn in another, and reports each batch durable', async () => {
    const file = path.join(dir, 'log');
    const fh = await open(file, 'w+');
    const durable: number[] = [];
    const writer = new GroupCommitWriter(fh, 0, 0, true, (last) => durable.push(last));
    const first = writer.enqueue(Buffer.from('a'), 1);
    const second = writer.enqueue(Buffer.from('bc'), 3);
    await Promise.all([first, second]);
    await writer.enqueue(Buffer.from('d'), 4);
    await fh.close();
    expect(await readFile(file, 'utf8')).toBe('abcd');
    expect(durable).toEqual([3, 4]);
    expect(writer.writes).toBe(2);
  });

  it('appends at the offset it was given, leaving what is before it', async () => {
    const file = path.join(dir, 'log');
    await writeFile(file, 'xyz');
    const fh = await open(file, 'r+');
    const writer = new GroupCommitWriter(fh, 3, 7, false, () => undefined);
    await writer.enqueue(Buffer.from('!'), 8);
    await fh.close();
    expect(await readFile(file, 'utf8')).toBe('xyz!');
  });

  it('fails for good when a write fails: the batch and everything queued are refused, and so is what comes later', async () => {
    const file = path.join(dir, 'log');
    await writeFile(file, '');
    const fh = await open(file, 'r'); // read-only: every write fails (EBADF)
    const durable: number[] = [];
    const writer = new GroupCommitWriter(fh, 0, 0, true, (last) => durable.push(last));
    const outcomes = await Promise.allSettled([writer.enqueue(Buffer.from('a'), 1), writer.enqueue(Buffer.from('b'), 2)]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect((outcomes[0] as PromiseRejectedResult).reason).toBeInstanceOf(StoreFailedError);
    expect(writer.failed).toBeInstanceOf(StoreFailedError);
    await expect(writer.enqueue(Buffer.from('c'), 3)).rejects.toBeInstanceOf(StoreFailedError);
    expect(durable).toEqual([]);
    await fh.close();
  });
});
