import { useState, type ReactNode } from 'react';
import styled from '@emotion/styled';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { startSessionSchema, type SessionTarget } from '@evc/contracts/charging';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { CarOptions } from '../../../components/car-options';
import { InsufficientBalance } from '../../../components/insufficient-balance';
import { Card, PageTitle } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { newUuid } from '../../../lib/uuid';
import { useLocale } from '../../../hooks/use-locale';
import { translateErrorCode } from '../../../lib/i18n/translate-error';
import { useChargerLookup, useMyCars, useMyRunningBooking, usePricingNow, useStartSession, useStationForStart } from '../api/charging-api';
import { parseDuration } from '../format';
import { ConnectorPicker, SerialLookup, StationChooser, type ConnectorChoice } from './charger-picker';
import { Group, Problem, Row, Stack } from './charging-ui';

type Mode = 'serial' | 'station';
type TargetKind = SessionTarget['kind'];
interface Problems {
  connector?: string;
  car?: string;
  target?: string;
}

const Chooser = styled.div`
  margin-block-start: 1rem;
`;

/** The target as typed → the contract's target, or the id of what is wrong with it. */
export function readTarget(kind: TargetKind, text: string): SessionTarget | { problem: string } {
  if (kind === 'none') return { kind: 'none' };
  const normalized = text
    .trim()
    .replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d)))
    .replace('٫', '.');
  if (kind === 'energy') {
    const kwh = Number(normalized);
    if (normalized === '' || !Number.isFinite(kwh) || kwh < 0.5 || kwh > 500) return { problem: 'charging.target.energyInvalid' };
    return { kind: 'energy', wh: Math.round(kwh * 1000) };
  }
  const minutes = parseDuration(normalized);
  if (minutes === null || minutes < 5 || minutes > 24 * 60) return { problem: 'charging.target.durationInvalid' };
  return { kind: 'duration', minutes };
}

/** The start's error: insufficient balance comes with "Pay now" and "Add card"; the rest are translated codes. */
function StartProblem({ error, topUp }: { error: unknown; topUp: TopUpSlot }) {
  const intl = useIntl();
  const code = error instanceof ApiRequestError ? error.code : 'server.error';
  if (code !== 'charging.insufficient_balance') return <Problem role="alert">{translateErrorCode(intl, code)}</Problem>;
  return (
    <Problem role="alert">
      <InsufficientBalance topUp={topUp} />
    </Problem>
  );
}

/** ?station=&charger=&connector=: a station's page names the station; a booking names its charger and connector too. */
export interface StartSearch {
  station?: string;
  charger?: string;
  connector?: number;
}

/**
 * /start-charging: by the charger's serial number or a station on the map → connector, car, optional target. The
 * connector a running booking holds for the customer is offered although it shows `reserved`.
 */
/** The wallet's top-up dialog for "Pay now", given by the app (features do not import each other). */
type TopUpSlot = (onClose: () => void) => ReactNode;

