export default function SubmitButton({ busy, children, busyText }: { busy: boolean; children: string; busyText: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="flex w-full justify-center rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60"
    >
      {busy ? busyText : children}
    </button>
  );
}
