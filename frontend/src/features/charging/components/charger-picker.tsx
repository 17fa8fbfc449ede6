import { useEffect, useState } from 'react';
import styled from '@emotion/styled';
import { theme } from '../../../styles/theme';
import { FormattedMessage, useIntl } from 'react-intl';
import type { StationView } from '@evc/contracts/network';
import type { ConnectorStatus } from '@evc/contracts/network';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiRequestError } from '../../../lib/api-client';
import { formatDistance, formatNumber } from '../../../lib/format';
import { useCurrentPosition } from '../../../hooks/use-current-position';
import { useLocale } from '../../../hooks/use-locale';
import { translateErrorCode } from '../../../lib/i18n/translate-error';
import { StationMap } from '../../../components/stations/station-map';
import { localName } from '../../../lib/station-status';
import { useStationsForStart } from '../api/charging-api';
import { Group, Lines, Row } from './charging-ui';

/** Only these connectors can start a session (the server checks again). */
export const selectableStatus = (status: ConnectorStatus) => status === 'available' || status === 'preparing';

export interface ConnectorChoice {
  chargerId: string;
  connectorId: number;
}

const FindRow = styled(Row)`
  margin-block-start: 0.75rem;
`;

const Chooser = styled.div`
  display: grid;
  gap: 0.75rem;
`;

/** A station's name, distance and free connectors, one under another. */
const StationText = styled.span`
  display: grid;
  gap: 0.2rem;
`;

const Charger = styled.div`
  display: grid;
  gap: 0.35rem;
`;

/** A connector that cannot be chosen is faded. */
const ConnectorOption = styled.label<{ enabled: boolean }>`
  opacity: ${(p) => (p.enabled ? 1 : 0.55)};
`;

const Problem = styled.p`
  margin: 0;
  color: ${theme.color.danger};
`;

/** By serial: the serial number or charger id printed on the charger; the parent looks it up (chargers.lookup). */
export function SerialLookup({ onAsk, busy, lookupError }: { onAsk: (serial: string) => void; busy: boolean; lookupError: unknown }) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const error = tooShort
    ? intl.formatMessage({ id: 'charging.serial.invalid' })
    : lookupError
      ? lookupError instanceof ApiRequestError && lookupError.status === 404
        ? intl.formatMessage({ id: 'charging.serial.notFound' })
        : translateErrorCode(intl, lookupError instanceof ApiRequestError ? lookupError.code : 'server.error')
      : undefined;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const serial = text.trim();
        const ok = serial.length >= 3 && serial.length <= 48;
        setTooShort(!ok);
        if (ok) onAsk(serial);
      }}
    >
      <Field label={intl.formatMessage({ id: 'charging.serial' })} hint={intl.formatMessage({ id: 'charging.serial.hint' })} error={error}>
        <input dir="ltr" value={text} maxLength={48} onChange={(e) => (setText(e.target.value), setTooShort(false))} />
      </Field>
      <FindRow>
        <Button type="submit" variant="secondary" disabled={busy}>
          <FormattedMessage id="charging.serial.find" />
        </Button>
        {busy && <Spinner />}
      </FindRow>
    </form>
  );
}

/** A station's free connectors by type and power ("CCS2 50 kW ×2"): only online chargers' available ones. */
export function freeConnectors(station: StationView): { type: string; kw: number; count: number }[] {
  const groups = new Map<string, { type: string; kw: number; count: number }>();
  for (const charger of station.chargers) {
    if (!charger.online) continue;
    for (const c of charger.connectors) {
      if (c.status !== 'available') continue;
      const key = `${c.type}:${c.maxPowerKw}`;
      const g = groups.get(key) ?? { type: c.type, kw: c.maxPowerKw, count: 0 };
      g.count += 1;
      groups.set(key, g);
    }
  }
  return [...groups.values()].sort((a, b) => b.kw - a.kw || a.type.localeCompare(b.type));
}

/**
 * By station: search by name, pick on the map or in the list. With the person's position (asked for once, when this
 * mode opens) the list is nearest first with each station's distance; every line says which connectors are free.
 */
