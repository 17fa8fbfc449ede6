import styled from '@emotion/styled';
import { useQuery } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { Card, PageTitle } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { api } from '../../../lib/api';
import { theme } from '../../../styles/theme';
import { ChangePasswordForm } from '../../../components/change-password-form';
import { drawerTabAtom } from '../../../stores/drawer-state';
import { translateErrorCode } from '../../../lib/i18n/translate-error';
import { ApiRequestError } from '../../../lib/api-client';

/** Profile tabs of product-spec §2; ids are the drawer tab values ("1" by default). */
const TABS = [
  { id: '1', labelId: 'profile.tab.personal' },
  { id: '2', labelId: 'profile.tab.password' },
  { id: '3', labelId: 'profile.tab.car' },
  { id: '4', labelId: 'profile.tab.requests' },
  { id: '5', labelId: 'profile.tab.wallet' },
  { id: '6', labelId: 'profile.tab.sessions' },
] as const;

const tabDomId = (tab: string) => `profile-tab-${tab}`;

const TabList = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem;
  border-block-end: 1px solid ${theme.color.border};
  margin-block-end: 1rem;
  button {
    font: inherit;
    background: transparent;
    border: 0;
    border-block-end: 3px solid transparent;
    padding-block: 0.5rem;
    padding-inline: 0.9rem;
    cursor: pointer;
  }
  button[aria-selected='true'] {
    border-block-end-color: ${theme.color.primary};
    font-weight: 700;
  }
`;
const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.5rem 1.5rem;
  dt {
    font-weight: 700;
  }
  dd {
    margin: 0;
  }
`;

/** /profile: personal info (me.get) and change password; the other tabs arrive with later issues. */
export function ProfilePage() {
  const [tab, setTab] = useAtom(drawerTabAtom);
  const intl = useIntl();
  const active = TABS.find((t) => t.id === tab) ?? TABS[0];
  return (
    <div>
      <PageTitle>
        <FormattedMessage id="nav.profile" />
      </PageTitle>
      <TabList role="tablist" aria-label={intl.formatMessage({ id: 'nav.profile' })}>
        {TABS.map((t) => (
          <button key={t.id} type="button" role="tab" id={tabDomId(t.id)} aria-selected={t.id === active.id} aria-controls="profile-panel" onClick={() => setTab(t.id)}>
            <FormattedMessage id={t.labelId} />
          </button>
        ))}
      </TabList>
      <Card role="tabpanel" id="profile-panel" aria-labelledby={tabDomId(active.id)}>
        {active.id === '1' ? <PersonalInfo /> : active.id === '2' ? <ChangePasswordForm /> : <FormattedMessage id="placeholder.body" />}
      </Card>
    </div>
  );
}

function PersonalInfo() {
  const intl = useIntl();
  const me = useQuery({ queryKey: ['me'], queryFn: ({ signal }) => api.query('me.get', {}, { signal }) });
  if (me.isPending) return <Spinner />;
  if (me.isError) return <p role="alert">{translateErrorCode(intl, me.error instanceof ApiRequestError ? me.error.code : 'server.error')}</p>;
  const u = me.data;
  return (
    <Facts>
      <dt>
        <FormattedMessage id="auth.firstName" />
      </dt>
      <dd>{u.firstName}</dd>
      <dt>
        <FormattedMessage id="auth.lastName" />
      </dt>
      <dd>{u.lastName}</dd>
      <dt>
        <FormattedMessage id="auth.email" />
      </dt>
      <dd dir="ltr">{u.email}</dd>
      <dt>
        <FormattedMessage id="account.language" />
      </dt>
      <dd>{u.locale === 'ar' ? 'العربية' : 'English'}</dd>
    </Facts>
  );
}
