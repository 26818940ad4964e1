import { createContext, useContext, useId, useMemo, useState, type ComponentPropsWithoutRef, type ReactNode } from 'react';

// A button that shows and hides a panel (the WAI-ARIA disclosure pattern): a native button with
// aria-expanded, and the panel rendered only while open. Headless UI's Disclosure did this on the
// home page until it was measured: it registers its button and panel in layout effects, and
// those updates made React run every effect of the first screen, and render again, inside the
// task that shows it (the page's longest task, docs/performance.md). Open elements carry
// `data-open`, so `group-data-open:` styles apply as they did.

interface DisclosureState {
  open: boolean;
  panelId: string;
  toggle: () => void;
  close: () => void;
}

const DisclosureContext = createContext<DisclosureState | null>(null);

function useDisclosure(): DisclosureState {
  const state = useContext(DisclosureContext);
  if (!state) throw new Error('A disclosure part must be inside <Disclosure>');
  return state;
}

type DisclosureProps = { as?: 'div' | 'nav'; defaultOpen?: boolean; children: ReactNode } & ComponentPropsWithoutRef<'div'>;

/** The element holding the button and its panel; closed unless `defaultOpen` (read once, on mount). */
export function Disclosure({ as: Element = 'div', defaultOpen = false, children, ...rest }: DisclosureProps) {
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useId();
  const state = useMemo(
    () => ({ open, panelId, toggle: () => setOpen((was) => !was), close: () => setOpen(false) }),
    [open, panelId],
  );
  return (
    <DisclosureContext.Provider value={state}>
      <Element {...rest} data-open={open ? '' : undefined}>
        {children}
      </Element>
    </DisclosureContext.Provider>
  );
}

/** The button that opens and closes the panel. */
export function DisclosureButton({ children, ...rest }: Omit<ComponentPropsWithoutRef<'button'>, 'type' | 'onClick'>) {
  const { open, panelId, toggle } = useDisclosure();
  return (
    <button
      {...rest}
      type="button"
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      data-open={open ? '' : undefined}
      onClick={toggle}
    >
      {children}
    </button>
  );
}

/** The panel, in the page only while open. */
export function DisclosurePanel({ children, ...rest }: Omit<ComponentPropsWithoutRef<'div'>, 'id'>) {
  const { open, panelId } = useDisclosure();
  if (!open) return null;
  return (
    <div {...rest} id={panelId} data-open="">
      {children}
    </div>
  );
}

/** Closes the disclosure (a link in the panel that leaves the page it belongs to). */
export function useCloseDisclosure(): () => void {
  return useDisclosure().close;
}
