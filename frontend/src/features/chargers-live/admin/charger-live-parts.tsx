import { useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ChargerCommandAction } from '@evc/contracts/chargers-live';
import { Button } from '../../../components/ui/button';
import { OnlineBadge } from '../../../components/admin/chip';
import type { ChargerRowParts } from '../../../components/admin/charger-row-parts';
import { hasPrivilege, sessionAtom } from '../../../stores/auth-state';
import { CommandButtons, CommandForm, CommandsPanel } from './charger-commands';
import { ConnectorStates, RelativeTime, useNow } from './charger-live';
import { MessageLog } from './message-log';

/**
 * The live side of a station's chargers table: each charger's connector states, online badge and last heartbeat,
 * and one charger's message log, commands and command form at a time (their toggles sit in the row's actions).
 * It keeps which panel is open and hands the parts to `children`, which renders the registry's table around them.
 */
export function ChargerLiveParts({ children }: { children: (parts: ChargerRowParts) => ReactNode }) {
  const intl = useIntl();
  const session = useAtomValue(sessionAtom);
  const canWrite = hasPrivilege(session, 'stations.write');
  const [logFor, setLogFor] = useState<string | null>(null);
  const [commandsFor, setCommandsFor] = useState<string | null>(null);
  const [commandFor, setCommandFor] = useState<{ chargerId: string; action: ChargerCommandAction } | null>(null);
  const now = useNow();

  return (
    <>
      {children({
        columns: 3,
        headers: (
          <>
            <th>
              <FormattedMessage id="charger.connectors" />
            </th>
            <th>
              <FormattedMessage id="admin.status" />
            </th>
            <th>
              <FormattedMessage id="charger.lastHeartbeat" />
            </th>
          </>
        ),
        cells: (c) => (
          <>
            <td>
              <ConnectorStates charger={c} />
            </td>
            <td>
              <OnlineBadge online={c.online} />
            </td>
            <td>
              <RelativeTime iso={c.lastHeartbeatAt} now={now} />
            </td>
          </>
        ),
        actions: (c) => (
          <>
            <Button
              type="button"
              variant="secondary"
              aria-expanded={logFor === c.chargerId}
              aria-label={intl.formatMessage({ id: 'charger.messageLogOf' }, { chargerId: c.chargerId })}
              onClick={() => setLogFor((open) => (open === c.chargerId ? null : c.chargerId))}
            >
              <FormattedMessage id="charger.messageLog" />
            </Button>
            <Button
              type="button"
              variant="secondary"
              aria-expanded={commandsFor === c.chargerId}
              aria-label={intl.formatMessage({ id: 'charger.commandsOf' }, { chargerId: c.chargerId })}
              onClick={() => setCommandsFor((open) => (open === c.chargerId ? null : c.chargerId))}
            >
              <FormattedMessage id="charger.commands" />
            </Button>
          </>
        ),
        below: (c) => (
          <CommandButtons
            chargerId={c.chargerId}
            open={commandFor?.chargerId === c.chargerId ? commandFor.action : null}
            onPick={(action) => setCommandFor({ chargerId: c.chargerId, action })}
          />
        ),
        panels: (chargers) => (
          <>
            {commandFor &&
              (() => {
                const charger = chargers.find((c) => c.chargerId === commandFor.chargerId);
                return charger ? (
                  <CommandForm
                    key={`${commandFor.chargerId}-${commandFor.action}`}
                    charger={charger}
                    action={commandFor.action}
                    onDone={() => setCommandFor(null)}
                    onSent={() => (setCommandFor(null), setCommandsFor(charger.chargerId))}
                  />
                ) : null;
              })()}
            {canWrite && commandsFor && chargers.some((c) => c.chargerId === commandsFor) && (
              <CommandsPanel key={commandsFor} chargerId={commandsFor} onClose={() => setCommandsFor(null)} />
            )}
            {logFor && chargers.some((c) => c.chargerId === logFor) && (
              <MessageLog key={logFor} chargerId={logFor} onClose={() => setLogFor(null)} />
            )}
          </>
        ),
      })}
    </>
  );
}
