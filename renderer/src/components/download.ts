/**
 * Saves text as a file through the browser's own download (an object URL on an `<a download>`),
 * so it works the same in a browser tab and in the Electron window.
 */
export function downloadText(filename: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The download has taken the blob by the next tick; keeping the URL longer only leaks memory.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
