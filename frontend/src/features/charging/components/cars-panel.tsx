import { useState } from 'react';
import styled from '@emotion/styled';
import { useSetAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CarView } from '@evc/contracts/charging';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Card } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { useLocale } from '../../../hooks/use-locale';
import { ApiRequestError } from '../../../lib/api-client';
import { translateErrorCode } from '../../../lib/i18n/translate-error';
import { batteryRangeName, carName } from '../../../lib/names';
import { pushToastAtom } from '../../../stores/toast-state';
import { useMyCars, useRemoveCar } from '../api/charging-api';
import { CarForm } from './car-form';
import { Lines, Problem, Row, Stack } from './charging-ui';

const EditHeading = styled.h2`
  margin: 0;
`;

/** The customer's cars: add one, edit one (the form opens with what was saved), remove one after a confirmation. */
export function CarsPanel() {
  const intl = useIntl();
  const locale = useLocale();
  const cars = useMyCars();
  const remove = useRemoveCar();
  const pushToast = useSetAtom(pushToastAtom);
  const [editing, setEditing] = useState<CarView | null>(null);
  const [removing, setRemoving] = useState<CarView | null>(null);
  const label = (c: CarView) => carName(c, locale);
  const list = cars.data?.dataList ?? [];
  const confirmRemove = (car: CarView) =>
    remove.mutate(
      { carId: car.carId },
      {
        onSuccess: () => {
          setRemoving(null);
          if (editing?.carId === car.carId) setEditing(null);
          pushToast({ kind: 'success', text: intl.formatMessage({ id: 'car.removed' }) });
        },
      },
    );
  return (
    <Stack>
      <Card>
        {editing ? (
          <Stack>
            <EditHeading>
              <FormattedMessage id="car.edit.heading" values={{ car: label(editing) }} />
            </EditHeading>
            <CarForm key={`${editing.carId}-${editing.revision}`} car={editing} onDone={() => setEditing(null)} />
          </Stack>
        ) : (
          <CarForm />
        )}
      </Card>
      <section aria-labelledby="my-cars">
        <h2 id="my-cars">
          <FormattedMessage id="car.list.title" />
        </h2>
        {cars.isPending && <Spinner />}
        {cars.isSuccess && list.length === 0 && (
          <p>
            <FormattedMessage id="car.list.empty" />
          </p>
        )}
        <Lines>
          {list.map((c) => (
            <li key={c.carId} data-testid="car-line">
              <Row spread>
                <span>
                  <span data-testid="car-name">
                    <strong>{label(c)}</strong> · {batteryRangeName(c, locale)}
                  </span>{' '}
                  · <FormattedMessage id={'customsCertificateFileId' in c.licence ? 'car.licence.hasCustoms' : 'car.licence.hasImages'} />
                </span>
                <Row>
                  <Button
                    type="button"
                    variant="secondary"
                    onClick={() => setEditing(c)}
                    aria-label={intl.formatMessage({ id: 'car.edit.one' }, { car: label(c) })}
                  >
                    <FormattedMessage id="common.edit" />
                  </Button>
                  <Button
                    type="button"
                    variant="secondary"
                    onClick={() => setRemoving(c)}
                    aria-label={intl.formatMessage({ id: 'car.remove.one' }, { car: label(c) })}
                  >
                    <FormattedMessage id="car.remove" />
                  </Button>
                </Row>
              </Row>
            </li>
          ))}
        </Lines>
      </section>
      {removing && (
        <ConfirmDialog
          title={<FormattedMessage id="car.remove.confirm" values={{ car: label(removing) }} />}
          confirm={<FormattedMessage id="car.remove" />}
          busy={remove.isPending}
          onConfirm={() => confirmRemove(removing)}
          onCancel={() => (setRemoving(null), remove.reset())}
        >
          <p>
            <FormattedMessage id="car.remove.body" />
          </p>
          {remove.isError && (
            <Problem role="alert">
              {translateErrorCode(intl, remove.error instanceof ApiRequestError ? remove.error.code : 'server.error')}
            </Problem>
          )}
        </ConfirmDialog>
      )}
    </Stack>
  );
}
