// Reads the JSON file a banker picked to import and hands its text to the page, which checks it.
export function readImportFile(e: Event, host: EventTarget): void {
  const input = e.target as HTMLInputElement;
  const file = input.files?.[0];
  input.value = '';
  if (!file) return;
  void file.text().then((text) => host.dispatchEvent(new CustomEvent<string>('referee-import', { detail: text, bubbles: true })));
}
