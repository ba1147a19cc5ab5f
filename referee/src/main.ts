import { LitElement, html } from 'lit';
class CodexReferee extends LitElement {
  protected override createRenderRoot() { return this; }
  override render() { return html`<h1>Referee</h1>`; }
}
customElements.define('codex-referee', CodexReferee);
