import { useEffect, useRef, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useAtomValue, useStore } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Actions } from '../../../components/ui/form-stack';
import { paths } from '../../../config/paths';
import { isStaff, sessionAtom } from '../../../stores/auth-state';
import { createIdleTimer, inactivityTimingAtom, type IdleTimer } from '../inactivity';
import { signOut } from '../../../lib/session';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

/** docs/rules.md §4: after 30 quiet minutes a warning offers to stay signed in; 1 minute later the user is signed out. */
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

  if (!warning) return null;
  const stay = () => {
    setWarning(false);
    timer.current?.stay();
  };
  return (
    <Dialog
      role="alertdialog"
      urgent
      title={<FormattedMessage id="auth.idle.title" />}
      description={<FormattedMessage id="auth.idle.body" values={{ seconds: Math.round(timing.warningMs / 1000) }} />}
      initialFocus={stayRef}
      onClose={stay}
    >
      <Actions>
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
      </Actions>
    </Dialog>
  );
}
