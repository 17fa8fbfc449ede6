import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from '@tanstack/react-router';
import { DetailList, QueryWait, Screen } from '../../../components/admin/admin-ui';
import { useStaffLive } from '../../../hooks/use-staff-live';
import { useBilingual } from '../../../hooks/use-bilingual';
import { formatCairo } from '../../../lib/cairo-time';
import { paths } from '../../../config/paths';
import { FIRMWARE_LIVE, useFirmwareCampaign } from '../api/firmware-api';
import { CampaignChargers, CampaignStatus } from './campaign-table';

/** /admin/firmware/$campaignId (firmware.manage): one campaign, each charger's progress live. */
export function FirmwareCampaignPage() {
  const intl = useIntl();
  const { locale } = useBilingual();
  const { campaignId } = useParams({ strict: false }) as { campaignId: string };
  useStaffLive(FIRMWARE_LIVE);
  const campaign = useFirmwareCampaign(campaignId);
  const c = campaign.data;
  return (
    <Screen>
      <h1>
        <FormattedMessage id="firmware.campaign" />
      </h1>
      <Link to={paths.admin.firmware}>
        <FormattedMessage id="firmware.back" />
      </Link>
      {!c ? (
        <QueryWait query={campaign} />
      ) : (
        <>
          <DetailList>
            <dt>
              <FormattedMessage id="firmware.version" />
            </dt>
            <dd>
              <bdi dir="ltr">{c.version}</bdi> (<bdi dir="ltr">{c.fileName}</bdi>)
            </dd>
            <dt>
              <FormattedMessage id="admin.status" />
            </dt>
            <dd>
              <CampaignStatus campaign={c} />
            </dd>
            <dt>
              <FormattedMessage id="firmware.updatedCount" />
            </dt>
            <dd data-testid="campaign-updated">
              {intl.formatMessage({ id: 'firmware.countOf' }, { done: intl.formatNumber(c.updated), total: intl.formatNumber(c.total) })}
            </dd>
            <dt>
              <FormattedMessage id="firmware.startedAt" />
            </dt>
            <dd>
              <time dateTime={c.startedAt}>{formatCairo(c.startedAt, locale)}</time>
            </dd>
          </DetailList>
          <CampaignChargers campaign={c} />
        </>
      )}
    </Screen>
  );
}
