import { useRef, useState } from 'react';

/** What the user began on a closed stand-in when its control arrived: where the focus was, and whether it was pressed. */
export type Arrival = { active: Element | null; inside: boolean; pressed: boolean };

/** A control's module, loaded once per page: later stand-ins of it start with the control itself. */
export type LazyModule<C> = { loaded: () => C | null; load: () => Promise<C> };

export function lazyModule<C>(load: () => Promise<C>): LazyModule<C> {
  let loaded: C | null = null;
  return { loaded: () => loaded, load: async () => (loaded ??= await load()) };
}

/**
 * A control drawn closed until first wanted (ADR 0059): `want` (the pointer over it, its focus) and `press` load the
 * control once; when it arrives, `arrive` hears what the user began on the stand-in (`closed` is the stand-in's root)
 * before the control replaces it.
 */
export function useLoadOnWant<C>(module: LazyModule<C>, arrive: (arrival: Arrival) => void, disabled = false) {
  const [Control, setControl] = useState<C | null>(module.loaded);
  const closed = useRef<HTMLDivElement>(null);
  const pressed = useRef(false);
  const want = () => {
    if (Control || disabled) return;
    void module.load().then(
      (control) => {
        const active = document.activeElement;
        arrive({ active, inside: active !== null && closed.current?.contains(active) === true, pressed: pressed.current });
        setControl(() => control);
      },
      () => undefined,
    );
  };
  const press = () => {
    pressed.current = true;
    want();
  };
  return { Control, closed, want, press };
}
