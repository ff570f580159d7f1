import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { gatePopState } from './gate-pop-state.ts';

/** A navigation held back by {@link useLeaveGuard}, and the user's two answers. */
export interface LeaveGuard {
  /** Whether a navigation away waits for the user's answer. */
  asking: boolean;
  /** Goes where the user was going. */
  leave: () => void;
  /** Stays on the page. */
  stay: () => void;
  /** Lets every later navigation through (the work is saved). */
  release: () => void;
}

type PushState = History['pushState'];

const historyIndex = (state: unknown): number | undefined => {
  const index = (state as { idx?: unknown } | null)?.idx;
  return typeof index === 'number' ? index : undefined;
};

/**
 * While `unsaved` is true, asks before the page is left: reload and close through the browser's
 * `beforeunload` prompt; in-app links, `navigate()` and Back/Forward through {@link LeaveGuard}.
 */
export function useLeaveGuard(unsaved: boolean): LeaveGuard {
  const navigate = useNavigate();
  const guarding = useRef(unsaved);
  guarding.current = unsaved;
  const released = useRef(false);
  const pending = useRef<() => void>(undefined);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    const { history } = window;
    const blocks = () => guarding.current && !released.current;
    const ask = (go: () => void) => {
      pending.current = go;
      setAsking(true);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!blocks()) return;
      event.preventDefault();
      event.returnValue = '';
    };

    // BrowserRouter has no blocker (useBlocker needs a data router): hold its history calls instead.
    const hold = (original: PushState, replace: boolean): PushState =>
      function held(data, unused, url) {
        const target = url === undefined || url === null ? undefined : new URL(url, location.href);
        if (!blocks() || target === undefined || target.pathname === location.pathname) {
          original.call(history, data, unused, url);
          return;
        }
        const state = (data as { usr?: unknown } | null)?.usr;
        ask(() => navigate(`${target.pathname}${target.search}${target.hash}`, { replace, state }));
      };
    const pushState = history.pushState;
    const replaceState = history.replaceState;
    const heldPush = hold(pushState, false);
    const heldReplace = hold(replaceState, true);
    history.pushState = heldPush;
    history.replaceState = heldReplace;

    // Back and Forward have already moved when popstate fires: undo the move, then ask.
    const here = historyIndex(history.state);
    let undoing = false;
    const onPopState = (event: PopStateEvent) => {
      if (undoing) {
        undoing = false;
        event.stopImmediatePropagation();
        return;
      }
      const next = historyIndex(event.state);
      if (!blocks() || here === undefined || next === undefined || next === here) return;
      event.stopImmediatePropagation();
      undoing = true;
      history.go(here - next);
      ask(() => history.go(next - here));
    };

    window.addEventListener('beforeunload', onBeforeUnload);
    const ungate = gatePopState(onPopState);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      ungate();
      if (history.pushState === heldPush) history.pushState = pushState;
      if (history.replaceState === heldReplace) history.replaceState = replaceState;
    };
  }, [navigate]);

  const leave = useCallback(() => {
    const go = pending.current;
    pending.current = undefined;
    setAsking(false);
    released.current = true;
    go?.();
  }, []);
  const stay = useCallback(() => {
    pending.current = undefined;
    setAsking(false);
  }, []);
  const release = useCallback(() => {
    released.current = true;
  }, []);
  return { asking, leave, stay, release };
}
