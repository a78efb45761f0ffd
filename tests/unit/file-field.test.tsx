// The Romanian file picker (issue 11 §4.11): no browser-language 'Choose File' anywhere.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { FILE_FIELD_BUTTON, FILE_FIELD_EMPTY, FileField } from '../../src/shell/form/FileField.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('FileField', () => {
  it('a Romanian button and the chosen file name (or "Niciun fișier ales")', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const onChange = vi.fn();
    act(() => root.render(<FileField id="photo" file={null} onChange={onChange} accept="image/png" describedBy="photo-hint" />));
    const input = host.querySelector<HTMLInputElement>('input[type="file"]')!;
    const button = host.querySelector('label[for="photo"]')!;
    expect(button.textContent).toBe(FILE_FIELD_BUTTON);
    expect(FILE_FIELD_BUTTON).toBe('Alege fișierul');
    expect(host.textContent).toContain(FILE_FIELD_EMPTY);
    expect(input.className).toContain('form-visually-hidden');
    expect(input.getAttribute('aria-describedby')).toBe('photo-chosen photo-hint');
    const file = new File(['x'], 'explicatie.png', { type: 'image/png' });
    act(() => root.render(<FileField id="photo" file={file} onChange={onChange} />));
    expect(host.querySelector('#photo-chosen')!.textContent).toBe('explicatie.png');
    act(() => root.unmount());
    host.remove();
  });

  it('every file input of the app goes through FileField', () => {
    const offenders = sources('src').filter(
      (path) => !path.endsWith(join('form', 'FileField.tsx')) && /type=["']file["']|type:\s*["']file["']/.test(readFileSync(path, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
