import EyeInvisibleOutlined from '@ant-design/icons/es/icons/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons/es/icons/EyeOutlined';
import { ConfigProvider } from 'antd';
import DisabledContext from 'antd/es/config-provider/DisabledContext';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import { FormItemInputContext } from 'antd/es/form/context';
import useInputStyle, { useSharedStyle } from 'antd/es/input/style';
import { useLocale } from 'antd/es/locale';
import {
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';

/**
 * antd 6.6.8's `Input` with a prefix icon and its `Input.Password`, drawn by the app for the sign-in page (ADR 0064):
 * the same markup, classes and style hooks (so the same CSS: outlined, focused, error, disabled), with what rc-input
 * and antd do for such an input: the wrapper's focus class, a click on the wrapper focuses the input, the status of
 * the form item (`FormItemInputContext`), `disabled` from the form (`DisabledContext`), a password's `value`
 * attribute removed from the page (antd's `useRemovePasswordTimeout`), and the password's show/hide toggle (a button
 * with the locale's label, kept from taking the focus, pressed by a click, Enter or Space). Not drawn: sizes, variants,
 * `allowClear`, counts, add-ons, compact groups and ConfigProvider's `input` settings (the app sets none; the inputs
 * of the other screens are antd's). `plain-input.test.tsx` compares the markup with antd's.
 */

export type PlainInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'size' | 'type'> & {
  prefix: ReactNode;
};

type AffixProps = PlainInputProps & {
  type: 'text' | 'password';
  /** Extra classes of the wrapper (the password's). */
  wrapperClass?: string;
  suffix?: ReactNode;
};

/**
 * antd's `useRemovePasswordTimeout`: a password input's `value` attribute (which React writes with each render) is
 * removed from the page after a focus, blur or change, and here after every render that draws it hidden (antd: at
 * mount and when the toggle hides the text again), so a render for another reason (the form's later texts
 * arriving, ADR 0064) does not leave it there either.
 */
function useRemovePasswordValue(input: RefObject<HTMLInputElement | null>, type: string) {
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const remove = useCallback(() => {
    timers.current.push(
      setTimeout(() => {
        const element = input.current;
        if (element && element.getAttribute('type') === 'password' && element.hasAttribute('value')) element.removeAttribute('value');
      }),
    );
  }, [input]);
  useEffect(() => {
    if (type === 'password') remove();
  });
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);
  return remove;
}

function AffixInput({
  prefix,
  suffix,
  type,
  wrapperClass,
  disabled: ownDisabled,
  onFocus,
  onBlur,
  onChange,
  autoComplete,
  ...rest
}: AffixProps) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const p = getPrefixCls('input');
  const rootCls = useCSSVarCls(p);
  const [hashId, cssVarCls] = useSharedStyle(p);
  useInputStyle(p, rootCls);
  const formDisabled = useContext(DisabledContext);
  const disabled = ownDisabled ?? formDisabled;
  const { status } = useContext(FormItemInputContext);
  const [focused, setFocused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const wrapper = useRef<HTMLSpanElement>(null);
  const removeValue = useRemovePasswordValue(input, type);
  // rc-input: a disabled input is not drawn focused.
  useEffect(() => {
    if (disabled) setFocused(false);
  }, [disabled]);

  const wrapperClasses = [
    `${p}-affix-wrapper`,
    disabled && `${p}-disabled ${p}-affix-wrapper-disabled`,
    focused && `${p}-affix-wrapper-focused`,
    hashId,
    `${p}-outlined`,
    status && ['success', 'warning', 'error', 'validating'].includes(status) && `${p}-status-${status}`,
    wrapperClass,
    cssVarCls,
    rootCls,
  ];
  return (
    <span
      ref={wrapper}
      className={wrapperClasses.filter(Boolean).join(' ')}
      onClick={(event: MouseEvent) => {
        if (wrapper.current?.contains(event.target as Node)) input.current?.focus();
      }}
    >
      <span className={`${p}-prefix`}>{prefix}</span>
      <input
        // The attributes in antd's order: autocomplete, the caller's, disabled, class (type and value are React's last).
        autoComplete={autoComplete}
        {...rest}
        disabled={disabled}
        className={[p, disabled && `${p}-disabled`, hashId].filter(Boolean).join(' ')}
        type={type}
        ref={input}
        onFocus={(event: FocusEvent<HTMLInputElement>) => {
          removeValue();
          setFocused(true);
          onFocus?.(event);
        }}
        onBlur={(event: FocusEvent<HTMLInputElement>) => {
          removeValue();
          setFocused(false);
          onBlur?.(event);
        }}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          removeValue();
          onChange?.(event);
        }}
      />
      {suffix && <span className={`${p}-suffix`}>{suffix}</span>}
    </span>
  );
}

/** antd's `Input` with a `prefix` (an icon), as the sign-in page draws it. */
export function PlainInput(props: PlainInputProps) {
  return <AffixInput {...props} type="text" />;
}

/** antd's `Input.Password` with a `prefix`: the text hidden until its toggle shows it. */
export function PlainPassword(props: PlainInputProps) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const p = getPrefixCls('input-password');
  const [locale] = useLocale('global');
  const formDisabled = useContext(DisabledContext);
  const disabled = props.disabled ?? formDisabled;
  const [visible, setVisible] = useState(false);
  const toggle = () => {
    if (!disabled) setVisible(!visible);
  };
  const icon = (
    <span
      role="button"
      tabIndex={disabled ? -1 : 0}
      className={`${p}-icon`}
      aria-disabled={disabled}
      aria-pressed={visible}
      aria-label={visible ? locale.hide : locale.show}
      // Keeps the focus in the input, and its caret where it was (antd's).
      onMouseDown={(event) => event.preventDefault()}
      onMouseUp={(event) => event.preventDefault()}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        if (!event.repeat) toggle();
      }}
      onClick={toggle}
    >
      {visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
    </span>
  );
  return <AffixInput {...props} type={visible ? 'text' : 'password'} wrapperClass={p} suffix={icon} />;
}
