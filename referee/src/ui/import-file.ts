// The "Import a saved game…" button of the setup screen and the Game tab: it reads the JSON file
// a banker picked and hands its text to the page, which checks it. The bytes are read as
// `codex-conquest replay` reads them (UTF-8 or UTF-16, with or without a byte-order mark), so the
// page and the command open the same files.
import { html, type TemplateResult } from 'lit';
import { savedGameText } from '../../../engine/index.js';

function readImportFile(e: Event, host: EventTarget): void {
  const input = e.target as HTMLInputElement;
  const file = input.files?.[0];
  input.value = '';
  if (!file) return;
  void file
    .arrayBuffer()
    .then((bytes) => host.dispatchEvent(new CustomEvent<string>('referee-import', { detail: savedGameText(new Uint8Array(bytes)), bubbles: true })));
}

/** The button; `inputClass` marks its file input for tests and styles. */
export function importButton(host: EventTarget, inputClass = ''): TemplateResult {
  return html`<label class="button big file-button">
    Import a saved game…
    <input type="file" accept="application/json,.json" class="visually-hidden ${inputClass}" @change=${(e: Event) => readImportFile(e, host)} />
  </label>`;
}
