import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@evc/platform';
import { FileAnswer, found, type Answers, type QueryAnswers } from '../shared/answers';
import { DOCUMENTS } from '../shared/tokens';
import { UptimeQueries } from './uptime.queries';

/** Uptime: the network's month (worst first, or CSV per station and day) and one station's month. */
@Injectable()
export class UptimeAnswers implements QueryAnswers {
  readonly answers: Answers<'uptime.network' | 'uptime.station'>;

  constructor(@Inject(DOCUMENTS) documents: DocumentStore) {
    const uptime = new UptimeQueries(documents);
    this.answers = {
      'uptime.network': async ({ month, format }) => {
        if (format !== 'csv') return (await uptime.network(month)).view;
        const { month: m, csv } = await uptime.csv(month);
        return new FileAnswer(csv, 'text/csv; charset=utf-8', `uptime-${m}.csv`);
      },
      'uptime.station': async ({ stationId, month }) =>
        found(await uptime.station(stationId, month), 'network.station_not_found', 'No such station'),
    };
  }
}
