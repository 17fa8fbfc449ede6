import { z } from 'zod';

/**
 * The guided demonstration at `/demo`: simulated chargers started on the embedded product, and a session
 * walked through step by step (the four steps of the how-it-works page). One demonstration at a time for the whole
 * server: everyone may watch it, only the visitor who started it walks it (the token its start answered); bounded in
 * chargers and time; never in the cluster profile; never on a charger that a simulator or a real charger holds.
 */
export const DEMO_LIMITS = {
  /** Simulated chargers of one demonstration. */
  chargers: 3,
  /** A demonstration stops by itself after this long. */
  runMs: 10 * 60_000,
  /** Starts per client address in the window below (a start while one runs joins it and is not counted). */
  startsPerWindow: 5,
  /** Steps per client address in the window below. */
  stepsPerWindow: 30,
  windowMs: 15 * 60_000,
  /** Seconds between the simulated charger's meter values during the walk-through. */
  meterIntervalS: 2,
} as const;

/** The demo customer's charging card (the demo seed issues it); the walk-through presents it at the charger. */
export const DEMO_CARD_ID_TAG = 'DEMO-CARD-0001';

/** The walk-through: plug the cable in, start with the card, charge (meter values), stop. */
export const DEMO_ACTIONS = ['plug-in', 'start', 'stop'] as const;
export type DemoAction = (typeof DEMO_ACTIONS)[number];
export const DEMO_STEPS = ['idle', 'plugged', 'charging', 'stopped'] as const;

/** A step names the run's token: only the visitor whose start launched the run gets it, so others cannot steer it. */
export const demoStepSchema = z.strictObject({ action: z.enum(DEMO_ACTIONS), token: z.string().min(1).max(64) });
export const demoStartSchema = z.strictObject({});

const connectorSchema = z.object({
  connectorId: z.number().int(),
  /** The simulated charger's own status (OCPP 1.6 words: Available, Preparing, Charging, Finishing…). */
  status: z.string(),
});

export const demoStatusSchema = z.object({
  /** False in the cluster profile, without demo chargers (no demo seed), or while others hold every demo charger. */
  available: z.boolean(),
  reason: z.enum(['cluster', 'no_chargers', 'chargers_busy']).nullable(),
  running: z.boolean(),
  startedAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  chargers: z.array(
    z.object({
      chargerId: z.string(),
      stationId: z.string(),
      ocppVersion: z.enum(['1.6', '2.0.1']),
      connected: z.boolean(),
      connectors: z.array(connectorSchema),
    }),
  ),
  /** Where the walk-through is, on the first charger's first connector. */
  step: z.enum(DEMO_STEPS),
  session: z
    .object({
      chargerId: z.string(),
      connectorId: z.number().int(),
      idTag: z.string(),
      /** What the simulated meter shows: energy so far (Wh), power (W), the car's state of charge (%). */
      energyWh: z.number().int(),
      socPercent: z.number(),
      startedAt: z.string(),
      stoppedAt: z.string().nullable(),
      /** Who ended it: the visitor's stop step, or the network (the card refused, or the balance ran out). */
      endedBy: z.enum(['visitor', 'network']).nullable(),
    })
    .nullable(),
  limits: z.object({ chargers: z.number().int(), runMinutes: z.number().int() }),
  /** The run's key for its steps: only in the answer to the start that launched it, null everywhere else. */
  token: z.string().nullable(),
});
export type DemoStatus = z.infer<typeof demoStatusSchema>;
