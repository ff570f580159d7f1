import { useEffect, useRef } from 'react';

/** Whether a key press is Ctrl+S (Cmd+S on a Mac), on any keyboard layout. */
export function isSaveShortcut(event: KeyboardEvent): boolean {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return false;
  const key = event.key.toLowerCase();
  return key === 's' || (!/^[a-z]$/.test(key) && event.code === 'KeyS');
}

/** Runs `onSave` on Ctrl/Cmd+S anywhere on the page, instead of the browser's save dialog. */
export function useSaveShortcut(onSave: () => void): void {
  const latest = useRef(onSave);
  latest.current = onSave;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSaveShortcut(event)) return;
      event.preventDefault();
      if (!event.repeat) latest.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
