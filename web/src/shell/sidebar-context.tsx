import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { usePageHints } from '../lib/pageHints';
import { isSidebarShortcut, readSidebarOpen, sidebarCookie } from '../lib/sidebarState';

interface SidebarContextValue {
  open: boolean;
  setOpen: (open: boolean) => void;
  toggle: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

/** Holds the sidebar's expanded/collapsed state, persists it in the `sidebar_state` cookie and binds Ctrl/Cmd+B. */
export function SidebarProvider({ children }: { children: ReactNode }) {
  const hints = usePageHints();
  const [open, setOpenState] = useState(() => readSidebarOpen(hints ? hints.cookie : document.cookie));

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    document.cookie = sidebarCookie(next);
  }, []);

  const toggle = useCallback(() => {
    setOpenState((current) => {
      document.cookie = sidebarCookie(!current);
      return !current;
    });
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  const value = useMemo(() => ({ open, setOpen, toggle }), [open, setOpen, toggle]);
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarContextValue {
  const value = useContext(SidebarContext);
  if (!value) throw new Error('useSidebar must be used inside SidebarProvider');
  return value;
}
