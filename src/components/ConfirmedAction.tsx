import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import ConfirmDialog from './ConfirmDialog';
import { focusSoon } from '../lib/useFocusNeighbour';
import { Button, type ButtonLook } from './controls';

interface ConfirmedActionProps {
  /** The button's contents, and its text while the action runs. */
  label: ReactNode;
  busyLabel: string;
  look?: ButtonLook;
  className?: string;
  /** The button's name when its text alone would not say what it acts on. */
  'aria-label'?: string;
  /** False hides the button (the action no longer applies); a failure stays in view. */
  available?: boolean;
  /** The question asked first. */
  question: { title: string; message: string; confirmLabel: string; cancelLabel?: string };
  /** The action, once confirmed; a rejection (the API's `{message}`) is shown as `failed(message)`. */
  run: () => Promise<unknown>;
  failed: (message: string) => string;
  /**
   * Where the keyboard focus goes when the action done takes the button away (`available` false):
   * the dialog gives it back to the button that opened it, and finds none.
   */
  focusAfter?: RefObject<HTMLElement | null>;
}

/** A button whose action is asked about first (a modal question), and says why when it failed. */
export default function ConfirmedAction({
  label,
  busyLabel,
  look = 'secondary',
  className,
  'aria-label': ariaLabel,
  available = true,
  question,
  run,
  failed,
  focusAfter,
}: ConfirmedActionProps) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const done = useRef(false);
  useEffect(() => {
    if (!done.current || asking || available) return;
    done.current = false;
    // After the closed dialog's own try (a microtask), which would take an older element.
    focusSoon(() => focusAfter?.current);
  }, [asking, available, focusAfter]);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await run();
      done.current = true;
    } catch (rejected) {
      setError(failed((rejected as { message?: string }).message ?? String(rejected)));
    }
    setBusy(false);
    setAsking(false);
  }

  return (
    <>
      {available && (
        <Button look={look} size="sm" className={className} aria-label={ariaLabel} disabled={busy} onClick={() => setAsking(true)}>
          {busy ? busyLabel : label}
        </Button>
      )}
      {error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
      <ConfirmDialog {...question} open={asking} busy={busy} onConfirm={confirm} onCancel={() => setAsking(false)} />
    </>
  );
}
