import { FormattedMessage, useIntl } from 'react-intl';
import type { FirmwareCampaignView } from '@evc/contracts/firmware';
import { Status, Table, TableScroll } from '../../../components/admin/admin-ui';
import { useBilingual } from '../../../hooks/use-bilingual';
import { formatCairo } from '../../../lib/cairo-time';

/** Each charger of a campaign: its wave, where it stands, its own last word, and why it waits or failed. */
export function CampaignChargers({ campaign }: { campaign: FirmwareCampaignView }) {
  const intl = useIntl();
  const { locale } = useBilingual();
  return (
    <TableScroll>
      <Table data-testid="campaign-chargers">
        <thead>
          <tr>
            <th>
              <FormattedMessage id="firmware.charger" />
            </th>
            <th>
              <FormattedMessage id="firmware.wave" />
            </th>
            <th>
              <FormattedMessage id="firmware.progress" />
            </th>
            <th>
              <FormattedMessage id="firmware.reported" />
            </th>
            <th>
              <FormattedMessage id="firmware.changedAt" />
            </th>
          </tr>
        </thead>
        <tbody>
          {campaign.chargers.map((c) => (
            <tr key={c.chargerId} data-state={c.state}>
              <td>
                <bdi dir="ltr">{c.chargerId}</bdi>
              </td>
              <td>{intl.formatNumber(c.wave + 1)}</td>
              <td>
                <Status ok={c.state !== 'failed'}>
                  <FormattedMessage id={`firmware.state.${c.state}`} />
                  {c.waitingBecause && (
                    <>
                      {' · '}
                      <FormattedMessage id={`firmware.waiting.${c.waitingBecause}`} />
                    </>
                  )}
                  {c.failure && (
                    <>
                      {' · '}
                      <FormattedMessage id={`firmware.cause.${c.failure.cause}`} />
                    </>
                  )}
                </Status>
              </td>
              <td>
                <bdi dir="ltr">{c.reportedStatus ?? '—'}</bdi>
              </td>
              <td>
                <time dateTime={c.changedAt}>{formatCairo(c.changedAt, locale, 'dateTimeSeconds')}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}

/** The campaign's state in words: running (wave n of m), completed, or stopped and why. */
export function CampaignStatus({ campaign }: { campaign: Pick<FirmwareCampaignView, 'status' | 'wave' | 'waves' | 'stoppedBecause'> }) {
  const intl = useIntl();
  return (
    <Status ok={campaign.status !== 'stopped'} data-testid="campaign-status" data-status={campaign.status}>
      <FormattedMessage
        id={`firmware.status.${campaign.status}`}
        values={{ wave: intl.formatNumber(campaign.wave + 1), waves: intl.formatNumber(campaign.waves) }}
      />
      {campaign.stoppedBecause && (
        <>
          {' · '}
          <FormattedMessage
            id="firmware.stoppedBecause"
            values={{
              charger: <bdi dir="ltr">{campaign.stoppedBecause.chargerId}</bdi>,
              cause: intl.formatMessage({ id: `firmware.cause.${campaign.stoppedBecause.cause}` }),
            }}
          />
        </>
      )}
    </Status>
  );
}