export function StartSessionPage({ topUp }: { topUp: TopUpSlot }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as StartSearch;
  const [mode, setMode] = useState<Mode>(search.station ? 'station' : 'serial');
  const [serial, setSerial] = useState<string | null>(null);
  const [stationId, setStationId] = useState<string | null>(search.station ?? null);
  const [connector, setConnector] = useState<ConnectorChoice | null>(
    search.station && search.charger && search.connector ? { chargerId: search.charger, connectorId: search.connector } : null,
  );
  const [carId, setCarId] = useState('');
  const [targetKind, setTargetKind] = useState<TargetKind>('none');
  const [targetText, setTargetText] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [sessionId, setSessionId] = useState(newUuid);
  const lookup = useChargerLookup(mode === 'serial' ? serial : null);
  const chosen = useStationForStart(mode === 'station' ? stationId : null);
  const station = mode === 'serial' ? lookup.data : chosen.data;
  const cars = useMyCars();
  const pricing = usePricingNow();
  const start = useStartSession();
  const running = useMyRunningBooking();
  const booked = running.data ? { chargerId: running.data.chargerId, connectorId: running.data.connectorId } : null;

  const connectorView = station?.chargers
    .find((c) => c.chargerId === connector?.chargerId)
    ?.connectors.find((c) => c.connectorId === connector?.connectorId);
  const switchMode = (next: Mode) => {
    setMode(next);
    setConnector(null);
    start.reset();
  };

  const submit = () => {
    const found: Problems = {};
    if (!connector) found.connector = intl.formatMessage({ id: 'charging.connector.required' });
    if (!carId) found.car = intl.formatMessage({ id: 'charging.car.required' });
    const target = readTarget(targetKind, targetText);
    if ('problem' in target) found.target = intl.formatMessage({ id: target.problem });
    setProblems(found);
    if (Object.keys(found).length > 0 || !connector || 'problem' in target) return;
    const body = startSessionSchema.safeParse({
      sessionId,
      ...(mode === 'serial' && serial ? { serialNumber: serial } : { chargerId: connector.chargerId }),
      connectorId: connector.connectorId,
      carId,
      target,
    });
    if (!body.success) {
      setProblems({ connector: intl.formatMessage({ id: 'validation.invalid' }) });
      return;
    }
    start.mutate(body.data, {
      onSuccess: () => void navigate({ to: '/my-sessions/$sessionId', params: { sessionId } }),
      // a refused start may be tried again: a new id, so it is a new request
      onError: () => setSessionId(newUuid()),
    });
  };

  const carList = cars.data?.dataList ?? [];
  return (
    <Stack>
      <PageTitle>
        <FormattedMessage id="charging.start.title" />
      </PageTitle>
      <Card>
        <Group>
          <legend>
            <FormattedMessage id="charging.start.how" />
          </legend>
          <label>
            <input type="radio" name="mode" checked={mode === 'serial'} onChange={() => switchMode('serial')} />
            <FormattedMessage id="charging.start.bySerial" />
          </label>
          <label>
            <input type="radio" name="mode" checked={mode === 'station'} onChange={() => switchMode('station')} />
            <FormattedMessage id="charging.start.byStation" />
          </label>
        </Group>
        <Chooser>
          {mode === 'serial' ? (
            <SerialLookup
              onAsk={(s) => (setSerial(s), setConnector(null))}
              busy={lookup.isFetching}
              lookupError={lookup.isError ? lookup.error : null}
            />
          ) : (
            <StationChooser onChoose={(id) => (setStationId(id), setConnector(null))} />
          )}
        </Chooser>
      </Card>
      {mode === 'station' && chosen.isFetching && !station && <Spinner />}
      {station && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack>
            <ConnectorPicker
              station={station}
              serial={mode === 'serial' ? serial : null}
              value={connector}
              onChange={(c) => (setConnector(c), setProblems((p) => ({ ...p, connector: undefined })))}
              error={problems.connector}
              booked={booked}
            />
            {cars.isSuccess && carList.length === 0 ? (
              <Problem role="alert">
                <FormattedMessage id="charging.car.none" />
                <Link to={paths.registerCarInfo}>
                  <FormattedMessage id="charging.car.register" />
                </Link>
              </Problem>
            ) : (
              <Field label={intl.formatMessage({ id: 'charging.car' })} error={problems.car}>
                <select value={carId} onChange={(e) => (setCarId(e.target.value), setProblems((p) => ({ ...p, car: undefined })))}>
                  <CarOptions cars={carList} />
                </select>
              </Field>
            )}
            <Group>
              <legend>
                <FormattedMessage id="charging.target" />
              </legend>
              {(['none', 'energy', 'duration'] as const).map((k) => (
                <label key={k}>
                  <input
                    type="radio"
                    name="target"
                    checked={targetKind === k}
                    onChange={() => (setTargetKind(k), setTargetText(''), setProblems((p) => ({ ...p, target: undefined })))}
                  />
                  <FormattedMessage id={`charging.target.kind.${k}`} />
                </label>
              ))}
              {targetKind !== 'none' && (
                <Field
                  label={intl.formatMessage({ id: targetKind === 'energy' ? 'charging.target.kwh' : 'charging.target.time' })}
                  hint={intl.formatMessage({ id: targetKind === 'energy' ? 'charging.target.kwhHint' : 'charging.target.timeHint' })}
                  error={problems.target}
                >
                  <input
                    inputMode={targetKind === 'energy' ? 'decimal' : 'text'}
                    value={targetText}
                    onChange={(e) => (setTargetText(e.target.value), setProblems((p) => ({ ...p, target: undefined })))}
                  />
                </Field>
              )}
            </Group>
            {pricing.data && (
              <p data-testid="start-prices">
                <FormattedMessage
                  id="charging.prices"
                  values={{
                    minimum: formatMoney(pricing.data.minimumCharge, locale),
                    price: formatMoney(connectorView?.current === 'DC' ? pricing.data.dcPricePerKwh : pricing.data.acPricePerKwh, locale),
                    current: connectorView?.current ?? 'AC',
                  }}
                />
              </p>
            )}
            <Row>
              <Button type="submit" disabled={start.isPending}>
                <FormattedMessage id="charging.start.submit" />
              </Button>
            </Row>
          </Stack>
        </form>
      )}
      {/* Outside the form: the top-up dialog has a form of its own, and a form inside a form submits both. */}
      {start.isError && <StartProblem error={start.error} topUp={topUp} />}
    </Stack>
  );
}
