// Players' phones (DESIGN §5): one QR code per country. A player scans its own country's code and
// follows its library live on its phone, read only. Shown only where there is a server to join
// through, on the banker's tablet; the one-file copy plays on without phones.
import { html, nothing, type TemplateResult } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import { countryName, possessive } from '../../../engine/index.js';
import type { TabletLink } from '../live/tablet-link.js';
import { ViewElement } from './base.js';
import { countryColour, emblem } from './emblem.js';

/** How often the panel asks which phones follow. */
const REFRESH_MS = 2_000;

export class PhonesPanel extends ViewElement {
  static override properties = { link: { attribute: false }, status: {} };
  declare link: TabletLink;
  /** The link's status, passed in so the panel redraws when it changes. */
  declare status: string;

  private timer: ReturnType<typeof setInterval> | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    // Which phones follow is learnt from each send: asked again every few seconds while the
    // codes are on screen, so a phone that joins (or leaves) shows without waiting for an action.
    this.timer = setInterval(() => void this.link?.refresh().then(() => this.requestUpdate()), REFRESH_MS);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.timer);
  }

  private explain(): TemplateResult {
    const words: Record<TabletLink['status'], string> = {
      off: this.view.data.singleFile
        ? 'This one-file copy plays on its own. For phones, run codex-conquest referee on a computer and open the address it prints on this tablet.'
        : 'To let phones join, open this page at the address that codex-conquest referee printed (it carries the banker’s key).',
      joining: 'Joining the referee’s server…',
      ready:
        'Each player scans its own country’s code with its phone’s camera. The phone shows that country’s credits, debts, books and collections, and follows the game live. Phones only look: this tablet keeps the game.',
      refused:
        'The referee’s server does not know this page’s banker link: it was restarted since this page was opened, or this is not the link it printed. Open the page again at the address it printed to let phones join.',
      lost: 'The referee’s server cannot be reached, so phones are not updated; the game goes on here as usual.',
    };
    if (this.link.status === 'ready' && this.link.thisComputerOnly)
      return html`<p>
        This referee answers this computer only, so no phone can reach it: each link below opens a country’s view in another window here.
        To let phones join, start <code>codex-conquest referee</code> without <code>--host</code>, on a computer on the players’ Wi-Fi, and open the address it prints.
      </p>`;
    return html`<p class=${this.link.status === 'ready' ? '' : 'subtle'}>${words[this.link.status]}</p>`;
  }

  override render(): TemplateResult {
    const { game, state, data } = this.view;
    const ready = this.link.status === 'ready';
    return html`<section class="phones" aria-labelledby="phones-title">
      <h3 id="phones-title">Players’ phones</h3>
      ${this.explain()}
      ${
        ready
          ? html`<ul class="phone-codes">
            ${state.table.players.map((c) => {
              const url = this.link.phones[c];
              if (!url) return nothing;
              const following = this.link.following.includes(c);
              return html`<li class="phone-code" data-country=${c} style=${styleMap({ '--country': countryColour(game, c) })}>
                <h4>${emblem(game, data.icons, c)} ${countryName(game, c)}</h4>
                ${
                  // No phone can reach a referee that answers this computer only: no code to scan.
                  this.link.thisComputerOnly
                    ? nothing
                    : html`<img class="qr" src=${`live/qr.svg?text=${encodeURIComponent(url)}`} alt=${`QR code for ${possessive(countryName(game, c))} phone`} />`
                }
                <a class="phone-link" href=${url} target="_blank" rel="noopener noreferrer">Link for ${possessive(countryName(game, c))} phone</a>
                <span class="subtle">${following ? 'A phone is following' : 'No phone yet'}</span>
              </li>`;
            })}
          </ul>`
          : nothing
      }
    </section>`;
  }
}

customElements.define('cc-phones', PhonesPanel);
