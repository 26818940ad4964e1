// The shop's form and button primitives, one module (one small chunk for every page that uses
// them): Button and buttonClass, Input / Select / Textarea, and Field (label, control, message).
import type {
  ButtonHTMLAttributes,
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';

const LOOKS = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-500 focus-visible:outline-brand-600',
  secondary: 'bg-white text-gray-900 shadow-xs ring-1 ring-gray-300 ring-inset hover:bg-gray-50 focus-visible:outline-brand-600',
  danger: 'bg-red-700 text-white shadow-xs hover:bg-red-600 focus-visible:outline-red-700',
  create: 'bg-green-700 text-white hover:bg-green-600 focus-visible:outline-green-700',
  plain: 'text-gray-900 hover:bg-gray-100 focus-visible:outline-brand-600',
  link: 'text-brand-700 hover:bg-brand-50 focus-visible:outline-brand-600',
} as const;

const SIZES = {
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-3 py-2 text-sm',
  lg: 'px-6 py-3 text-base',
} as const;

export type ButtonLook = keyof typeof LOOKS;
export type ButtonSize = keyof typeof SIZES;

/** A button's classes: for `<Button>`, and for a link that looks like a button. */
export function buttonClass(look: ButtonLook = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return `inline-flex items-center justify-center gap-1.5 rounded-md font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 ${SIZES[size]} ${LOOKS[look]} ${extra}`;
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  look?: ButtonLook;
  size?: ButtonSize;
  ref?: Ref<HTMLButtonElement>;
  /**
   * Its action is under way: it reads and looks disabled (aria-disabled) and ignores presses, but
   * keeps the keyboard focus, which a disabled button loses.
   */
  busy?: boolean;
}

/** A button of the shop's few looks; `type` is 'button' unless said otherwise. */
export function Button({ look, size, className = '', type = 'button', busy, onClick, ...props }: ButtonProps) {
  return (
    <button
      type={busy ? 'button' : type}
      aria-disabled={busy || undefined}
      onClick={busy ? undefined : onClick}
      className={buttonClass(look, size, `${busy ? 'cursor-wait opacity-60 ' : ''}${className}`)}
      {...props}
    />
  );
}

// The frame every text field and select shares; red while the field is invalid (aria-invalid).
const FRAME =
  'rounded-md bg-white text-gray-900 outline-1 -outline-offset-1 outline-gray-400 focus:outline-2 focus:-outline-offset-2 focus:outline-brand-600 aria-invalid:outline-red-600';
const FULL = `block w-full px-3 py-1.5 text-base placeholder:text-gray-500 sm:text-sm ${FRAME}`;
/** A select that sits in a line of text (filters, quantities), as wide as its options. */
const COMPACT = `py-1.5 pr-8 pl-3 text-sm ${FRAME}`;

export function Input({ className = '', ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={`${FULL} ${className}`} {...props} />;
}

export function Textarea({ className = '', ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={`${FULL} ${className}`} {...props} />;
}

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  compact?: boolean;
  ref?: Ref<HTMLSelectElement>;
}

export function Select({ compact = false, className = '', ...props }: SelectProps) {
  return <select className={`${compact ? COMPACT : FULL} ${className}`} {...props} />;
}

/** What a field's control needs to be named by its label and described by its message. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  id: string;
  label: string;
  /** The validation message, tied to the control (aria-describedby). */
  error?: string;
  /** Beside the label (e.g. the 'Forgot password?' link). */
  aside?: ReactNode;
  className?: string;
  /** The control, given the props that tie it to the label and the message. */
  children: (control: ControlProps) => ReactNode;
}

/** A labelled form control with its validation message. */
export function Field({ id, label, error, aside, className, children }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <div className="flex items-center justify-between">
        <label htmlFor={id} className="block text-sm font-medium text-gray-900">
          {label}
        </label>
        {aside}
      </div>
      <div className="mt-2">
        {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm whitespace-pre-line text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
