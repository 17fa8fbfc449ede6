import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore, EventStore, FrameLog } from '@evc/platform';
import { ApiException } from '@evc/platform/http/api-exception';
import { ActorNames } from '../identity/index';
import { customerOf, type Answers, type Caller, type QueryAnswers } from '../shared/answers';
import { DOCUMENTS, EVENT_STORE, FRAME_LOG } from '../shared/tokens';
import { ChargerOperations } from './charger-operations';
import { ChargerTimeline } from './charger-timeline';
import { EventChains } from './event-chain';
import { EventSearch } from './event-search';
import { eventView, namesOf } from './event-view';
import { viewerFor, type Viewer } from './masking';
import { Provenance } from './provenance';

type EventsQueryId =
  | 'events.search'
  | 'events.get'
  | 'events.chain'
  | 'chargers.operations'
  | 'me.session-provenance'
  | 'me.wallet-provenance'
  | 'chargers.timeline';

/** What the caller sees of the log (masking.ts: the same rule as the audit panel's). */
export const viewerOf = ({ principal }: Caller): Viewer => viewerFor(principal?.privileges);

/** The log as a tool: the explorer's search, one event, its chain, a charger's operations view, a customer's provenance. */
@Injectable()
export class EventsAnswers implements QueryAnswers {
  readonly answers: Answers<EventsQueryId>;

  constructor(@Inject(DOCUMENTS) documents: DocumentStore, @Inject(EVENT_STORE) store: EventStore, @Inject(FRAME_LOG) frames: FrameLog) {
    const names = new ActorNames(documents);
    const search = new EventSearch(store, names);
    const chains = new EventChains(store, frames, names);
    const operations = new ChargerOperations(store, documents, names);
    const provenance = new Provenance(store, documents);
    const timeline = new ChargerTimeline(store, documents);
    const eventAt = async (position: number) => {
      const event = await chains.eventAt(position);
      if (!event) throw new ApiException('events.event_not_found', 'No event at this position');
      return event;
    };
    this.answers = {
      'events.search': (q, caller) => search.search(q, viewerOf(caller)),
      'events.get': async ({ position }, caller) => {
        const event = await eventAt(position);
        const viewer = viewerOf(caller);
        return eventView(event, viewer, await namesOf(names, [event], viewer));
      },
      'events.chain': async ({ position }, caller) => chains.build(await eventAt(position), viewerOf(caller)),
      'chargers.operations': ({ chargerId, ...q }, caller) => operations.view(chargerId, q, viewerOf(caller)),
      'me.session-provenance': ({ sessionId }, caller) => provenance.ofSession(customerOf(caller), sessionId),
      'me.wallet-provenance': ({ transactionId }, caller) => provenance.ofWalletLine(customerOf(caller), transactionId),
      'chargers.timeline': ({ chargerId, ...q }) => timeline.day(chargerId, q),
    };
  }
}
