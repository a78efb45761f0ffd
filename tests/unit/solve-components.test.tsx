import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { OptionList } from '../../src/components/practice/OptionList.tsx';
import { Overview } from '../../src/components/practice/Overview.tsx';
import { Timer } from '../../src/components/practice/Timer.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
function render(ui: React.ReactNode): HTMLElement {
  const el = document.createElement('div');
  document.body.append(el);
  root = createRoot(el);
  act(() => root!.render(ui));
  return el;
}
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.useRealTimers();
});

const options = { A: 'unu', B: 'doi', C: 'trei', D: 'patru', E: 'cinci' };

describe('solve components', () => {
  it('CS options are labelled radios, CM options checkboxes', () => {
    const cs = render(<OptionList gridId={1} type="CS" options={options} selected={['B']} />);
    const radios = cs.querySelectorAll<HTMLInputElement>('input[type=radio]');
    expect(radios).toHaveLength(5);
    expect(radios[1]!.checked).toBe(true);
    expect(cs.querySelector(`label[for="${radios[0]!.id}"]`)?.textContent).toContain('unu');
    act(() => root?.unmount());
    const cm = render(<OptionList gridId={2} type="CM" options={options} selected={['A', 'C']} />);
    expect(cm.querySelectorAll('input[type=checkbox]:checked')).toHaveLength(2);
  });

  it('clicking an option reports the letter; the reveal marks right and wrong', () => {
    const onToggle = vi.fn();
    const el = render(<OptionList gridId={3} type="CM" options={options} selected={['A', 'B']} onToggle={onToggle} correct={['A', 'C']} />);
    act(() => el.querySelectorAll<HTMLInputElement>('input')[3]!.click());
    expect(onToggle).toHaveBeenCalledWith('D');
    const rows = el.querySelectorAll('.option');
    expect(rows[0]!.className).toContain('is-right');
    expect(rows[1]!.className).toContain('is-wrong');
    expect(rows[2]!.className).toContain('is-missed');
  });

  it('overview buttons carry their state in the accessible name', () => {
    const onSelect = vi.fn();
    const el = render(
      <Overview
        cells={[
          { position: 1, gridId: 10, answered: true, flagged: false, current: false },
          { position: 2, gridId: 11, answered: false, flagged: true, current: true },
        ]}
        onSelect={onSelect}
      />,
    );
    const buttons = el.querySelectorAll('button');
    expect(buttons[0]!.getAttribute('aria-label')).toBe('Grila 1, răspunsă');
    expect(buttons[1]!.getAttribute('aria-label')).toBe('Grila 2, fără răspuns, marcată, curentă');
    expect(buttons[1]!.getAttribute('aria-current')).toBe('step');
    act(() => buttons[0]!.click());
    expect(onSelect).toHaveBeenCalledWith(0);
  });

  it('the timer counts down and calls onExpire once at 0', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T10:00:58Z'));
    const onExpire = vi.fn();
    const el = render(<Timer test={{ time_limit_s: 60, remaining_s: 60, started_at: '2026-11-21T10:00:00Z' }} onExpire={onExpire} />);
    expect(el.textContent).toBe('00:02');
    act(() => vi.advanceTimersByTime(3000));
    expect(el.textContent).toBe('00:00');
    act(() => vi.advanceTimersByTime(3000));
    expect(onExpire).toHaveBeenCalledTimes(1);
  });
});
