import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
} from 'react';

/**
 * The dashboard header's menu on small screens (a disclosure: the Menu button shows or hides the
 * panel). Opening moves focus to the first action; Escape, a click outside or a choice closes it,
 * and Escape puts focus back on the Menu button. On wide screens the button is hidden and the
 * panel always shows (`workspace.css`), so the state never changes there.
 */
export function useHeaderMenu() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('nav a, nav button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !toggleRef.current?.contains(target)) {
        setOpen(false);
      }
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const toggle = useCallback(() => setOpen((was) => !was), []);

  /** A click on a link or button inside the panel is a choice: the menu closes behind it. */
  const closeAfterChoice = useCallback((event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('a, button')) setOpen(false);
  }, []);

  /** Tabbing out of the panel (to the page, not the Menu button) closes it. */
  const closeWhenFocusLeaves = useCallback((event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && !event.currentTarget.contains(next) && next !== toggleRef.current) setOpen(false);
  }, []);

  return { id, open, toggle, toggleRef, panelRef, closeAfterChoice, closeWhenFocusLeaves };
}
