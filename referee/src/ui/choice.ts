// One option of a radio group, drawn as a tappable chip: the setup screen, the market's buyer
// and the two sides of a trade all ask "which one?" this way.
import { html, nothing, type TemplateResult } from 'lit';

export function radioChoice<T>(
  name: string,
  value: T,
  current: T | undefined,
  label: TemplateResult | string,
  set: (v: T) => void,
  hint?: string,
): TemplateResult {
  return html`<label class="choice ${value === current ? 'chosen' : ''}">
    <input type="radio" name=${name} .checked=${value === current} @change=${() => set(value)} />
    <span class="choice-label">${label}</span>
    ${hint ? html`<span class="choice-hint">${hint}</span>` : nothing}
  </label>`;
}
