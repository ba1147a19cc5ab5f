// The "Import a saved game…" button of the setup screen and the Game tab: it reads the JSON file
// a banker picked and hands its text to the page, which checks it.
import { html, type TemplateResult } from 'lit';
function readImportFile(e: Event, host: EventTarget): void {
  const input = e.target as HTMLInputElement;
  const file = input.files?.[0];
  input.value = '';
  if (!file) return;
  void file.text().then((text) => host.dispatchEvent(new CustomEvent<string>('referee-import', { detail: text, bubbles: true })));
}

/** The button; `inputClass` marks its file input for tests and styles. */
export function importButton(host: EventTarget, inputClass = ''): TemplateResult {
  return html`<label class="button big file-button">
    Import a saved game…
    <input type="file" accept="application/json,.json" class="visually-hidden ${inputClass}" @change=${(e: Event) => readImportFile(e, host)} />
  </label>`;
}
