import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveBlob } from './save-blob';

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('saveBlob', () => {
  it('clicks a temporary download link named for the file, then lets the object URL go', () => {
    vi.useFakeTimers();
    const blob = new Blob(['xlsx']);
    const create = vi.fn(() => 'blob:pluk/1');
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const clicked: { href: string; download: string; rel: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, rel: this.rel, attached: this.isConnected });
    });

    saveBlob(blob, 'transacties-2030.xlsx');

    expect(create).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([
      { href: 'blob:pluk/1', download: 'transacties-2030.xlsx', rel: 'noopener', attached: true },
    ]);
    expect(document.querySelector('a[download]')).toBeNull();
    // Still there while the browser starts the download; gone after.
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(revoke).toHaveBeenCalledWith('blob:pluk/1');
  });
});
