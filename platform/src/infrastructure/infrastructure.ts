import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/config';
import type { Bus, DocumentStore, EventStore } from '../ports/index';
import type { FrameLog, FrameLogLimits } from '../ports/frame-log';
import { createDocumentFrameLog, createRingFrameLog } from '../frame-log/index';
import { openEventStoreDb, openFileEventStore, upcasting } from '../eventstore/index';
import { BUS_TOPICS, OCPP_LOG_CAP } from '@evc/contracts';
import { createKafkaBus, openInProcessBus } from '../bus/index';
import { createMemoryDocumentStore, openMongoDocumentStore } from '../documents/index';
import { openEmbeddedFileStore, openGridFsFileStore, type FileStore } from '../files/index';

/** The three stores every service may be given; which adapters depends on the run profile. */
export interface Infrastructure {
  profile: 'embedded' | 'cluster';
  dataDir: string;
  eventStore: EventStore;
  bus: Bus;
  documents: DocumentStore;
  /** The charger message log: a MongoDB collection in the cluster; embedded, outside the JavaScript heap. */
  frames: FrameLog;
  close(): Promise<void>;
}

export type InfrastructurePart = 'eventStore' | 'bus' | 'documents';

/** Opens the adapters of the configured profile. */
export async function openInfrastructure(config: Config, clientId = 'evc'): Promise<Infrastructure> {
  const dataDir = path.resolve(config.DATA_DIR);
  if (config.profile === 'cluster') {
    const [eventStore, bus, documents] = await Promise.all([
      openEventStoreDb(config.EVENTSTORE_URL as string),
      createKafkaBus({ brokers: (config.KAFKA_BROKERS as string).split(','), clientId }),
      openMongoDocumentStore(config.MONGODB_URL as string, config.MONGODB_DB),
    ]);
    // On disk: each charger its newest OCPP_LOG_CAP, however many chargers.
    return assemble('cluster', dataDir, eventStore, bus, documents, createDocumentFrameLog(documents, { ...FRAME_LIMITS, total: null }));
  }
  await mkdir(dataDir, { recursive: true });
  const eventStore = await openFileEventStore({ dir: path.join(dataDir, 'eventstore'), fsync: config.EVENTSTORE_FSYNC });
  // What chargers say is answered only once it is on disk (DATA_DIR/bus), so a crash loses nothing they were told
  // was done; the other topics stay in memory.
  const bus = await openInProcessBus({
    dir: path.join(dataDir, 'bus'),
    durableTopics: [BUS_TOPICS.ocppInbound],
    fsync: config.EVENTSTORE_FSYNC,
  });
  // In memory: bounded over all chargers (OCPP_LOG_MAX_FRAMES), each an equal share.
  const frames = createRingFrameLog({ ...FRAME_LIMITS, total: config.OCPP_LOG_MAX_FRAMES });
  return assemble('embedded', dataDir, eventStore, bus, createMemoryDocumentStore(), frames);
}

/** What the message log keeps of each charger: its newest OCPP_LOG_CAP frames, and at least its last ten. */
const FRAME_LIMITS: FrameLogLimits = { perCharger: OCPP_LOG_CAP, total: null, minPerCharger: 10 };

function assemble(
  profile: Infrastructure['profile'],
  dataDir: string,
  eventStore: EventStore,
  bus: Bus,
  documents: DocumentStore,
  frames: FrameLog,
): Infrastructure {
  return {
    profile,
    dataDir,
    frames,
    // Every reader sees events in their current shape (old schema versions upcast on read).
    eventStore: upcasting(eventStore),
    bus,
    documents,
    // Bus first (stops consumers that might append), then the log (flushes), then read models.
    async close() {
      await bus.close();
      await eventStore.close();
      await documents.close();
    },
  };
}

/**
 * The file store of the profile: GridFS in the cluster's MongoDB, else `DATA_DIR/files/`. Opened only by the
 * services that serve files (the command side), not by every service.
 */
export async function openFileStore(config: Config, dataDir = path.resolve(config.DATA_DIR)): Promise<FileStore> {
  if (config.profile === 'cluster') return openGridFsFileStore(config.MONGODB_URL as string, config.MONGODB_DB);
  return openEmbeddedFileStore(path.join(dataDir, 'files'));
}
