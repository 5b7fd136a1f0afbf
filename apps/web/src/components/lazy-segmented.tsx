import { ConfigProvider, type SegmentedProps } from 'antd';
import useSegmentedStyle from 'antd/es/segmented/style';
import { useContext, useId, useRef, useState, type ComponentType, type KeyboardEvent as ReactKeyboardEvent, type Ref } from 'react';
import { lazyModule } from './use-load-on-want.ts';

type Option<T extends string> = { value: T; label: string };
export type LazySegmentedProps<T extends string> = {
  size?: 'small';
  value: T;
  options: Option<T>[];
  onChange: (value: T) => void;
};
type Segmented = ComponentType<SegmentedProps<string> & { ref?: Ref<HTMLDivElement> }>;

const segmentedModule = lazyModule(async () => (await import('antd/es/segmented')).default as unknown as Segmented);

/**
 * antd's `Segmented` of a few text options, drawn closed until first wanted (ADR 0063): the sign-in layout's language
 * switch shows its options in the control's own markup and styles (its style hook, the same classes), and the control
 * with its thumb motion (rc-segmented) loads when the pointer comes over it, presses it or it takes the focus, off the
 * sign-in page's first load. A choice made before it arrives (a tap, the arrow keys) is applied at once, without the
 * thumb's slide (a press in progress keeps the stand-in until its click, so the click is not lost); the focus carries over, with the keyboard's focus ring when it came by the Tab key.
 */
export function LazySegmented<T extends string>(props: LazySegmentedProps<T>) {
  const [Segmented, setSegmented] = useState<Segmented | null>(segmentedModule.loaded);
  const closed = useRef<HTMLDivElement>(null);
  const keyboard = useRef(false);
  // Where the focus was in the stand-in (its group, as rc-segmented's own div takes the Tab key first, or a radio).
  const [arrival, setArrival] = useState<{ focus: 'root' | 'radio' | null; keyboard: boolean }>({ focus: null, keyboard: false });
  // A press in progress keeps the stand-in until its click: replaced under the finger, the click would be lost.
  const pressing = useRef(false);
  const arrived = useRef<Segmented | null>(null);
  const swap = () => {
    const component = arrived.current;
    if (!component || pressing.current) return;
    const active = document.activeElement;
    const root = closed.current;
    const focus = active === null || !root?.contains(active) ? null : active === root ? 'root' : 'radio';
    setArrival({ focus, keyboard: keyboard.current });
    setSegmented(() => component);
  };
  const want = () => {
    if (Segmented) return;
    if (arrived.current) {
      swap();
      return;
    }
    void segmentedModule.load().then(
      (component) => {
        arrived.current = component;
        swap();
      },
      () => undefined,
    );
  };
  if (Segmented) {
    const { options, value, size, onChange } = props;
    // rc-segmented has no prop for a focus it did not see: the focus goes back where it was (the group, or the chosen
    // radio with the Tab key's release when the keyboard brought it: the focus ring follows that key).
    const takeFocus = (root: HTMLDivElement | null) => {
      if (!root || !arrival.focus) return;
      if (arrival.focus === 'root') root.focus();
      else {
        const input = root.querySelector<HTMLInputElement>('input:checked');
        input?.focus();
        if (arrival.keyboard) input?.dispatchEvent(new KeyboardEvent('keyup', { key: 'Tab', bubbles: true }));
      }
      setArrival({ focus: null, keyboard: false });
    };
    return <Segmented ref={takeFocus} size={size} value={value} options={options} onChange={(next) => onChange(next as T)} />;
  }
  return (
    <ClosedSegmented
      {...props}
      rootRef={closed}
      onWant={want}
      onPress={() => {
        pressing.current = true;
        want();
      }}
      onRelease={() => {
        pressing.current = false;
        swap();
      }}
      onKeyboard={() => {
        keyboard.current = true;
      }}
    />
  );
}

/** The markup of antd 6.6.8's `Segmented` at rest (no thumb moving): a radio group of labelled radios. */
export function ClosedSegmented<T extends string>({
  size,
  value,
  options,
  onChange,
  rootRef,
  onWant,
  onPress,
  onRelease,
  onKeyboard,
}: LazySegmentedProps<T> & {
  rootRef: Ref<HTMLDivElement>;
  onWant: () => void;
  /** A press began: the control loads, and waits for the press's click (or its cancel) before it replaces this one. */
  onPress: () => void;
  onRelease: () => void;
  onKeyboard: () => void;
}) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('segmented');
  const [hashId, cssVarCls] = useSegmentedStyle(prefixCls);
  const name = useId();
  const [focused, setFocused] = useState(false);
  const [keyboard, setKeyboard] = useState(false);
  const className = [prefixCls, size === 'small' && `${prefixCls}-sm`, hashId, cssVarCls].filter(Boolean).join(' ');
  const step = (offset: number) => {
    const index = options.findIndex((option) => option.value === value);
    const next = options[(index + offset + options.length) % options.length];
    if (next && next.value !== value) onChange(next.value);
  };
  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') step(-1);
    else if (event.key === 'ArrowRight' || event.key === 'ArrowDown') step(1);
  };
  const onKeyUp = (event: ReactKeyboardEvent) => {
    if (event.key !== 'Tab') return;
    setKeyboard(true);
    onKeyboard();
  };
  return (
    <div
      ref={rootRef}
      role="radiogroup"
      aria-label="segmented control"
      tabIndex={0}
      aria-orientation="horizontal"
      className={className}
      onPointerEnter={onWant}
      onPointerDown={onPress}
      onClick={onRelease}
      onPointerCancel={onRelease}
      onFocus={onWant}
    >
      <div className={`${prefixCls}-group`}>
        {options.map((option) => {
          const checked = option.value === value;
          const itemClass = [
            `${prefixCls}-item`,
            checked && `${prefixCls}-item-selected`,
            checked && `${prefixCls}-item-selected-text`,
            checked && focused && keyboard && `${prefixCls}-item-focused`,
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <label
              key={option.value}
              className={itemClass}
              onMouseDown={() => setKeyboard(false)}
              onClick={(event) => {
                // The label's click chooses its option itself: its default action (a click on the radio) is lost when
                // the control arrived during the press (Chromium drops it), and the stand-in leaves after this click.
                event.preventDefault();
                if (!checked) onChange(option.value);
              }}
            >
              <input
                name={name}
                className={`${prefixCls}-item-input`}
                type="radio"
                checked={checked}
                onChange={() => onChange(option.value)}
                onFocus={() => setFocused(true)}
                onBlur={() => setFocused(false)}
                onKeyDown={onKeyDown}
                onKeyUp={onKeyUp}
              />
              <div className={`${prefixCls}-item-label`} title={option.label}>
                {option.label}
              </div>
            </label>
          );
        })}
      </div>
    </div>
  );
}
