import { act, renderHook } from '@testing-library/react';
import type { FileRejection } from '@mantine/dropzone';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNewPhotos } from './use-new-photos';

const texts = {
  tooMany: (max: number) => `hoogstens ${max}`,
  tooLarge: (name: string) => `${name} te groot`,
  wrongType: (name: string) => `${name} verkeerd`,
};
const photo = (name: string) => new File(['x'], name, { type: 'image/png' });

describe('useNewPhotos', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes only the room left beside the kept photos, and says so', () => {
    let next = 0;
    vi.stubGlobal('URL', { createObjectURL: () => `blob:${(next += 1)}`, revokeObjectURL: vi.fn() });
    const { result } = renderHook(() => useNewPhotos({ kept: 4, max: 6, texts }));
    expect(result.current.room).toBe(2);
    act(() => result.current.add([photo('a.png'), photo('b.png'), photo('c.png')]));
    expect(result.current.photos.map((p) => p.file.name)).toEqual(['a.png', 'b.png']);
    expect(result.current.messages).toEqual(['hoogstens 6']);
    expect(result.current.total).toBe(6);
    expect(result.current.room).toBe(0);
  });

  it('releases a removed preview, and every preview on clear and when it goes away', () => {
    const revoke = vi.fn();
    let next = 0;
    vi.stubGlobal('URL', { createObjectURL: () => `blob:${(next += 1)}`, revokeObjectURL: revoke });
    const { result, unmount } = renderHook(() => useNewPhotos({ kept: 0, max: 6, texts }));
    act(() => result.current.add([photo('a.png'), photo('b.png'), photo('c.png')]));
    act(() => result.current.remove(result.current.photos[0]!.key));
    expect(revoke).toHaveBeenCalledWith('blob:1');
    expect(result.current.photos).toHaveLength(2);
    act(() => result.current.clear());
    expect(revoke.mock.calls.map(([url]) => url as string).sort()).toEqual(['blob:1', 'blob:2', 'blob:3']);
    expect(result.current.photos).toHaveLength(0);
    act(() => result.current.add([photo('d.png')]));
    unmount();
    expect(revoke).toHaveBeenLastCalledWith('blob:4');
  });

  it('names each refused file in the feature’s words', () => {
    const { result } = renderHook(() => useNewPhotos({ kept: 0, max: 6, texts }));
    const refused = (name: string, code: string) =>
      ({ file: photo(name), errors: [{ code, message: code }] }) as FileRejection;
    act(() =>
      result.current.reject([
        refused('groot.png', 'file-too-large'),
        refused('doc.pdf', 'file-invalid-type'),
        refused('zevende.png', 'too-many-files'),
      ]),
    );
    expect(result.current.messages).toEqual(['groot.png te groot', 'doc.pdf verkeerd', 'hoogstens 6']);
  });
});
