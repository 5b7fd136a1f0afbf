import { ConfigProvider, theme as antdTheme, type FormInstance } from 'antd';
import { DisabledContextProvider } from 'antd/es/config-provider/DisabledContext';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import { FormItemInputContext } from 'antd/es/form/context';
import useFormStyle from 'antd/es/form/style';
import { useColStyle, useRowStyle } from 'antd/es/grid/style';
import {
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type FormEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { loadLaterTexts } from '../lib/i18n.ts';
import { useLanguageChange } from '../lib/use-language-change.ts';

/**
 * A vertical form drawn as antd's `Form` draws it (its classes and styles, the same markup for labels, inputs and
 * error texts) without rc-form and async-validator, for the sign-in page, the first screen (ADR 0053); `PlainItem`
 * alone draws a `Form.Item` outside a form (the dashboard's period). It knows what
 * the sign-in form needs: text fields, each with rules checked in order until the first error, on change or on blur,
 * all of them on submit; errors set from the server's answer; errors checked again when the language changes.
 */

/** A rule: resolves when the value is fine, rejects with the translated message otherwise (as antd's validators). */
export type PlainRule = (value: string) => Promise<void>;

type FieldDef = { rules: readonly PlainRule[]; trigger: 'change' | 'blur' };
type FieldState = { errors: string[]; status: '' | 'success' | 'error' };

export type PlainForm<Name extends string> = {
  name: string;
  values: Record<Name, string>;
  fields: Record<Name, FieldState>;
  defs: Record<Name, FieldDef>;
  setValue: (name: Name, value: string) => void;
  blur: (name: Name) => void;
  /** Checks every field; resolves with the values when none has an error. */
  validateAll: () => Promise<Record<Name, string> | null>;
  /** What `applyFieldErrors` (lib/form-errors.ts) needs of a form to show the server's field errors. */
  errorTarget: Pick<FormInstance, 'getFieldsError' | 'setFields'>;
};

async function firstError(rules: readonly PlainRule[], value: string): Promise<string[]> {
  // The rules' messages are later texts (`validation`, `errors`): loaded at the form's first input, waited for here.
  await loadLaterTexts();
  for (const rule of rules) {
    try {
      await rule(value);
    } catch (error) {
      return [error instanceof Error ? error.message : String(error)];
    }
  }
  return [];
}

/** The state of a form named `name` (the fields' ids are `<name>_<field>`, as antd's). */
export function usePlainForm<Name extends string>(name: string, defs: Record<Name, FieldDef>): PlainForm<Name> {
  const names = Object.keys(defs) as Name[];
  const [values, setValues] = useState(() => Object.fromEntries(names.map((field) => [field, ''])) as Record<Name, string>);
  const [fields, setFields] = useState(
    () => Object.fromEntries(names.map((field): [Name, FieldState] => [field, { errors: [], status: '' }])) as Record<Name, FieldState>,
  );
  const valuesRef = useRef(values);
  const fieldsRef = useRef(fields);
  const defsRef = useRef(defs);
  defsRef.current = defs;
  // Only the last check of a field counts (a slower earlier one may end after it).
  const runs = useRef<Partial<Record<Name, number>>>({});

  const place = useCallback((field: Name, state: FieldState) => {
    fieldsRef.current = { ...fieldsRef.current, [field]: state };
    setFields(fieldsRef.current);
  }, []);

  const validate = useCallback(
    async (field: Name): Promise<string[]> => {
      const run = (runs.current[field] ?? 0) + 1;
      runs.current[field] = run;
      const errors = await firstError(defsRef.current[field].rules, valuesRef.current[field]);
      if (runs.current[field] === run) place(field, { errors, status: errors.length > 0 ? 'error' : 'success' });
      return errors;
    },
    [place],
  );

  const setValue = useCallback(
    (field: Name, value: string) => {
      valuesRef.current = { ...valuesRef.current, [field]: value };
      setValues(valuesRef.current);
      if (defsRef.current[field].trigger === 'change') void validate(field);
    },
    [validate],
  );

  const blur = useCallback(
    (field: Name) => {
      if (defsRef.current[field].trigger === 'blur') void validate(field);
    },
    [validate],
  );

  const validateAll = useCallback(async () => {
    const all = Object.keys(defsRef.current) as Name[];
    const results = await Promise.all(all.map((field) => validate(field)));
    return results.every((errors) => errors.length === 0) ? valuesRef.current : null;
  }, [validate]);

  const errorTarget = useMemo<PlainForm<Name>['errorTarget']>(
    () => ({
      getFieldsError: () =>
        (Object.keys(defsRef.current) as Name[]).map((field) => ({
          name: [field],
          errors: fieldsRef.current[field].errors,
          warnings: [],
        })),
      setFields: (list) => {
        for (const item of list) {
          const field = (Array.isArray(item.name) ? item.name.join('.') : String(item.name)) as Name;
          if (!(field in defsRef.current) || !item.errors) continue;
          runs.current[field] = (runs.current[field] ?? 0) + 1;
          place(field, { errors: item.errors.map(String), status: item.errors.length > 0 ? 'error' : '' });
        }
      },
    }),
    [place],
  );

  // The fields showing an error are checked again when the language changes, so their messages follow it.
  useLanguageChange(
    useCallback(() => {
      for (const field of Object.keys(defsRef.current) as Name[]) if (fieldsRef.current[field].errors.length > 0) void validate(field);
    }, [validate]),
  );

  return { name, values, fields, defs, setValue, blur, validateAll, errorTarget };
}

/** The class names antd's `Form` gives its form, items, rows and columns, with their styles injected. */
function usePlainFormClasses() {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('form');
  const rootCls = useCSSVarCls(prefixCls);
  const [hashId, cssVarCls] = useFormStyle(prefixCls, rootCls);
  const [rowHash, rowCssVar] = useRowStyle(getPrefixCls('row'));
  const [colHash, colCssVar] = useColStyle(getPrefixCls('col'));
  return {
    prefix: prefixCls,
    form: [cssVarCls, rootCls, hashId].filter(Boolean).join(' '),
    row: [rowHash, rowCssVar].filter(Boolean).join(' '),
    col: [colHash, colCssVar].filter(Boolean).join(' '),
  };
}

/** The `<form>` of antd's vertical `Form` without a required mark; `disabled` disables its inputs and buttons. */
export function PlainFormRoot<Name extends string>({
  form,
  disabled,
  onFinish,
  children,
}: {
  form: PlainForm<Name>;
  disabled?: boolean;
  onFinish: () => void;
  children: ReactNode;
}) {
  const classes = usePlainFormClasses();
  const p = classes.prefix;
  // The texts of the rules and of the server's errors load at the first press, key or input in the form, before a
  // field is checked (the username's autofocus is not an input: a focus would load them with the page, ADR 0064).
  const wanted = () => void loadLaterTexts();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    void form.validateAll().then((values) => {
      if (values) onFinish();
    });
  };
  return (
    <DisabledContextProvider disabled={disabled}>
      <form
        id={form.name}
        className={`${p} ${p}-vertical ${p}-hide-required-mark ${classes.form}`}
        onSubmit={onSubmit}
        onPointerDownCapture={wanted}
        onKeyDownCapture={wanted}
        onInputCapture={wanted}
      >
        {children}
      </form>
    </DisabledContextProvider>
  );
}

