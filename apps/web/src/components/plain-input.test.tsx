import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { act, fireEvent, render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { DisabledContextProvider } from 'antd/es/config-provider/DisabledContext';
import { FormItemInputContext } from 'antd/es/form/context';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import enUS from 'antd/es/locale/en_US';
import idID from 'antd/es/locale/id_ID';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { PlainInput, PlainPassword } from './plain-input.tsx';

type State = { status?: '' | 'error' | 'success'; disabled?: boolean; locale?: typeof idID };

type Step = (container: HTMLElement) => void;

/** The markup of `element` in a form item of that status, disabled or not, after the steps (each its own event). */
async function markup(element: ReactElement, state: State = {}, steps: Step | Step[] = []): Promise<string> {
  const { container, unmount } = render(
    <ConfigProvider locale={state.locale ?? idID}>
      <DisabledContextProvider disabled={state.disabled ?? false}>
        <FormItemInputContext.Provider value={{ status: state.status ?? '', hasFeedback: false, isFormItemInput: true }}>
          {element}
        </FormItemInputContext.Provider>
      </DisabledContextProvider>
    </ConfigProvider>,
  );
  for (const step of [steps].flat()) act(() => step(container));
  // antd removes a password's value attribute after a timer.
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  const html = container.innerHTML;
  unmount();
  return html;
}

const noop = () => undefined;
const username = {
  id: 'login_username',
  value: 'nama@contoh.id',
  onChange: noop,
  onBlur: noop,
  autoComplete: 'username',
  placeholder: 'nama@contoh.id atau 0812xxxxxxx',
};
const password = {
  id: 'login_password',
  value: 'rahasia',
  onChange: noop,
  onBlur: noop,
  autoComplete: 'current-password',
  placeholder: 'Masukkan kata sandi',
  'aria-required': 'true' as const,
};
const invalid = { 'aria-invalid': 'true' as const, 'aria-describedby': 'login_username_help' };

const states: [string, State][] = [
  ['at rest', {}],
  ['with an error', { status: 'error' }],
  ['checked', { status: 'success' }],
  ['disabled by its form', { disabled: true }],
  ['with an error, disabled', { status: 'error', disabled: true }],
  ['in English', { locale: enUS }],
];

const input = (container: HTMLElement) => container.querySelector('input') as HTMLInputElement;
const toggle = (container: HTMLElement) => container.querySelector('[role="button"]') as HTMLElement;

describe('the plain input with a prefix', () => {
  it.each(states)("draws antd's Input, %s", async (_name, state) => {
    const real = await markup(<Input {...username} {...invalid} prefix={<UserOutlined />} />, state);
    expect(await markup(<PlainInput {...username} {...invalid} prefix={<UserOutlined />} />, state)).toBe(real);
  });

  it("draws antd's Input focused (its wrapper's class), and again when it leaves", async () => {
    const focus: Step = (container) => fireEvent.focus(input(container));
    const blur: Step = (container) => fireEvent.blur(input(container));
    for (const steps of [[focus], [focus, blur]]) {
      const real = await markup(<Input {...username} prefix={<UserOutlined />} />, {}, steps);
      expect(real.includes('affix-wrapper-focused')).toBe(steps.length === 1);
      expect(await markup(<PlainInput {...username} prefix={<UserOutlined />} />, {}, steps)).toBe(real);
    }
  });

  it('focuses its input on a click on its wrapper, and takes autofocus', () => {
    const { container, unmount } = render(<PlainInput {...username} prefix={<UserOutlined />} autoFocus />);
    expect(document.activeElement).toBe(input(container));
    act(() => input(container).blur());
    fireEvent.click(container.querySelector('.ant-input-prefix') as HTMLElement);
    expect(document.activeElement).toBe(input(container));
    expect(container.firstElementChild?.className).toContain('ant-input-affix-wrapper-focused');
    unmount();
  });
});

describe('the plain password', () => {
  it.each(states)("draws antd's Input.Password, %s", async (_name, state) => {
    const real = await markup(<Password {...password} prefix={<LockOutlined />} />, state);
    expect(real).not.toContain('value=');
    expect(await markup(<PlainPassword {...password} prefix={<LockOutlined />} />, state)).toBe(real);
  });

  const click: Step = (container) => fireEvent.click(toggle(container));
  it.each([
    ['shown by a click', [click]],
    ['shown by Enter', [(container: HTMLElement) => fireEvent.keyDown(toggle(container), { key: 'Enter' })]],
    ['shown by Space', [(container: HTMLElement) => fireEvent.keyDown(toggle(container), { key: ' ' })]],
    ['shown, then hidden again (its value attribute removed again)', [click, click]],
    ['not shown while disabled', [click]],
  ])("draws antd's Input.Password %s", async (name, steps) => {
    const state = name.includes('disabled') ? { disabled: true } : {};
    const real = await markup(<Password {...password} prefix={<LockOutlined />} />, state, steps);
    expect(await markup(<PlainPassword {...password} prefix={<LockOutlined />} />, state, steps)).toBe(real);
    expect(real.includes('type="text"')).toBe(name.startsWith('shown by'));
  });

  it('keeps the focus in the input when its toggle is pressed', () => {
    const { container, unmount } = render(<PlainPassword {...password} prefix={<LockOutlined />} />);
    act(() => input(container).focus());
    const pressed = fireEvent.mouseDown(toggle(container));
    expect(pressed).toBe(false);
    fireEvent.click(toggle(container));
    expect(document.activeElement).toBe(input(container));
    expect(input(container).type).toBe('text');
    unmount();
  });
});