export function StationChooser({ onChoose }: { onChoose: (stationId: string) => void }) {
  const intl = useIntl();
  const locale = useLocale();
  const [q, setQ] = useState('');
  const here = useCurrentPosition();
  const { locate } = here;
  useEffect(() => {
    locate();
  }, [locate]);
  const stations = useStationsForStart(q.trim(), here.position);
  const list = [...(stations.data?.dataList ?? [])].sort((a, b) => (a.distanceM ?? 0) - (b.distanceM ?? 0));
  return (
    <Chooser>
      <Field label={intl.formatMessage({ id: 'charging.station.search' })}>
        <input type="search" value={q} maxLength={60} onChange={(e) => setQ(e.target.value)} />
      </Field>
      <StationMap stations={list} onSelect={onChoose} />
      <Row>
        <span data-testid="start-station-order">
          <FormattedMessage
            id={here.position ? 'charging.station.nearestFirst' : here.problem ? 'charging.station.noPosition' : 'charging.station.byName'}
          />
        </span>
        {!here.position && (
          <Button type="button" variant="secondary" onClick={locate} disabled={here.locating}>
            <FormattedMessage id="charging.station.locate" />
          </Button>
        )}
      </Row>
      {stations.isPending && <Spinner />}
      <Lines aria-label={intl.formatMessage({ id: 'charging.station.list' })}>
        {list.map((s) => {
          const free = freeConnectors(s);
          return (
            <li key={s.stationId} data-testid="start-station">
              <Row spread>
                <StationText>
                  <span>
                    <strong>{localName(s, locale)}</strong> — {locale === 'ar' ? s.governorateNameAr : s.governorateNameEn}
                  </span>
                  {s.distanceM !== undefined && (
                    <span data-testid="start-station-distance">
                      <FormattedMessage id="station.distance" values={{ distance: formatDistance(s.distanceM, locale) }} />
                    </span>
                  )}
                  <span data-testid="start-station-free">
                    {free.length === 0 ? (
                      <FormattedMessage id="charging.station.noneFree" />
                    ) : (
                      <FormattedMessage
                        id="charging.station.free"
                        values={{
                          list: intl.formatList(
                            free.map((f) =>
                              intl.formatMessage(
                                { id: 'charging.station.freeGroup' },
                                { type: f.type, kw: formatNumber(f.kw, locale), count: f.count, countText: formatNumber(f.count, locale) },
                              ),
                            ),
                            { type: 'conjunction' },
                          ),
                        }}
                      />
                    )}
                  </span>
                </StationText>
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => onChoose(s.stationId)}
                  aria-label={intl.formatMessage({ id: 'charging.station.chooseNamed' }, { name: localName(s, locale) })}
                >
                  <FormattedMessage id="charging.station.choose" />
                </Button>
              </Row>
            </li>
          );
        })}
      </Lines>
    </Chooser>
  );
}

/** The connector the customer's running booking holds: the server accepts its owner's start while it shows `reserved`. */
export const isBookedFor = (booked: ConnectorChoice | null | undefined, chargerId: string, connectorId: number, status: ConnectorStatus) =>
  status === 'reserved' && booked?.chargerId === chargerId && booked.connectorId === connectorId;

/**
 * The connectors of the station's chargers (or of one charger): only available / preparing ones can be chosen, and
 * the one the customer's running booking holds for them.
 */
export function ConnectorPicker(props: {
  station: StationView;
  serial: string | null;
  value: ConnectorChoice | null;
  onChange: (c: ConnectorChoice) => void;
  error?: string;
  booked?: ConnectorChoice | null;
}) {
  const intl = useIntl();
  const locale = useLocale();
  // the code typed is the serial number or the charger id (chargers.lookup matches either, in any case)
  const code = props.serial?.trim().toLowerCase();
  const chargers = code
    ? props.station.chargers.filter((c) => c.serialNumber.toLowerCase() === code || c.chargerId.toLowerCase() === code)
    : props.station.chargers;
  return (
    <Group>
      <legend>
        <FormattedMessage id="charging.connector.choose" values={{ station: localName(props.station, locale) }} />
      </legend>
      {chargers.map((charger) => (
        <Charger key={charger.chargerId}>
          <strong>
            <FormattedMessage id="charging.charger" values={{ serial: charger.serialNumber }} />
            {!charger.online && (
              <>
                {' '}
                (<FormattedMessage id="charging.charger.offline" />)
              </>
            )}
          </strong>
          {charger.connectors.map((c) => {
            const mine = isBookedFor(props.booked, charger.chargerId, c.connectorId, c.status);
            const enabled = charger.online && (selectableStatus(c.status) || mine);
            const checked = props.value?.chargerId === charger.chargerId && props.value.connectorId === c.connectorId;
            return (
              <ConnectorOption key={c.connectorId} enabled={enabled}>
                <input
                  type="radio"
                  name="connector"
                  disabled={!enabled}
                  checked={checked}
                  onChange={() => props.onChange({ chargerId: charger.chargerId, connectorId: c.connectorId })}
                />
                <FormattedMessage
                  id="charging.connector.option"
                  values={{
                    code: c.code,
                    type: c.type,
                    current: c.current,
                    kw: formatNumber(c.maxPowerKw, locale),
                    status: intl.formatMessage({ id: mine ? 'charging.connector.bookedForYou' : `connector.${c.status}` }),
                  }}
                />
              </ConnectorOption>
            );
          })}
        </Charger>
      ))}
      {props.error && <Problem role="alert">{props.error}</Problem>}
    </Group>
  );
}
