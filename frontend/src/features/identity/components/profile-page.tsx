import styled from '@emotion/styled';
import { useEffect, type ReactNode } from 'react';
import { useAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { ChangePasswordForm } from '../../../components/change-password-form';
import { Card, PageTitle } from '../../../components/ui/layout';
import { drawerTabAtom } from '../../../stores/drawer-state';
import { theme } from '../../../styles/theme';
import { MyContactRequests } from './my-contact-requests';
import { PersonalInfo } from './personal-info-form';

/**
 * What other features contribute to the profile (features do not import each other: `app/` hands them in). A tab
 * whose panel is not given is not shown.
 */
export interface ProfilePanels {
  cars?: ReactNode;
  wallet?: ReactNode;
  sessions?: ReactNode;
  bookings?: ReactNode;
  /** The customer's card requests, shown in the requests tab under the contact requests. */
  cardRequests?: ReactNode;
}

/** Profile tabs (docs/rules.md §3); ids are the drawer tab values ("1" by default). */
export const PROFILE_TABS = [
  { id: '1', labelId: 'profile.tab.personal' },
  { id: '2', labelId: 'profile.tab.password' },
  { id: '3', labelId: 'profile.tab.car', panel: 'cars' },
  { id: '4', labelId: 'profile.tab.requests' },
  { id: '5', labelId: 'profile.tab.wallet', panel: 'wallet' },
  { id: '6', labelId: 'profile.tab.sessions', panel: 'sessions' },
  { id: '7', labelId: 'profile.tab.bookings', panel: 'bookings' },
] as const satisfies readonly { id: string; labelId: string; panel?: keyof ProfilePanels }[];
export type ProfileTabId = (typeof PROFILE_TABS)[number]['id'];

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

/**
 * /profile: everything about the signed-in customer in one place. The selected tab is the drawer-tab state (jotai,
 * "1" by default); `?tab=` (a notification's link) selects one on arrival.
 */
export function ProfilePage({ panels = {}, tab: linked }: { panels?: ProfilePanels; tab?: string }) {
  const [tab, setTab] = useAtom(drawerTabAtom);
  const intl = useIntl();
  useEffect(() => {
    if (linked) setTab(linked);
  }, [linked, setTab]);
  const tabs = PROFILE_TABS.filter((t) => !('panel' in t) || panels[t.panel] !== undefined);
  const active = tabs.find((t) => t.id === tab) ?? tabs[0]!;
  const onKey = (key: string) => {
    const i = tabs.findIndex((t) => t.id === active.id);
    // in a right-to-left page the next tab is to the left
    const rtl = document.documentElement.dir === 'rtl';
    const step = key === 'ArrowRight' ? (rtl ? -1 : 1) : key === 'ArrowLeft' ? (rtl ? 1 : -1) : 0;
    if (!step) return;
    const next = tabs[(i + step + tabs.length) % tabs.length]!;
    setTab(next.id);
    document.getElementById(tabDomId(next.id))?.focus();
  };
  return (
    <div>
      <PageTitle>
        <FormattedMessage id="nav.profile" />
      </PageTitle>
      <TabList role="tablist" aria-label={intl.formatMessage({ id: 'nav.profile' })} onKeyDown={(e) => onKey(e.key)}>
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={tabDomId(t.id)}
            tabIndex={t.id === active.id ? 0 : -1}
            aria-selected={t.id === active.id}
            aria-controls="profile-panel"
            onClick={() => setTab(t.id)}
          >
            <FormattedMessage id={t.labelId} />
          </button>
        ))}
      </TabList>
      <Card role="tabpanel" id="profile-panel" aria-labelledby={tabDomId(active.id)}>
        <Panel id={active.id} panels={panels} />
      </Card>
    </div>
  );
}

function Panel({ id, panels }: { id: ProfileTabId; panels: ProfilePanels }) {
  switch (id) {
    case '1':
      return <PersonalInfo />;
    case '2':
      return <ChangePasswordForm />;
    case '3':
      return panels.cars;
    case '4':
      return (
        <>
          <MyContactRequests />
          {panels.cardRequests}
        </>
      );
    case '5':
      return panels.wallet;
    case '6':
      return panels.sessions;
    case '7':
      return panels.bookings;
  }
}
