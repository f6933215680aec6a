/**
 * Hands a blob to the browser as a download under `name`: the one way the app saves a file it fetched or made
 * (data exports, the editor's content file, the calibration file). An object so tests can watch `save`.
 */
export const saver = {
  save(blob: Blob, name: string): void {
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    // The click has handed the blob to the download; the address can go once this task ends.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  },
};

/** Saves a value as pretty-printed JSON. */
export function saveJson(value: unknown, name: string): void {
  saver.save(new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' }), name);
}