/**
 * One item as antd's `Form.Item` draws it: the label, the control (which reads the item's status as antd's inputs
 * do) and the error text under it. `vertical` is the sign-in form's layout (no required mark); otherwise the layout
 * of a `Form.Item` outside a form (label beside the control).
 */
export function PlainItem({
  htmlFor,
  label,
  vertical,
  required,
  errors,
  status,
  helpId,
  marginBottom,
  style,
  children,
}: {
  htmlFor: string;
  label: string;
  vertical?: boolean;
  /** The item has a `required` rule (the label's class). */
  required?: boolean;
  errors: readonly string[];
  status: FieldState['status'];
  /** The error text's id (an input's `aria-describedby`). */
  helpId?: string;
  /** The item's bottom margin: the error text takes its place (antd's default, the theme's `marginLG`). */
  marginBottom?: number;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const classes = usePlainFormClasses();
  const { token } = antdTheme.useToken();
  const margin = marginBottom ?? token.marginLG;
  const p = classes.prefix;
  const hasHelp = errors.length > 0;
  const itemClass = [
    `${p}-item`,
    classes.form,
    hasHelp && `${p}-item-with-help`,
    status && `${p}-item-has-${status}`,
    `${p}-item-${vertical ? 'vertical' : 'horizontal'}`,
  ]
    .filter(Boolean)
    .join(' ');
  const labelClass = [required && `${p}-item-required`, vertical && `${p}-item-required-mark-hidden`].filter(Boolean).join(' ');
  const inputContext = useMemo(() => ({ status, hasFeedback: false, isFormItemInput: true }), [status]);
  return (
    <div className={itemClass} style={style}>
      <div className={`ant-row ${p}-item-row ${classes.row}`}>
        <div className={`ant-col ${p}-item-label ${classes.col}`}>
          <label htmlFor={htmlFor} className={labelClass} title={label}>
            {label}
          </label>
        </div>
        <div className={`ant-col ${p}-item-control ${classes.col}`}>
          <div className={`${p}-item-control-input`}>
            <div className={`${p}-item-control-input-content`}>
              <FormItemInputContext.Provider value={inputContext}>{children}</FormItemInputContext.Provider>
            </div>
          </div>
          {hasHelp && (
            <div className={`${p}-item-additional`} style={{ minHeight: margin }}>
              <div id={helpId} className={`${p}-item-explain ${classes.form} ${p}-item-explain-connected`}>
                {errors.map((error) => (
                  <div key={error} className={`${p}-item-explain-error`}>
                    {error}
                  </div>
                ))}
              </div>
            </div>
          )}
        </div>
      </div>
      {hasHelp && margin > 0 && <div className={`${p}-item-margin-offset`} style={{ marginBottom: -margin }} />}
    </div>
  );
}

type InputProps = {
  id: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: () => void;
  'aria-required'?: 'true';
  'aria-invalid'?: 'true';
  'aria-describedby'?: string;
};

/** A field of a plain form in its item: the input gets its id (`<form>_<field>`), value, handlers and aria state. */
export function PlainFormItem<Name extends string>({
  form,
  name,
  label,
  required,
  children,
}: {
  form: PlainForm<Name>;
  name: Name;
  label: string;
  /** The field has a `required` rule: the label's class and the input's `aria-required`, as antd's. */
  required?: boolean;
  children: (props: InputProps) => ReactElement;
}) {
  const id = `${form.name}_${name}`;
  const { errors, status } = form.fields[name];
  const hasHelp = errors.length > 0;
  return (
    <PlainItem htmlFor={id} label={label} vertical required={required} errors={errors} status={status} helpId={`${id}_help`}>
      {children({
        id,
        value: form.values[name],
        onChange: (event) => form.setValue(name, event.target.value),
        onBlur: () => form.blur(name),
        ...(required ? { 'aria-required': 'true' as const } : {}),
        ...(hasHelp ? { 'aria-invalid': 'true' as const, 'aria-describedby': `${id}_help` } : {}),
      })}
    </PlainItem>
  );
}
