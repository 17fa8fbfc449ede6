import styled from '@emotion/styled';
import { useEffect, useRef, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useAtomValue, useStore } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { theme } from '../../../styles/theme';
import { isStaff, sessionAtom } from '../auth-state';
import { createIdleTimer, inactivityTimingAtom, type IdleTimer } from '../inactivity';
import { signOut } from '../session';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 2500;
  background: rgb(15 23 42 / 55%);
  display: grid;
  place-items: center;
  padding: 1rem;
`;
const Dialog = styled.div`
  background: ${theme.color.surface};
  border-radius: ${theme.radius.md};
  box-shadow: ${theme.shadow.card};
  padding: 1.5rem;
  max-inline-size: 28rem;
  display: grid;
  gap: 1rem;
  h2 {
    margin: 0;
  }
  p {
    margin: 0;
  }
  .actions {
    display: flex;
    gap: 0.75rem;
    flex-wrap: wrap;
  }
`;

/** product-spec §4: after 30 quiet minutes a warning offers to stay signed in; 1 minute later the user is signed out. */
export function InactivityMonitor() {
  const timing = useAtomValue(inactivityTimingAtom);
  const store = useStore();
  const router = useRouter();
  const [warning, setWarning] = useState(false);
  const timer = useRef<IdleTimer | null>(null);
  const stayRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const idle = createIdleTimer(timing, {
      onWarn: () => setWarning(true),
      onTimeout: () => {
        setWarning(false);
        const staff = isStaff(store.get(sessionAtom));
        void router.navigate({ to: paths.timedOut, search: staff ? { audience: 'staff' } : {} }).then(() => signOut(store));
      },
    });
    timer.current = idle;
    let last = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - last < 1000) return;
      last = now;
      idle.activity();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
    return () => {
      idle.stop();
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [timing, store, router]);

  useEffect(() => {
    if (warning) stayRef.current?.focus();
  }, [warning]);

  if (!warning) return null;
  const stay = () => {
    setWarning(false);
    timer.current?.stay();
  };
  return (
    <Backdrop>
      <Dialog role="alertdialog" aria-modal="true" aria-labelledby="idle-title" aria-describedby="idle-body">
        <h2 id="idle-title">
          <FormattedMessage id="auth.idle.title" />
        </h2>
        <p id="idle-body">
          <FormattedMessage id="auth.idle.body" values={{ seconds: Math.round(timing.warningMs / 1000) }} />
        </p>
        <div className="actions">
          <Button type="button" ref={stayRef} onClick={stay}>
            <FormattedMessage id="auth.idle.stay" />
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setWarning(false);
              void router.navigate({ to: paths.home }).then(() => signOut(store));
            }}
          >
            <FormattedMessage id="auth.signOut" />
          </Button>
        </div>
      </Dialog>
    </Backdrop>
  );
}
