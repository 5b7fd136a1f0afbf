import { useEffect, useRef, type DependencyList } from 'react';

/**
 * A field that takes the focus when it is drawn (and when `deps` change), also inside an antd dialog that opens at
 * once: without its zoom (the system asks for less motion, ADR 0066) the dialog's focus lock settles after the field's
 * own focus and puts the focus on its first focusable element, the close button; the field takes it back a frame later.
 */
export function useDialogFocus<T extends { focus: () => void }>(deps: DependencyList = []) {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
    const frame = requestAnimationFrame(() => ref.current?.focus());
    return () => cancelAnimationFrame(frame);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps decide when the focus comes back
  }, deps);
  return ref;
}
