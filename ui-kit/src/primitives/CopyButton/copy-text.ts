/**
 * Puts `text` on the clipboard: the Clipboard API where the page may use it (a secure context), else the
 * older copy command on a hidden text area (a console served over plain http on a LAN address). Answers
 * whether it worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, no focus): try the copy command below.
  }
  if (typeof document === 'undefined') return false;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  const active = document.activeElement as HTMLElement | null;
  document.body.appendChild(area);
  area.select();
  let copied = false;
  try {
    copied = typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  active?.focus?.();
  return copied;
}
